"""Calls as the auction writes them: "1H", "3NT", "8C", "pass", "X", "XX" (Law 18).

A call is kept as its normal text (bids and X / XX in upper case, "pass" in lower case),
so what the scenario gave is what the output shows. Denominations use the cards'
strain numbers (S H D C = 0..3, NT = 4); `rank` orders bids for sufficiency (Law 18E:
notrump, spades, hearts, diamonds, clubs, in descending order).
"""

from __future__ import annotations

from ..core.cards import NT
from ..core.vocab import SUITS

PASS, DOUBLE, REDOUBLE = "pass", "X", "XX"
MAX_LEVEL = 7  # Law 18A; a bid of more than seven is Law 38's


class CallError(ValueError):
    """Text that is not a call."""


def parse_call(text: object) -> str:
    """'1h', '3nt', 'Pass', 'x', '8C' -> the call's normal text; anything else is an error."""
    if not isinstance(text, str):
        raise CallError(
            f"{text!r} is not a call: write a bid like '1H' or '3NT', or 'pass', 'X' or 'XX'."
        )
    t = text.strip().upper()
    if t == "PASS":
        return PASS
    if t in (DOUBLE, REDOUBLE):
        return t
    digits = len(t) - len(t.lstrip("0123456789"))
    level, strain = t[:digits], t[digits:]
    if level and int(level) >= 1 and (strain == "NT" or (len(strain) == 1 and strain in SUITS)):
        return f"{int(level)}{strain}"
    raise CallError(
        f"{text!r} is not a call: write a bid like '1H' or '3NT', or 'pass', 'X' or 'XX'."
    )


def is_bid(call: str) -> bool:
    return call[0].isdigit()


def level(call: str) -> int:
    return int(call.rstrip("CDHSNT"))


def strain(call: str) -> int:
    """0..3 for S H D C, NT (4) for notrump: the denomination the bid names."""
    tail = call.lstrip("0123456789")
    return NT if tail == "NT" else SUITS.index(tail)


def rank(call: str) -> int:
    """A bid's place in the ladder: a bid supersedes every bid of lower rank (Law 18B)."""
    s = strain(call)
    return level(call) * 5 + (4 if s == NT else 3 - s)


def bid_text(lvl: int, s: int) -> str:
    return f"{lvl}{'NT' if s == NT else SUITS[s]}"


def lowest_sufficient(last: str | None, s: int) -> str | None:
    """The lowest bid in denomination `s` that supersedes `last` (None if above seven)."""
    for lvl in range(1, MAX_LEVEL + 1):
        bid = bid_text(lvl, s)
        if last is None or rank(bid) > rank(last):
            return bid
    return None
