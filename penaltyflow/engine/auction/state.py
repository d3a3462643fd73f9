"""The state of the auction: the calls so far, whose turn it is, who must pass, what is
pending, and what the auction will leave to the play (Laws 17 to 39).

`Auction` holds data and answers questions about it (Law 18 sufficiency, Law 19
admissibility, Law 22 end, the contract and declarer); its moves are in `rules.py`,
its words in `text.py`. Seats are ints 0..3 (N E S W), as in the play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.cards import CARD_NAMES, partner
from ..core.vocab import SEATS, SUITS, Option
from .calls import DOUBLE, PASS, is_bid, rank, strain

VULNERABLE = {"none": "None", "ns": "NS", "ew": "EW", "all": "All"}


class AuctionError(ValueError):
    """An auction move that cannot be applied; the message is meant for the learner."""


@dataclass(slots=True)
class Entry:
    """One call as made, and what the Laws made of it."""

    seat: int
    call: str
    status: str = "pending"  # stands | pending | withdrawn | cancelled (stands once ruled)
    law: str | None = None
    deemed: bool = False  # a pass the Laws deem made (28A)
    artificial: bool = False  # the Director's judgement (27B1(a), 29C, 30C, 26B)
    comparable: bool = False  # the Director's judgement (23A)
    out_of_rotation: bool = False  # accepted out of rotation (29A): 17D3 watches it

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": SEATS[self.seat], "call": self.call, "status": self.status}
        if self.law is not None:
            out["law"] = self.law
        if self.deemed:
            out["deemed"] = True
        return out


@dataclass(slots=True)
class Decision:
    """A decision the Laws give `decider` (the offender's LHO) before the auction goes on."""

    situation: str  # insufficient | premature | rotation | rotation_inadmissible | inadmissible
    decider: int
    law: str
    options: list[Option]
    offender: int
    entry: int  # index in `calls` of the call the decision is about
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"decider": SEATS[self.decider], "law": self.law, "options": self.options}


@dataclass(slots=True)
class Replacing:
    """A call the offender owes: a replacement (27B), a second one (27B3, 27B4) or a
    substitute (36B). `entry` is the insufficient bid a first replacement replaces."""

    seat: int
    owes: str  # 27B (a replacement) | again (a second one, 27B3-4) | 36B (a substitute)
    law: str
    entry: int = -1


@dataclass(slots=True)
class Watch:
    """After a call out of rotation is cancelled: what the next call of `seat` brings."""

    seat: int  # the RHO whose call decides (31A, 32A), or the offender whose call is ruled
    offender: int
    law_a: str  # the clause when it is comparable (or the RHO's pass: the repeat's clause)
    law_b: str  # the clause that bars partner
    entry: int = -1  # the cancelled call (for the repeat)


class Auction:
    def __init__(self, hands: tuple[int, int, int, int], dealer: int, vulnerable: str = "None"):
        self.hands = hands
        self.dealer = dealer
        self.vulnerable = vulnerable
        self.calls: list[Entry] = []
        self.turn: int | None = dealer  # Law 17B
        self.pending: Decision | None = None
        self.bars: dict[int, tuple[str, str]] = {}  # seat -> (until, law)
        self.required: tuple[int, str, str, bool] | None = None  # seat, call, law, artificial
        self.replacing: Replacing | None = None
        self.watch: Watch | None = None
        self.exposed: list[tuple[int, int, bool]] = []  # seat, card, led (Law 24)
        self.offenders: dict[int, str] = {}  # Law 26B may apply: offender -> clause
        self.over = False
        self.passed_out = False
        self.declarer = -1
        self.notes: list[str] = []
        self.log: list[tuple[int, str]] = []
        self.moves = 0

    def clone(self) -> Auction:
        """An independent copy (what a Law 25A change goes back to). Built by hand: the
        board takes one before every call."""
        a = Auction.__new__(Auction)
        a.__dict__.update(self.__dict__)
        a.calls = [
            Entry(e.seat, e.call, e.status, e.law, e.deemed, e.artificial, e.comparable,
                  e.out_of_rotation)
            for e in self.calls
        ]  # fmt: skip
        a.bars = dict(self.bars)
        a.exposed = self.exposed[:]
        a.offenders = dict(self.offenders)
        a.notes = self.notes[:]
        a.log = self.log[:]
        p = self.pending
        if p is not None:
            a.pending = Decision(
                p.situation, p.decider, p.law, p.options, p.offender, p.entry, dict(p.extra)
            )
        return a

    # --- the legal auction ------------------------------------------------------

    def standing(self) -> list[Entry]:
        return [e for e in self.calls if e.status == "stands"]

    def last_bid(self) -> str | None:
        for e in reversed(self.calls):
            if e.status == "stands" and is_bid(e.call):
                return e.call
        return None

    def sufficient(self, call: str) -> bool:
        """Law 18C: does the bid supersede the last bid of the legal auction?"""
        last = self.last_bid()
        return last is None or rank(call) > rank(last)

    def permitted(self, seat: int, call: str) -> bool:
        """Law 19A1 / 19B1: may `seat` double (redouble) now?"""
        for e in reversed(self.calls):
            if e.status != "stands" or e.call == PASS:
                continue
            opponent = (e.seat - seat) & 1 == 1
            if call == DOUBLE:
                return opponent and is_bid(e.call)
            return opponent and e.call == DOUBLE
        return False

    def has_called(self, seat: int) -> bool:
        return any(e.seat == seat and e.status == "stands" for e in self.calls)

    def contract(self) -> str | None:
        """The last bid with any double or redouble after it; None before the end (22)."""
        if not self.over or self.passed_out:
            return None
        doubled = ""
        for e in reversed(self.calls):
            if e.status != "stands" or e.call == PASS:
                continue
            if is_bid(e.call):
                return e.call + doubled
            if not doubled:
                doubled = e.call
        return None  # pragma: no cover - an auction over, not passed out, has a bid

    def find_declarer(self) -> int:
        """The player of the contract's side who first named its denomination."""
        last = self.last_bid()
        assert last is not None
        side = next(e.seat for e in reversed(self.calls) if e.status == "stands" and e.call == last)
        for e in self.calls:
            if (
                e.status == "stands"
                and is_bid(e.call)
                and (e.seat - side) & 1 == 0
                and strain(e.call) == strain(last)
            ):
                return e.seat
        return side  # pragma: no cover

    def specified(self, seat: int) -> int:
        """Suit bits `seat` has specified in the legal auction (26B): the suits of his
        standing bids not flagged artificial."""
        bits = 0
        for e in self.calls:
            if e.seat == seat and e.status == "stands" and is_bid(e.call) and not e.artificial:
                s = strain(e.call)
                if s < 4:
                    bits |= 1 << s
        return bits

    def lead_bans(self) -> list[tuple[int, int, int]]:
        """(offender's partner, offender, suits he may be forbidden) for each offender
        with a withdrawn call not replaced by a comparable one (26B)."""
        return [(partner(o), o, 15 & ~self.specified(o)) for o in self.offenders]

    # --- output -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": SEATS[self.dealer],
            "vulnerable": self.vulnerable,
            "calls": [e.to_json() for e in self.calls],
            "to_call": SEATS[self.turn] if self.turn is not None and not self.pending else None,
            "over": self.over,
            "passed_out": self.passed_out,
            "barred": [
                {"seat": SEATS[s], "until": self.bars[s][0], "law": self.bars[s][1]}
                for s in sorted(self.bars)
            ],
            "required_call": (
                None
                if self.required is None
                else {
                    "seat": SEATS[self.required[0]],
                    "call": self.required[1],
                    "law": self.required[2],
                }
            ),
            "exposed": [
                {"seat": SEATS[s], "card": CARD_NAMES[c], "led": led}
                for s, c, led in ([] if self.over else self.exposed)
            ],
        }

    def lead_bans_json(self) -> list[dict[str, str]]:
        return [
            {
                "seat": SEATS[s],
                "offender": SEATS[o],
                "suits": "".join(SUITS[i] for i in range(4) if bits >> i & 1),
                "law": "26B",
            }
            for s, o, bits in self.lead_bans()
        ]


__all__ = ["Auction", "AuctionError", "Decision", "Entry", "Replacing", "VULNERABLE", "Watch"]
