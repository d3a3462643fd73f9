"""The auction as bridge players read it, as plain data for `hands/_auction.html`.

Four columns, West North East South, the first call in the dealer's column with blanks
before it; each call as players write it ("1♥", "Pass", "Dbl", "Rdbl") with its full
words for a screen reader ("One heart"). A call the Laws took away (withdrawn,
cancelled) stays in its cell, struck through, with its clause; the same player's next
call at that turn joins it in the cell. Under the calls: who must pass and for how
long, the call a player owes, whose turn it is.

`auction_view(board)` builds it from the engine's `Auction`; `hide_ruling(view)` is the
same auction at the moment before a ruling (no clause, no bar, no owed call).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from penaltyflow.engine.auction import Auction
from penaltyflow.engine.auction.text import pending_text
from penaltyflow.engine.core.vocab import SEATS, call_label, call_spoken, seat_name

__all__ = ["COLUMNS", "AuctionView", "CallView", "auction_view", "hide_ruling", "irregular_words"]

COLUMNS = "WNES"  # as every score sheet and bidding box draws them

# What made a call irregular, in plain words (the engine's pending decision, or the clause
# that ruled it).
PENDING_WORDS = {
    "insufficient": "insufficient",
    "premature": "replaced before the ruling",
    "rotation": "out of rotation",
    "rotation_inadmissible": "out of rotation, not permitted",
}
INADMISSIBLE_WORDS = {
    "36": "a double or redouble not permitted",
    "37": "by a player who must pass",
    "38": "above seven",
    "39": "after the final pass",
}
STANDING_WORDS = {
    "27A1": "insufficient, accepted",
    "37A": "by a player who had to pass; the next player called over it",
}
STATUS_WORDS = {"withdrawn": "withdrawn", "cancelled": "cancelled", "pending": "awaiting a ruling"}
VULNERABLE_WORDS = {
    "None": "nobody",
    "NS": "North–South",
    "EW": "East–West",
    "All": "both sides",
}


@dataclass
class CallView:
    seat: str  # "E"
    label: str  # "1♦", "Pass"
    spoken: str  # "One diamond"
    status: str  # stands | pending | withdrawn | cancelled
    law: str  # the clause that ruled it ("" when none)
    irregular: str  # what was wrong with it, in words ("" for a regular call)
    deemed: bool = False  # a pass the Laws deem made (28A)

    @property
    def struck(self) -> bool:
        return self.status in ("withdrawn", "cancelled")

    @property
    def status_words(self) -> str:
        return STATUS_WORDS.get(self.status, "")

    @property
    def note(self) -> str:
        """The small line under the call: what was wrong, what became of it, the clause."""
        parts = [self.irregular, self.status_words, "deemed made" if self.deemed else ""]
        parts.append(f"Law {self.law}" if self.law else "")
        return ", ".join(p for p in parts if p)


@dataclass
class Cell:
    calls: list[CallView] = field(default_factory=list)
    to_call: bool = False  # the call still to come: whose turn it is


@dataclass
class AuctionView:
    dealer: str  # "North"
    vulnerable: str  # "nobody", "North–South"
    columns: list[str]  # the seat names, West first
    rows: list[list[Cell]]
    over: bool
    passed_out: bool
    to_call: str  # "South"; "" while a decision is due or once the auction is over
    waiting: str  # the pending decision, in words ("" when none)
    barred: list[str]  # "West must pass at his next turn (Law 30A)"
    required: str  # "East must repeat his call, One heart (Law 31A1)"
    contract: str  # "4H" once over (not passed out)
    declarer: str  # "South"
    ruled: bool = True

    @property
    def irregular(self) -> list[tuple[str, CallView]]:
        """(seat name, call) for every call marked irregular, for the line under the table."""
        return [
            (seat_name(c.seat), c) for row in self.rows for cell in row for c in cell.calls
            if c.irregular
        ]  # fmt: skip


def irregular_words(a: Auction, index: int) -> str:
    """What made call `index` irregular, in words ("" for a regular call)."""
    e = a.calls[index]
    p = a.pending
    if e.status == "pending" and p is not None:
        if p.situation == "inadmissible":
            return INADMISSIBLE_WORDS.get(p.law, "")
        if p.entry == index or p.situation != "premature":
            return PENDING_WORDS.get(p.situation, "")
        return "insufficient"  # the bid a premature replacement (27C) replaced
    if e.status == "stands":
        if e.out_of_rotation:
            return "out of rotation, accepted"
        return STANDING_WORDS.get(e.law or "", "")
    if e.status == "withdrawn" and e.law == "27B":
        return "insufficient"
    if e.law in ("29B", "28B"):
        return "out of rotation"
    if e.law == "27B4":
        return "insufficient"
    if e.law in ("36B", "37B", "38B", "39A"):
        return {"36B": "not permitted", "37B": "by a player who must pass"}.get(e.law, "")
    return ""


def auction_view(a: Auction) -> AuctionView:
    """The auction `a` as the table draws it."""
    rows: list[list[Cell]] = [[Cell() for _ in COLUMNS]]
    last_col = COLUMNS.index(SEATS[a.dealer]) - 1  # blanks before the dealer's column
    previous = None
    for i, e in enumerate(a.calls):
        seat = SEATS[e.seat]
        call = CallView(
            seat=seat,
            label=call_label(e.call),
            spoken=call_spoken(e.call),
            status=e.status,
            law=e.law or "",
            irregular=irregular_words(a, i),
            deemed=e.deemed,
        )
        col = COLUMNS.index(seat)
        same_turn = previous is not None and previous.seat == seat and previous.status != "stands"
        if not same_turn and col <= last_col:
            rows.append([Cell() for _ in COLUMNS])
        rows[-1][col].calls.append(call)  # the same player again at one turn shares the cell
        last_col, previous = col, call
    to_call = a.turn if a.turn is not None and a.pending is None and not a.over else None
    if to_call is not None:
        col = COLUMNS.index(SEATS[to_call])
        if col <= last_col:
            rows.append([Cell() for _ in COLUMNS])
        rows[-1][col].to_call = True
    barred = []
    for s, (until, law) in sorted(a.bars.items()):
        when = "for the rest of the auction" if until == "auction_end" else "at his next turn"
        barred.append(f"{seat_name(s)} must pass {when} (Law {law})")
    required = ""
    if a.required is not None:
        owes, owed, clause, _ = a.required
        required = f"{seat_name(owes)} must repeat his call, {call_spoken(owed)} (Law {clause})"
    contract = a.contract() or ""
    return AuctionView(
        dealer=seat_name(a.dealer),
        vulnerable=VULNERABLE_WORDS.get(a.vulnerable, a.vulnerable),
        columns=[seat_name(s) for s in COLUMNS],
        rows=rows,
        over=a.over,
        passed_out=a.passed_out,
        to_call=seat_name(to_call) if to_call is not None else "",
        waiting=pending_text(a) if a.pending is not None else "",
        barred=barred,
        required=required,
        contract=contract,
        declarer=seat_name(a.declarer) if contract else "",
    )


def hide_ruling(view: AuctionView) -> AuctionView:
    """The auction at the moment before a ruling: every call where it was made, struck
    through if it was taken back, but no clause, no bar and no call owed: what the
    question asks about is not answered by the table."""
    hidden = copy.deepcopy(view)
    hidden.ruled = False
    hidden.barred = []
    hidden.required = ""
    if hidden.waiting:
        hidden.waiting = "The Director is called."
    for row in hidden.rows:
        for cell in row:
            for call in cell.calls:
                call.law = ""
    return hidden
