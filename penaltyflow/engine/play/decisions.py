"""Decisions (`Table.decide`): each pending kind's options applied, and the Law 50D2 / 51B
lead options offered when the offender's partner gains the lead."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..core.cards import CARD_NAMES, cards_of, sorted_cards, suits_mask, suits_text
from ..core.vocab import SUITS
from . import leads
from .pending import EngineError, Pending
from .pending import option as _option
from .words import text

if TYPE_CHECKING:
    from .state import TableState


# --- decisions -------------------------------------------------------------


def decide(t: TableState, option: str, suit: int | None = None, card: int | None = None) -> None:
    """`pending.decider` chooses `option` (with `suit` bits or `card` where it has one)."""
    t._begin_move()
    try:
        p = t.pending
        if p is None:
            raise EngineError(text.nothing_pending(option))
        chosen = None
        suit_t = suits_text(suit) if suit is not None else None
        card_t = CARD_NAMES[card] if card is not None else None
        for o in p.options:
            if o["decide"] == option and o.get("suit") == suit_t and o.get("card") == card_t:
                chosen = o
                break
        if chosen is None:
            raise EngineError(text.not_an_option(t, option, suit_t, card_t))
        _DECISIONS[p.situation](t, option, suit, card)
        t._settle()
    finally:
        t._end_move()


def _decide_opening_lead(t: TableState, option: str, suit: int | None, card: int | None) -> None:
    if option == "refuse":
        leads.withdraw_irregular_lead(t, law="54D")
    elif option == "accept":
        leads.accept_lead(t, by_play=False, law="54B")
    else:  # spread: 54A, declarer spreads his hand and becomes dummy
        t.declarer, t.dummy = t.dummy, t.declarer
        leads.accept_lead(t, by_play=False, law="54A")
        t._note(text.declarer_spreads(t))


def _decide_defender_lead(t: TableState, option: str, suit: int | None, card: int | None) -> None:
    if option == "accept":
        leads.accept_lead(t, by_play=False, law="53A")
    else:
        leads.withdraw_irregular_lead(t, law="56B")


def _decide_declarer_lead(t: TableState, option: str, suit: int | None, card: int | None) -> None:
    if option == "accept":
        leads.accept_lead(t, by_play=False, law="53A")
    else:
        leads.withdraw_irregular_lead(t, law="55B")


def _decide_wrong_card(t: TableState, option: str, suit: int | None, card: int | None) -> None:
    leads.resolve_wrong_card(t, accept=option == "accept", implied=False)


def _decide_lead_options(t: TableState, option: str, suit: int | None, card: int | None) -> None:
    p = t.decision
    t.pending = None
    leader, offender = p.proper, p.offender
    t.lead_decided = t.trick_no
    if option == "no_restriction":
        t._note(text.no_lead_restriction(leader, offender))
        return
    assert suit is not None  # `decide` matched an option that names its suit
    picked = t.pen_mask[offender] & suits_mask(suit)
    t.pen_mask[offender] &= ~picked
    t.major_mask &= ~picked
    if option == "require":
        t.lead_req = (leader, suit)
        law = t.lead_req_law = p.extra["law_a"]
    else:
        bits = suit
        if t.lead_forbid is not None and t.lead_forbid[0] == leader:
            bits |= t.lead_forbid[1]
        t.lead_forbid = (leader, bits)
        law = t.lead_forbid_law = p.extra["law_b"]
    t._note(text.lead_restricted(option, leader, suit, law, sorted_cards(picked), offender))


def _decide_designate(t: TableState, option: str, suit: int | None, card: int | None) -> None:
    p = t.decision
    t.pending = None
    assert card is not None  # `decide` matched an option that names its card
    t.designated[p.offender] = card
    t._note(text.designated(p.offender, card))


def _decide_premature(t: TableState, option: str, suit: int | None, card: int | None) -> None:
    p = t.decision
    t.pending = None
    mode = {"require": "required", "forbid": "forbidden"}.get(option, option)
    t.play_restr = (p.proper, mode, suit or 0)
    t._note(text.play_restricted(t))


def lead_options(t: TableState, leader: int, offender: int, majors: int) -> Pending:
    """Laws 50D2 and 51B. Forbid options: every non-empty combination of the suits."""
    suits = sorted({c // 13 for c in cards_of(majors)})
    if majors.bit_count() == 1:
        law_a = law_b = "50D2(a)"
        law_c = "50D2(b)"
    elif len(suits) == 1:
        law_a, law_b, law_c = "51B1(a)", "51B1(b)", "50D2(b)"
    else:
        law_a, law_b, law_c = "51B2(a)", "51B2(b)", "51B2(c)"
    options = [_option("require", law_a, suit=SUITS[s]) for s in suits]
    for k in range(1, len(suits) + 1):
        for combo in combinations(suits, k):
            options.append(_option("forbid", law_b, suit="".join(SUITS[s] for s in combo)))
    options.append(_option("no_restriction", law_c))
    return Pending(
        "lead_options",
        t.declarer,
        "50D2",
        options,
        offender=offender,
        proper=leader,
        extra={"law_a": law_a, "law_b": law_b},
    )


def lead_ban(t: TableState, leader: int, offender: int, bits: int) -> Pending:
    """Law 26B: declarer may forbid one suit the offender has not specified."""
    options = [_option("forbid", "26B", suit=SUITS[s]) for s in range(4) if bits >> s & 1]
    options.append(_option("no_restriction", "26B"))
    return Pending("lead_ban", t.declarer, "26B", options, offender=offender, proper=leader)


def _decide_lead_ban(t: TableState, option: str, suit: int | None, card: int | None) -> None:
    p = t.decision
    t.pending = None
    leader = p.proper
    t.lead_bans = [b for b in t.lead_bans if b[0] != leader]
    if option == "no_restriction":
        t._note(text.no_lead_ban(leader))
        return
    assert suit is not None  # `decide` matched an option that names its suit
    bits = suit
    if t.lead_forbid is not None and t.lead_forbid[0] == leader:
        bits |= t.lead_forbid[1]
    t.lead_forbid = (leader, bits)
    t.ban_26b = (leader, suit)
    t._note(text.lead_banned(leader, suit))


# Who handles each situation of a pending decision (Pending.situation).
_DECISIONS = {
    "opening_lead": _decide_opening_lead,
    "defender_lead": _decide_defender_lead,
    "declarer_lead": _decide_declarer_lead,
    "wrong_card": _decide_wrong_card,
    "lead_options": _decide_lead_options,
    "designate": _decide_designate,
    "premature": _decide_premature,
    "lead_ban": _decide_lead_ban,
}

__all__ = ["decide", "lead_ban", "lead_options"]
