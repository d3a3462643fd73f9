"""The state of play at the table, below the rules: what `legal.py`, `leads.py`,
`decisions.py`, `revoke.py`, `output.py` and the words in `words/` read and change.

`TableState` holds a deal in progress (hands as bitmasks, the trick in progress, tricks
won, penalty cards, restrictions, at most one pending decision, the revokes) with the
helpers that need no rule; `Table` (table.py) is a `TableState` with the moves. The
rules take a `TableState` and import this module; `Table` imports the rules; nothing
imports back up.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from ..core.cards import CARD_NAMES, NT, partner, sorted_cards
from ..core.vocab import SEATS, SUITS
from .pending import Pending


@dataclass(slots=True)
class Revoke:
    seat: int
    trick: int  # the trick number, 1 to 13
    suit: int  # the suit led to that trick
    card: int  # the card that revoked
    rule: str  # "44" (did not follow suit), "restriction" (50D2, 51B, 57A), "67B1" (no card)
    status: str = "open"  # open | corrected | established
    transfer: int | None = None
    law: str | None = None
    due: int | None = None  # what Law 64A gives this revoke before the cap (module doc)
    # What the offender's play undid, for a correction: the lead required of him (50D2(a),
    # 51B), a card he had committed (57D) or that declarer designated (51A), and the
    # revoked card's own penalty-card kind if it was one (None: it was not).
    lead_req: tuple[int, int] | None = None
    committed: int = -1
    designated: int = -1
    was_major: bool | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": SEATS[self.seat],
            "trick": self.trick,
            "suit": SUITS[self.suit],
            "card": CARD_NAMES[self.card],
            "status": self.status,
            "transfer": self.transfer,
            "law": self.law,
        }


class TableState(ABC):
    """A deal in play: what the rules read and change. `Table` (table.py) adds the public
    moves; the four moves below that the rules call back are its own (it implements them
    with the rules this class never imports)."""

    def __init__(
        self,
        hands: Sequence[int],
        strain: int,
        declarer: int,
        level: int = 0,
        doubled: str = "",
        declarer_saw_dummy: bool = False,
    ) -> None:
        self.deal = tuple(hands)
        self.hands = list(hands)
        self.level = level
        self.strain = strain  # 0..3 suit, NT = 4
        self.doubled = doubled
        self.declarer = declarer
        self.dummy = partner(declarer)
        self.declarer_saw_dummy = declarer_saw_dummy
        self.trick_no = 1
        self.leader = (declarer + 1) & 3  # Law 41: the opening leader is declarer's LHO
        self.trick: list[tuple[int, int]] = []  # (seat, card) in the order played
        self.played_seats = 0  # bit per seat that has played to the trick in progress
        self.led_suit = -1
        self.won = [0, 0]  # NS, EW
        self.tricks: list[tuple[int, list[tuple[int, int]], int]] = []  # (leader, cards, winner)
        self.pen_mask = [0, 0, 0, 0]  # penalty cards face up before each defender
        self.major_mask = 0  # which penalty cards are major
        self.committed = [-1, -1, -1, -1]  # Law 57D: a card that must be played at his turn
        self.designated = [-1, -1, -1, -1]  # Law 51A: the penalty card declarer designated
        self.lead_req: tuple[int, int] | None = None  # (seat, suit bits), for one lead
        self.lead_forbid: tuple[int, int] | None = None  # (seat, suit bits), while he keeps lead
        # The clause each was chosen under: 50D2(a) for one penalty card, 51B for several.
        self.lead_req_law = "50D2(a)"
        self.lead_forbid_law = "50D2(a)"
        self.play_restr: tuple[int, str, int] | None = None  # (seat, mode, suit), this trick
        self.lead_decided = 0  # trick number for which the Law 50D2 choice has been made
        # Law 26B prohibitions due at a defender's first turn to lead: (seat, offender, suits),
        # left by the auction; `ban_26b` is the (seat, suits) forbidden under it.
        self.lead_bans: list[tuple[int, int, int]] = []
        self.ban_26b: tuple[int, int] | None = None
        self.opening_accepted = False  # Law 54B: declarer accepted the faced opening lead
        self.pending: Pending | None = None
        self.to_play: int | None = self.leader
        self.finished = False
        self.notes: list[str] = []  # notes from the last move
        self.log: list[tuple[int, str]] = []  # (move index, note) for every move so far
        self.revokes: list[Revoke] = []  # Laws 61 to 64, in order (revoke.py)
        # The per-trick restrictions of the trick just closed, while a revoke could be corrected.
        self.last_closed: tuple[tuple[int, str, int] | None, tuple[int, int] | None] | None = None
        self.moves = 0

    def fork(self) -> Self:
        """An independent copy of the table, for searching ahead (much cheaper than deepcopy:
        what moves mutate is copied, what they only replace is shared)."""
        t = copy.copy(self)
        t.hands = self.hands[:]
        t.trick = self.trick[:]
        t.won = self.won[:]
        t.tricks = self.tricks[:]
        t.pen_mask = self.pen_mask[:]
        t.committed = self.committed[:]
        t.designated = self.designated[:]
        t.lead_bans = self.lead_bans[:]
        t.notes = self.notes[:]
        t.log = self.log[:]
        t.revokes = [copy.copy(r) for r in self.revokes]
        t.pending = copy.copy(self.pending)
        return t

    # --- small helpers -------------------------------------------------------

    @property
    def turn(self) -> int:
        """The seat to play, where a move needs one (no decision pending, play not over)."""
        assert self.to_play is not None, "no seat is to play now"
        return self.to_play

    @property
    def decision(self) -> Pending:
        """The pending decision, where a move needs one."""
        assert self.pending is not None, "no decision is pending"
        return self.pending

    def is_defender(self, seat: int) -> bool:
        return seat != self.declarer and seat != self.dummy

    def _note(self, text: str) -> None:
        self.notes.append(text)
        self.log.append((self.moves, text))

    def _begin_move(self) -> None:
        self.notes = []

    def _end_move(self) -> None:
        self.moves += 1

    def _next_to_play(self) -> int:
        s = self.leader
        if not self.trick:
            return s
        for _ in range(4):
            if not self.played_seats >> s & 1:
                return s
            s = (s + 1) & 3
        raise AssertionError("trick is full")  # pragma: no cover

    def _declarer_played_both(self) -> bool:
        both = (1 << self.declarer) | (1 << self.dummy)
        return self.played_seats & both == both

    def _put(self, seat: int, card: int) -> None:
        """The card goes to the trick as a regular lead or play."""
        bit = 1 << card
        self.hands[seat] ^= bit
        if not self.trick:
            self.led_suit = card // 13
            self.lead_req = None  # a required lead binds one lead only
        self.trick.append((seat, card))
        self.played_seats |= 1 << seat
        if self.pen_mask[seat] & bit:
            self.pen_mask[seat] ^= bit
            self.major_mask &= ~bit
        if self.committed[seat] >= 0:
            self.committed[seat] = -1
        if self.designated[seat] >= 0:
            self.designated[seat] = -1

    def contract_text(self) -> str:
        strain = "NT" if self.strain == NT else SUITS[self.strain]
        return f"{self.level}{strain}{self.doubled}" if self.level else strain

    def hand_cards(self, seat: int) -> list[str]:
        return [CARD_NAMES[c] for c in sorted_cards(self.hands[seat])]

    # --- the moves the rules call back (Table's) -----------------------------------

    @abstractmethod
    def _settle(self) -> None:
        """Close a full trick and raise any decision the new position calls for."""

    @abstractmethod
    def _add_penalty(self, seat: int, card: int, deliberate: bool, quiet: bool = False) -> None:
        """`card` becomes a penalty card of `seat` (major if deliberate or an honour)."""

    @abstractmethod
    def _play_in_turn(self, seat: int, card: int) -> None:
        """`seat` plays `card` at his turn: put to the trick, or refused, or Law 52."""

    @abstractmethod
    def _play_out_of_turn(self, seat: int, card: int) -> None:
        """`seat` leads or plays `card` out of turn (Laws 53 to 57)."""
