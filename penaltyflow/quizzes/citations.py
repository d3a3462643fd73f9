"""The clauses a question cites, read from its teaching text. No Django here.

A citation is "Law 50D2(a)" or a list after "Laws": "Laws 56B, 50B", "Laws 50D2(a) and 59".
Any law of the Laws of Duplicate Bridge may be cited (Law 16, 45C2, 47E1, 58B2, 60A1,
64B3, 68, ...), never a bare number that is not preceded by "Law": "trick 13" and
"footnote 17" are not citations.
"""

from __future__ import annotations

import re

from penaltyflow.engine.core.laws import LAW_NUMBERS

# One reference: the law's number, then its clause, sub-clause and item, each optional:
# 50, 50D, 50D2, 50D2(a), 57A(1).
REF = r"\d{1,2}(?:[A-H](?:\d{1,2})?(?:\([a-z0-9]\))?)?"
_LIST = re.compile(rf"\bLaws?\s+({REF}(?:\s*(?:,|and|or)\s*{REF})*)")
_ONE = re.compile(REF)


def cited(text: str) -> list[str]:
    """Every clause the text cites, in the order it cites them, each once."""
    found = []
    for m in _LIST.finditer(text or ""):
        found += _ONE.findall(m.group(1))
    return list(dict.fromkeys(found))


def cites_of(law: str, text: str) -> list[str]:
    """A question's citations: its own law first, then every clause its text cites."""
    return list(dict.fromkeys([law, *cited(text)]))


def law_number(ref: str) -> str:
    """'50D2(a)' -> '50'."""
    m = re.match(r"\d+", ref)
    return m.group(0) if m else ref


# The laws a learner picks a quiz by: every law taught (engine/core/laws.py).
QUIZ_LAWS = LAW_NUMBERS
