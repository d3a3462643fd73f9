"""A deal from the first call: the auction (`engine.auction`), then the play (`Table`).

The scenario entry point's top layer: it imports both phases and carries what the
auction leaves into the play on the same deal (Laws 24D, 24E, 26B, 39), so neither
phase imports the other. A scenario that starts at the opening lead is a board with
no auction. Event indexes are kept as the move numbers of both phases, so every
note in the log names the event that brought it.
"""

from __future__ import annotations

from typing import Any

from .auction import exposed, rules
from .auction import text as auction_text
from .auction.state import Auction
from .core.cards import CARD_NAMES, parse_contract, sorted_cards, suits_text
from .core.vocab import SEAT_NAMES, SEATS
from .play.pending import EngineError
from .play.table import Table

CALL_AFTER_LEAD = "The opening lead has been faced: the auction period is over (Law 17D1)."
NO_PLAY_YET = "The auction is not over: no card may be played yet."
NO_AUCTION = (
    "This scenario starts at the opening lead (it gives a contract): a call needs a "
    "scenario with 'dealer' instead."
)


class Board:
    def __init__(
        self,
        hands: tuple[int, int, int, int],
        auction: Auction | None = None,
        table: Table | None = None,
        declarer_saw_dummy: bool = False,
    ) -> None:
        self.hands = hands
        self.auction = auction
        self.table = table
        self.saw = declarer_saw_dummy
        self.undo: tuple[int, str, Auction] | None = None  # seat, call, auction before
        self.play_started = False
        self.notes: list[str] = []  # the last auction event's notes
        self.auction_last = False  # was the last event the auction's (else the table's)
        self.log: list[tuple[int, str]] = []  # what the auction left to the play

    # --- the auction's events ---------------------------------------------------------

    def _auction(self) -> Auction:
        if self.auction is None:
            raise EngineError(NO_AUCTION)
        return self.auction

    def call(self, i: int, seat: int | None, call: str, comparable: bool, artificial: bool) -> None:
        a = self._auction()
        if self.play_started:
            raise EngineError(CALL_AFTER_LEAD)
        if seat is None:
            if a.turn is None or a.pending is not None or a.over:
                raise EngineError("Nobody is to call now: a call needs its 'seat'.")
            seat = a.turn
        before = a.clone()
        a.moves = i
        rules.call(a, seat, call, comparable, artificial)
        self.undo = (seat, call, before)
        self._after_auction_move(i)

    def change(
        self, i: int, seat: int, call: str, unintended: bool, comparable: bool, artificial: bool
    ) -> None:
        a = self._auction()
        if not unintended:
            raise EngineError(
                "A change of call the Director has not judged unintended (Law 25B) is not "
                'modelled: write "unintended": true for a Law 25A change.'
            )
        if self.play_started:
            raise EngineError(
                "The opening lead has been faced: no call may be changed (Laws 25A5, 17D)."
            )
        if not any(e.seat == seat for e in a.calls):
            raise EngineError(f"{SEAT_NAMES[seat]} has made no call to change.")
        if self.undo is None or self.undo[0] != seat:
            raise EngineError(
                "A change of an unintended call is modelled only as the event right after "
                "that call, before anyone else calls or anything is decided (Law 25A; "
                "Law 25A6 is not modelled)."
            )
        _, old, before = self.undo
        if before.over:
            raise EngineError(
                "A call after the final pass is cancelled (Law 39A): changing it is not modelled."
            )
        a.moves = i
        self.auction = exposed.change(a, before, seat, old, call, comparable, artificial)
        self.table = None  # an unintended final pass reopens the auction (25A5)
        self.log = []  # and what it had left to the play is gone
        self.undo = None
        self._after_auction_move(i)

    def expose(self, i: int, seat: int, card: int, led: bool) -> None:
        """A card exposed during the auction (Law 24)."""
        a = self._auction()
        a.moves = i
        exposed.expose(a, seat, card, led)
        self.undo = None
        self.notes = a.notes[:]
        self.auction_last = True

    def decide(self, i: int, option: str) -> None:
        a = self._auction()
        a.moves = i
        rules.decide(a, option)
        self.undo = None
        self._after_auction_move(i)

    def _after_auction_move(self, i: int) -> None:
        a = self._auction()
        self.notes = a.notes[:]
        self.auction_last = True
        if not a.over or a.passed_out:
            return
        if self.table is None:
            self._start_play(i)
            return
        t = self.table  # a call after the final pass, rectified under 39C, adds a 26B due
        t.moves = i
        t.after_auction([], self._bans())
        t.moves = i + 1
        self.notes += t.notes

    def _bans(self) -> list[tuple[int, int, int]]:
        return [b for b in self._auction().lead_bans() if b[2]]

    def _start_play(self, i: int) -> None:
        """The auction is over: the play begins on the same deal (Laws 24D, 24E, 26B)."""
        a = self._auction()
        contract = a.contract()
        assert contract is not None
        level, strain = parse_contract(contract)
        doubled = contract[len(contract.rstrip("X")) :]
        t = Table(self.hands, strain, a.declarer, level, doubled, declarer_saw_dummy=self.saw)
        t.moves = i
        penalties = []
        for seat, card, led in a.exposed:
            if t.is_defender(seat):
                penalties.append((seat, card, led))
                words = auction_text.penalty_card_after_auction(seat, card)
            else:
                words = auction_text.picked_up(seat, card)
            self.notes.append(words)
            self.log.append((i, words))
        t.after_auction(penalties, self._bans())
        t.moves = i + 1
        self.notes += t.notes
        self.table = t

    # --- the play's events --------------------------------------------------------------

    def play_table(self, i: int, verb: str) -> Table:
        """The table a play-period event applies to (event `i`, verb `verb`)."""
        a = self.auction
        if self.table is None:
            assert a is not None
            raise EngineError(auction_text.PASSED_OUT if a.passed_out else NO_PLAY_YET)
        if a is not None and a.pending is not None and verb != "expose":
            raise EngineError(auction_text.pending_text(a))
        self.undo = None
        self.auction_last = False
        self.table.moves = i
        if verb == "play":
            self.play_started = True
        return self.table

    # --- output ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        a, t = self.auction, self.table
        if t is None:
            assert a is not None
            out = _during_auction(self.hands, a)
            standing = [n for n in auction_text.standing_notes(a) if n not in self.notes]
            out["notes"] = self.notes + standing
        else:
            out = t.to_json()
            if a is not None:
                if self.auction_last:
                    out["notes"] = self.notes + t.state_notes()
                if a.pending is not None:
                    out["pending"] = a.pending.to_json()
                    out["to_play"] = None
                    out["legal"] = []
                    out["notes"].append(auction_text.pending_text(a))
        if a is not None:
            log = sorted(a.log + self.log + (t.log if t is not None else []), key=lambda x: x[0])
            out["log"] = [{"event": n, "note": words} for n, words in log]
        out["auction"] = None if a is None else a.to_json()
        out["lead_restrictions_due"] = _due(a, t)
        return out


def _due(a: Auction | None, t: Table | None) -> list[dict[str, str]]:
    """Law 26B prohibitions declarer still has to offer: during the auction every offender
    (it applies if he becomes a defender); after it, those that apply, until chosen."""
    if a is None:
        return []
    if not a.over:
        return a.lead_bans_json()
    bans = t.lead_bans if t is not None else []
    return [
        {"seat": SEATS[s], "offender": SEATS[o], "suits": suits_text(bits), "law": "26B"}
        for s, o, bits in bans
    ]


def _during_auction(hands: tuple[int, int, int, int], a: Auction) -> dict[str, Any]:
    """The play fields with their empty values while there is no play."""
    return {
        "ok": True,
        "contract": None,
        "declarer": None,
        "dummy": None,
        "trick": 1,
        "leader": None,
        "current_trick": [],
        "tricks_won": {"NS": 0, "EW": 0},
        "to_play": None,
        "pending": a.pending.to_json() if a.pending is not None else None,
        "penalty_cards": [],
        "lead_restriction": None,
        "play_restriction": None,
        "legal": [],
        "notes": [],
        "finished": False,
        "committed_cards": [],
        "hands": {SEATS[s]: [CARD_NAMES[c] for c in sorted_cards(hands[s])] for s in range(4)},
        "tricks": [],
        "revokes": [],
        "tricks_adjusted": None,
        "log": [],
    }


__all__ = ["Board"]
