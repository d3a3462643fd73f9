"""The laws PenaltyFlow teaches, in one list. Plain Python, no Django.

Every app reads them from here: the quizzes (the laws a learner picks a round by, the
clauses a statement may test), the lesson builder's law filter, the site's tagline and
description, the web app manifest. Adding a law is one line in `PARTS`, with its topic.
"""

from __future__ import annotations

import re

from .vocab import word_list

# The stretches of the 2017 Laws taught here, in the order of the Laws: (first, last, topic).
PARTS: tuple[tuple[int, int, str], ...] = (
    (24, 32, "irregularities in the auction"),
    (35, 39, "inadmissible calls"),
    (48, 57, "penalty cards, leads out of turn"),
    (61, 64, "revokes"),
)

LAWS: tuple[int, ...] = tuple(n for first, last, _ in PARTS for n in range(first, last + 1))
"""Every law taught, as numbers, in order."""

LAW_NUMBERS: tuple[str, ...] = tuple(str(n) for n in LAWS)
"""The same, as the text a quiz or a filter names a law by: '48', ..., '64'."""

# A clause of a law taught (match it whole): 50, 50D, 50D2, 50D2(a), 64B7.
CLAUSE = re.compile(rf"(?:{'|'.join(LAW_NUMBERS)})(?:[A-H][0-9A-Za-z()]*)?")


def span(dash: str = "–", joiner: str = ", ") -> str:
    """'48–57, 61–64': the stretches taught, for a tagline."""
    return joiner.join(f"{a}{dash}{b}" if a != b else str(a) for a, b, _ in PARTS)


def topics() -> str:
    """'penalty cards, leads out of turn and revokes': what the laws taught are about."""
    return word_list([t for _, _, t in PARTS])


# When the irregularity a law deals with comes to light, in the order of a deal: the home page
# and the map group the charts by it. A revoke (Laws 61 to 64) is made during the play, but is
# often found only after it, and an established revoke is adjusted when play ends (64): revokes
# stand in a group of their own.
STAGES: tuple[tuple[str, str, int, int], ...] = (
    ("auction", "During the auction", 17, 39),
    ("play", "During the play", 41, 60),
    ("after", "During or after the play: revokes", 61, 64),
)


# What the home page says under a group's heading, where the grouping needs a word.
STAGE_NOTES: dict[str, str] = {
    "after": (
        "A revoke is made during the play, but it is often found only later, and an "
        "established revoke is adjusted when play ends (Law 64)."
    ),
}


def stage_of(law: int) -> tuple[str, str] | None:
    """('auction', 'During the auction'): the group of the law numbered `law`; None for a
    law in none of them."""
    for key, heading, first, last in STAGES:
        if first <= law <= last:
            return key, heading
    return None
