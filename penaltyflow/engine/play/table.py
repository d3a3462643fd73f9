"""The state of play at the table, and every irregularity of play the engine knows (the
laws taught are listed once, in `core/laws.py`).

One `Table` holds a deal in progress: hands as bitmasks, the trick in progress,
tricks won, penalty cards, restrictions and at most one pending decision. Three
public moves change it, each checked against the 2017 Laws:

- `play(seat, card)`: a lead or a play, in turn or not (Laws 53 to 57);
  `play_several(seat, cards, meant)`: two or more cards played at once (Law 58B2);
  `misinformed_lead(seat, card)`: a lead out of turn on an opponent's wrong word (Law 47E1);
- `expose(seat, card, deliberate)`: a card exposed other than by playing (Laws 48, 49, 50B);
- `decide(option, suit=None, card=None)`: the choice of `pending.decider`.

Leads out of turn and their acceptance or retraction are in `leads.py`, the
decisions in `decisions.py`, revokes (Laws 61 to 64) in `revoke.py`, the JSON in
`output.py`. The rules are there; every word the learner reads comes from `words/text.py`
(`self._note(text.premature(...))`, `EngineError(text.not_held(...))`).
Cards, seats and suits are small ints (see `core/cards.py`). Nothing is copied per
move, so the bench can replay thousands of deals a second. A move that the laws
modelled here do not allow raises `EngineError`; the table is then not to be used
further (replay the events up to the one before, as `scenario.replay` does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.cards import (
    CARD_NAMES,
    is_honour,
    partner,
    sorted_cards,
    trick_winner,
)
from ..core.vocab import SUITS
from . import decisions, leads, legal, output
from . import revoke as rv
from .pending import EngineError, Pending
from .pending import option as _option
from .state import TableState
from .words import revoke_text, text


class Table(TableState):
    # --- legality (see legal.py) -------------------------------------------

    def legal_mask(self, seat: int | None = None) -> int:
        """Cards `seat` (default: the seat to play) may play now without a new irregularity."""
        return legal.legal_mask(self, seat)

    def legal_cards(self) -> list[str]:
        return [CARD_NAMES[c] for c in sorted_cards(self.legal_mask())]

    def check_play(self, seat: int, card: int) -> tuple[bool, str]:
        """Would `seat` playing `card` now be a regular play? (allowed, reason citing the law)."""
        if self.finished:
            return False, text.PLAY_IS_OVER
        if not self.hands[seat] >> card & 1:
            return False, text.not_held(seat, card)
        if self.pending is not None:
            return False, text.pending_text(self)
        if seat != self.to_play:
            return False, text.out_of_turn(self, seat)
        if self.legal_mask(seat) >> card & 1:
            return True, ""
        return False, text.why_illegal(self, seat, card)[1]

    # --- moves ---------------------------------------------------------------

    def _check_holds(self, seat: int, card: int) -> None:
        if self.finished:
            raise EngineError(text.PLAY_IS_OVER)
        if not self.hands[seat] >> card & 1:
            raise EngineError(text.not_held(seat, card))

    def play(self, seat: int, card: int, revoke: bool = False, defective: bool = False) -> None:
        """`seat` leads or plays `card` (dummy's cards are written with dummy's seat).

        `revoke`: the play breaks Law 44 or a restriction an opponent named, and the
        player makes it anyway (Law 61A); without it such a play is refused. `defective`:
        the card the Director places for a trick the player did not play to (Law 67B1)."""
        self._begin_move()
        try:
            self._check_holds(seat, card)
            if self.revokes:
                rv.before_play(self, seat)
            if defective:
                rv.play_defective(self, seat, card)
            elif revoke:
                rv.play_revoke(self, seat, card)
            else:
                self._play_one(seat, card)
            self._settle()
        finally:
            self._end_move()

    def correct(self, card: int, withdraw: Sequence[int] = ()) -> None:
        """The open revoke is corrected (Law 62): the offender plays `card` instead, and the
        seats in `withdraw` take back the cards they played to the trick after it (62C)."""
        self._begin_move()
        try:
            rv.correct(self, card, list(withdraw))
            self._settle()
        finally:
            self._end_move()

    def _play_one(self, seat: int, card: int) -> None:
        if self.pending is not None:
            leads.play_while_pending(self, seat, card)
        elif seat == self.to_play:
            self._play_in_turn(seat, card)
        else:
            self._play_out_of_turn(seat, card)

    def _play_in_turn(self, seat: int, card: int) -> None:
        if self.legal_mask(seat) >> card & 1:
            self._put(seat, card)
            return
        rule, reason = text.why_illegal(self, seat, card)
        if rule in ("revoke", "restriction"):
            raise EngineError(f"{reason} {revoke_text.MARK_IT}")
        if rule != "penalty":
            raise EngineError(reason)
        # Law 52: a card played where Law 50 required a penalty card. It stays played (52A).
        duty = legal.penalty_duty(self, seat, legal.allowed_by_restrictions(self, seat))
        maj = duty & self.pen_mask[seat] & self.major_mask
        required = (maj or (self.pen_mask[seat] & ~self.major_mask)).bit_length() - 1
        lead = not self.trick
        self._put(seat, card)
        self._note(text.wrong_card_played(seat, card, required, lead))
        self.pending = Pending(
            "wrong_card",
            self.declarer,
            "52B",
            [_option("accept", "52B1(a)"), _option("refuse", "52B2")],
            offender=seat,
            card=card,
            required=required,
        )

    def _play_out_of_turn(self, seat: int, card: int) -> None:
        if not self.trick:
            leads.lead_out_of_turn(self, seat, card)
            return
        bit = 1 << card
        p = partner(seat)
        defender = self.is_defender(seat)
        if self.played_seats >> seat & 1:
            if defender and not self.played_seats >> p & 1 and not self._declarer_played_both():
                self._premature(seat, card, lead=True)
                return
            if defender and self.played_seats >> p & 1:
                self._early_lead_after_partner(seat, card)
                return
            raise EngineError(text.early_lead_not_replayed(self, seat, defender))
        if not defender:
            # 57C3 (2017 numbering; 57C2 is dummy acting on his own): declarer's premature
            # play (not a lead) from either hand is a played card.
            if not legal.follow_cards(self, seat)[0] & bit:
                raise EngineError(text.why_illegal(self, seat, card)[1])
            self._put(seat, card)
            if self._dummy_played_second(seat):
                return
            self._note(text.declarer_played_early(self, seat, card))
            return
        if not self.played_seats >> p & 1:
            if self._declarer_played_both():
                # 57C1: declarer has played from both hands, so no rectification.
                if not self.legal_mask(seat) & bit:
                    raise EngineError(text.why_illegal(self, seat, card)[1])
                self._put(seat, card)
                self._note(text.played_after_declarer_both(seat, card))
                return
            self._premature(seat, card, lead=False)
            return
        # 57D: his partner has played, so it is his right-hand opponent's turn.
        if self.committed[seat] >= 0:
            raise EngineError(text.second_early_card(self, seat))
        if self.legal_mask(seat) & bit:
            self.committed[seat] = card
            self._note(text.early_play_stays(seat, card))
        else:
            self._add_penalty(seat, card, deliberate=True)
            self._note(text.early_play_penalty(seat, card))

    def _premature(self, seat: int, card: int, lead: bool) -> None:
        """Law 57A: a defender's lead to the next trick or play before his partner has played."""
        p = partner(seat)
        self._add_penalty(seat, card, deliberate=True)
        self._note(text.premature(seat, card, p, lead))
        led = self.led_suit
        options = [_option("highest", "57A(1)"), _option("lowest", "57A(2)")]
        others = [SUITS[s] for s in range(4) if s != led]
        options += [_option("require", "57A(3)", suit=s) for s in others]
        options += [_option("forbid", "57A(4)", suit=s) for s in others]
        self.pending = Pending(
            "premature", self.declarer, "57A", options, offender=seat, card=card, proper=p
        )

    # --- exposed cards ---------------------------------------------------------

    def _add_penalty(self, seat: int, card: int, deliberate: bool, quiet: bool = False) -> None:
        bit = 1 << card
        self.pen_mask[seat] |= bit
        if deliberate or is_honour(card):
            self.major_mask |= bit
        if self.pen_mask[seat].bit_count() >= 2:
            newly = self.pen_mask[seat] & ~self.major_mask
            self.major_mask |= self.pen_mask[seat]
            if newly:
                self._note(text.all_major(self, seat, quiet))

    def expose(self, seat: int, card: int, deliberate: bool = False) -> None:
        """A card exposed other than by a play: dropped, shown, or named as held (Law 49)."""
        self._begin_move()
        try:
            self._check_holds(seat, card)
            if not self.is_defender(seat):
                if self._exposed_during_law_54(seat, card):
                    return
                self._note(text.declarer_card_exposed(self, seat, card))
                return
            if self.pen_mask[seat] >> card & 1 or self.committed[seat] == card:
                raise EngineError(text.already_face_up(seat, card))
            self._add_penalty(seat, card, deliberate)
            self._note(text.exposed_penalty_card(self, seat, card, deliberate))
            # A new penalty card changes the options of a 50D2 or 51A choice not yet made.
            if self.pending is not None and self.pending.situation in ("lead_options", "designate"):
                self.pending = None
            self._settle()
        finally:
            self._end_move()

    # --- Laws 47E1, 54A, 54B2, 54C, 58B2 and the early lead after partner played ---

    def play_several(self, seat: int, cards: list[int], meant: int) -> None:
        """Law 58B2: `seat` leads or plays two or more cards at once, all seen.

        `meant` is played with everything a one-card play implies; a defender's other
        cards become penalty cards (Law 50B sorts each), declarer's or dummy's go back.
        """
        self._begin_move()
        try:
            if len(cards) < 2:
                raise EngineError(text.SEVERAL_NEEDS_TWO)
            if len(set(cards)) != len(cards):
                raise EngineError(text.SEVERAL_NAMED_TWICE)
            for c in cards:
                self._check_holds(seat, c)
            if self.revokes:
                rv.before_play(self, seat)
            if meant not in cards:
                raise EngineError(text.meant_not_among(seat, meant, cards))
            others = [c for c in cards if c != meant]
            if self.is_defender(seat):
                for c in others:
                    if self.pen_mask[seat] >> c & 1 or self.committed[seat] == c:
                        raise EngineError(text.already_face_up(seat, c))
            self._play_one(seat, meant)
            self._others_of_several(seat, meant, others)
            self._settle()
        finally:
            self._end_move()

    def _others_of_several(self, seat: int, meant: int, others: list[int]) -> None:
        if not self.is_defender(seat):
            self._note(text.declarer_played_several(self, seat, meant, others))
            return
        self._note(text.defender_played_several(seat, meant, others))
        for c in others:
            self._add_penalty(seat, c, deliberate=False)
            self._note(text.several_penalty_card(self, c))
        # A new penalty card changes the options of a 50D2 or 51A choice not yet made.
        if self.pending is not None and self.pending.situation in ("lead_options", "designate"):
            self.pending = None

    def misinformed_lead(self, seat: int, card: int) -> None:
        """Law 47E1: a defender led out of turn because declarer or dummy told him wrongly
        that it was his lead. The card goes back with no rectification."""
        self._begin_move()
        try:
            self._check_holds(seat, card)
            if (
                self.pending is not None
                or not self.is_defender(seat)
                or self.trick
                or seat == self.to_play
            ):
                raise EngineError(text.MISINFORMED_DOES_NOT_FIT)
            if self.revokes:
                rv.before_play(self, seat)
            self._note(text.misinformed_lead(self, seat, card))
        finally:
            self._end_move()

    def _early_lead_after_partner(self, seat: int, card: int) -> None:
        """A defender leads to the next trick after his partner has played to this one.

        Law 57A needs partner not to have played yet, and Law 57D is about a play, not
        a lead: the Laws leave it to the Director. The ruling followed here treats the
        card as one exposed early: a penalty card, major as put out on purpose (50B).
        """
        self._add_penalty(seat, card, deliberate=True)
        self._note(text.early_lead_after_partner(self, seat, card))

    def _dummy_played_second(self, seat: int) -> bool:
        """Law 54B2: after accepting the opening lead, declarer played from dummy first."""
        if not (
            self.opening_accepted
            and seat == self.dummy
            and self.trick_no == 1
            and not self.played_seats >> self.declarer & 1
        ):
            return False
        self._note(text.dummy_played_second(self))
        return True

    def _exposed_during_law_54(self, seat: int, card: int) -> bool:
        """While declarer's Law 54 choice is open: 54A (his card) or 54C (dummy's).
        True when the card changed that choice."""
        p = self.pending
        if p is None or p.situation != "opening_lead" or len(p.options) < 2:
            return False
        if seat == self.declarer:
            p.options = [_option("spread", "54A")]
            self._note(text.must_spread(card))
        else:
            p.options = [_option("accept", "54C")]
            self._note(text.dummy_card_seen(card))
        return True

    # --- decisions (decisions.py) ---------------------------------------------

    def decide(self, option: str, suit: int | None = None, card: int | None = None) -> None:
        """`pending.decider` chooses `option` (with `suit` bits or `card` where it has one)."""
        decisions.decide(self, option, suit, card)

    # --- between moves -------------------------------------------------------

    def _settle(self) -> None:
        """Close a full trick and raise any decision the new position calls for."""
        if self.finished:  # a trick-12 revoke corrected after play (Law 62D1)
            self.to_play = None
            return
        while True:
            if self.pending is not None:
                self.to_play = None
                return
            if len(self.trick) == 4:
                self._close_trick()
                if self.finished:
                    self.to_play = None
                    return
                continue
            seat = self._next_to_play()
            self.to_play = seat
            pens = self.pen_mask[1] | self.pen_mask[3] | self.pen_mask[0] | self.pen_mask[2]
            if (pens or self.lead_bans) and self._penalty_decision(seat):
                self.to_play = None
            return

    def _penalty_decision(self, seat: int) -> bool:
        if not self.is_defender(seat):
            return False
        offender = partner(seat)
        majors = self.pen_mask[offender] & self.major_mask
        if not self.trick and self.lead_bans and self._lead_ban_decision(seat, majors):
            return True
        if not self.trick and majors and self.lead_decided != self.trick_no:
            self.pending = decisions.lead_options(self, seat, offender, majors)
            self._note(text.lead_waits_for_declarer(seat, offender))
            return True
        if self.designated[seat] < 0 and self.committed[seat] < 0:
            own = self.pen_mask[seat] & self.major_mask & legal.allowed_by_restrictions(self, seat)
            if own.bit_count() >= 2:
                options = [_option("designate", "51A", card=c) for c in sorted_cards(own)]
                self.pending = Pending("designate", self.declarer, "51A", options, offender=seat)
                self._note(text.declarer_designates(seat, own.bit_count()))
                return True
        return False

    def _lead_ban_decision(self, seat: int, majors: int) -> bool:
        """Law 26B: at `seat`'s first turn to lead, declarer may forbid one suit."""
        for s, offender, bits in self.lead_bans:
            if s == seat:
                if majors or self.lead_decided == self.trick_no:
                    raise EngineError(text.BAN_AND_PENALTY_CARD)
                self.pending = decisions.lead_ban(self, seat, offender, bits)
                self._note(text.lead_ban_waits(seat, offender))
                return True
        return False

    def after_auction(
        self, penalties: Sequence[tuple[int, int, bool]], bans: Sequence[tuple[int, int, int]]
    ) -> None:
        """What the auction leaves to the play: each (defender, card, led) exposed during it
        becomes a penalty card (Law 24E: major if an honour, led, or one of two or more),
        and each (seat, offender, suits) Law 26B prohibition is due at seat's first lead."""
        self.notes = []
        for seat, card, led in penalties:
            if not self.pen_mask[seat] >> card & 1:
                self._add_penalty(seat, card, deliberate=led, quiet=True)
        self.lead_bans = [b for b in bans if self.is_defender(b[0])]
        if self.pending is not None and self.pending.situation in ("lead_options", "lead_ban"):
            self.pending = None  # offered again with what the auction now leaves
        self._settle()

    def _close_trick(self) -> None:
        best_seat = rv.trick_won_by(self) if self.revokes else trick_winner(self.trick, self.strain)
        if self.revokes:
            self.last_closed = (self.play_restr, self.lead_forbid)
        self.won[best_seat & 1] += 1
        self.tricks.append((self.leader, self.trick, best_seat))
        self.trick = []
        self.played_seats = 0
        self.led_suit = -1
        self.leader = best_seat
        self.play_restr = None
        self.lead_req = None
        self.committed = [-1, -1, -1, -1]
        self.designated = [-1, -1, -1, -1]
        lf = self.lead_forbid
        if lf is not None and lf[0] != best_seat:
            laws = text.forbid_laws(self)
            self.lead_forbid = self.ban_26b = None
            self._note(text.lead_prohibition_ends(lf[0], lf[1], laws))
        if self.trick_no == 13:
            self.finished = True
            if self.revokes:
                rv.adjust(self)
        else:
            self.trick_no += 1

    def state_notes(self) -> list[str]:
        """Standing notes for the position: penalty cards and restrictions in force."""
        return text.state_notes(self)

    def to_json(self) -> dict[str, Any]:
        return output.table_json(self)


__all__ = ["Table"]
