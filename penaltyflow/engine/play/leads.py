"""Leads out of turn (Laws 53 to 56): the faced lead, its acceptance and its retraction.

Functions on a `Table` (`table.py` calls them from its moves); every word comes
from `words/text.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import SUIT_MASK, partner
from . import legal
from .pending import EngineError, Pending
from .pending import option as _option
from .words import lead_text, text

if TYPE_CHECKING:
    from .state import TableState


def lead_out_of_turn(t: TableState, seat: int, card: int) -> None:
    proper = t.turn
    opening = t.trick_no == 1 and not t.tricks
    last = t.trick_no == 13
    defender = t.is_defender(seat)
    if opening and not defender:
        raise EngineError(text.declaring_side_opening_lead(seat))
    # The card is faced as a lead; it stays there until accepted or retracted (Law 47).
    t.hands[seat] ^= 1 << card
    was_penalty = t.pen_mask[seat] >> card & 1
    if was_penalty:
        t.pen_mask[seat] ^= 1 << card
        t.major_mask &= ~(1 << card)
    t.trick.append((seat, card))
    t.played_seats |= 1 << seat
    t.led_suit = card // 13
    extra = {"was_penalty": was_penalty}
    if opening:
        t._note(text.opening_lead_out_of_turn(seat, card, proper))
        if t.declarer_saw_dummy:
            options = [_option("accept", "54C")]
            t._note(text.DUMMY_SEEN_MUST_ACCEPT)
        else:
            options = [
                _option("spread", "54A"),
                _option("accept", "54B"),
                _option("refuse", "54D"),
            ]
        t.pending = Pending(
            "opening_lead", t.declarer, "54", options, seat, card, proper, extra=extra
        )
        return
    t._note(text.lead_out_of_turn(seat, card, proper, defender))
    if last:
        t._note(text.LAST_TRICK_LEAD)
    if defender:
        options = [] if last else [_option("accept", "53A")]
        options.append(_option("refuse", "56B"))
        t.pending = Pending(
            "defender_lead", t.declarer, "56", options, seat, card, proper, extra=extra
        )
    else:
        # Law 55A: either defender may accept; if they disagree, the one next in turn
        # (the irregular leader's left-hand opponent) prevails, so he decides here.
        options = [] if last else [_option("accept", "55A")]
        options.append(_option("refuse", "55B"))
        t.pending = Pending(
            "declarer_lead", (seat + 1) & 3, "55", options, seat, card, proper, extra=extra
        )


def play_while_pending(t: TableState, seat: int, card: int) -> None:
    p = t.decision
    situation = p.situation
    if situation in ("opening_lead", "defender_lead", "declarer_lead"):
        can_accept = any(o["decide"] == "accept" for o in p.options)
        irregular = p.offender
        proper_lead = seat == p.proper and (seat & 1) != (irregular & 1)
        led = SUIT_MASK[p.card // 13]
        if proper_lead and t.hands[seat] & led and not (1 << card) & led:
            # The proper leader is also next in rotation, but his card does not follow
            # the irregular lead though he could: it is his proper lead (53B), no revoke.
            withdraw_irregular_lead(t, law="53B")
            settle_then_play(t, seat, card)
            return
        if seat == (irregular + 1) & 3 and can_accept:
            # 53A: a play from the hand next in rotation accepts the lead.
            law = "54B" if situation == "opening_lead" else "53A"
            accept_lead(t, by_play=True, law=law)
            settle_then_play(t, seat, card)
            return
        if proper_lead:
            # 53B: the proper leader, an opponent of the offender, makes his proper lead.
            withdraw_irregular_lead(t, law="53B")
            settle_then_play(t, seat, card)
            return
        if situation == "declarer_lead" and seat == (irregular - 1) & 3 and can_accept:
            # 53C: the defender to the right of declarer's irregular lead plays to it:
            # the lead stands and Law 57 deals with his early play (57C1 when declarer
            # has played on from his other hand: no rectification).
            accept_lead(t, by_play=False, law="53C")
            t._note(text.played_to_declarers_lead(seat))
            t._play_out_of_turn(seat, card)
            return
        if seat == partner(irregular):
            if situation == "declarer_lead":
                declarer_played_on(t, seat, card)
                return
            # A defender's lead out of turn, and his partner puts a card face up before
            # declarer has chosen: no clause says what that card is (54 covers a face-down
            # lead only, 53B an opponent of the offender only). The Director rules.
            raise EngineError(lead_text.partner_led_too(t, seat, card))
    elif situation == "wrong_card" and not t.is_defender(seat):
        # 52B1(b): declarer must accept once he has played thereafter from either hand.
        t._note(text.wrong_card_accepted_by_play(t, seat))
        resolve_wrong_card(t, accept=True, implied=True)
        settle_then_play(t, seat, card)
        return
    raise EngineError(text.pending_text(t))


def declarer_played_on(t: TableState, seat: int, card: int) -> None:
    """Declarer led out of turn from one hand, then plays from the other before the
    defenders have chosen. A premature play by declarer is a played card (57C3); it does
    not take away the defenders' choice (60C), which stays pending."""
    p = t.decision
    if t.played_seats >> seat & 1:
        raise EngineError(text.pending_text(t))
    if not legal.follow_cards(t, seat)[0] >> card & 1:
        raise EngineError(text.why_illegal(t, seat, card)[1])
    t._put(seat, card)
    t._note(lead_text.declarer_played_on(t, p.offender, seat, card))


def settle_then_play(t: TableState, seat: int, card: int) -> None:
    """After an implied acceptance or withdrawal, the card is played in the new position."""
    t._settle()
    if t.pending is not None:
        raise EngineError(text.played_too_soon(t, seat, card))
    if seat == t.to_play:
        t._play_in_turn(seat, card)
    else:
        t._play_out_of_turn(seat, card)


# --- leads out of turn: acceptance and retraction -------------------------


def accept_lead(t: TableState, by_play: bool, law: str) -> None:
    p = t.decision
    t.pending = None
    seat = p.offender
    t.leader = seat
    t.lead_req = None
    if t.lead_forbid is not None and t.lead_forbid[0] != seat:
        t._note(text.forbidden_leader_lost_lead(t.lead_forbid[0], text.forbid_laws(t)))
        t.lead_forbid = None
    if law == "54B":
        t.opening_accepted = True
        t._note(text.opening_lead_accepted(p.card, by_play))
    elif law == "53A":
        t._note(text.lead_accepted(seat, p.card, by_play))


def withdraw_irregular_lead(t: TableState, law: str) -> None:
    """Take the irregular lead back: a defender's becomes a major penalty card (56B, 54D).

    A card declarer played on from his other hand (57C3) goes back with it (47A: withdrawn
    in the course of rectification; 48A: no penalty card). When that other hand is the
    one that should lead (55B2), the Laws do not say whether its card goes back or stands
    as the lead: the reading followed here takes it back, and the note says so."""
    p = t.decision
    seat, card = p.offender, p.card
    others = [(s, c) for s, c in t.trick if s != seat]
    t.pending = None
    for s, c in others:
        t.hands[s] |= 1 << c
    t.trick.clear()
    t.played_seats = 0
    t.led_suit = -1
    t.hands[seat] |= 1 << card
    if t.is_defender(seat):
        t._add_penalty(seat, card, deliberate=True, quiet=True)
    t._note(text.lead_taken_back(t, seat, card, p.proper, law))
    for s, c in others:
        t._note(lead_text.played_on_card_back(t, s, c, s == p.proper))


def resolve_wrong_card(t: TableState, accept: bool, implied: bool) -> None:
    p = t.decision
    t.pending = None
    seat, wrong, required = p.offender, p.card, p.required
    if accept:
        if not implied:
            t._note(text.wrong_card_accepted(wrong))
        if t.pen_mask[seat] >> required & 1:
            t._note(text.still_a_penalty_card(required))
        return
    # 52B2: the penalty card is substituted; the card played becomes a major penalty card.
    i = next(i for i, (s, c) in enumerate(t.trick) if s == seat and c == wrong)
    t.hands[seat] |= 1 << wrong
    t.hands[seat] ^= 1 << required
    t.pen_mask[seat] &= ~(1 << required)
    t.major_mask &= ~(1 << required)
    t.trick[i] = (seat, required)
    if i == 0:
        t.led_suit = required // 13
    t._add_penalty(seat, wrong, deliberate=True, quiet=True)
    t._note(text.wrong_card_refused(wrong, required))
