"""Every word the engine says about revokes (Laws 61 to 64): the notes of each move and the
refusals. `revoke.py` decides what happened; this module words it (as `text.py` does for
Laws 48 to 57)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import CARD_NAMES, CardError, parse_card, sorted_cards
from ...core.vocab import SEAT_NAMES, SUIT_SINGULAR, card_label
from . import text

if TYPE_CHECKING:
    from ..state import Revoke, TableState

SIDE_NAMES = ("North-South", "East-West")
_COUNT = ("no trick", "one trick", "two tricks")


def _name(seat: int) -> str:
    return SEAT_NAMES[seat]


def _c(card: int) -> str:
    return CARD_NAMES[card]


MARK_IT = 'If he did play it, that is a revoke (Law 61A): mark the play "revoke": true.'


def not_at_his_turn(t: TableState, seat: int) -> str:
    if t.pending is not None:
        return f"A revoke is a play at the player's own turn. {text.pending_text(t)}"
    return (
        f"A revoke is a play at the player's own turn, and it is not {_name(seat)}'s turn "
        f"now: {text.out_of_turn(t, seat)}"
        if t.to_play is not None
        else text.PLAY_IS_OVER
    )


def breaks_no_rule(t: TableState, seat: int, card: int) -> str:
    bound = any(r is not None and r[0] == seat for r in (t.lead_req, t.lead_forbid, t.play_restr))
    why = (
        " He cannot comply with the restriction, so he may play any card Law 44 allows: "
        "no revoke (Law 59)."
        if bound
        else ""
    )
    return (
        f"{_name(seat)} may play {_c(card)} now: it breaks no rule, so it is no revoke "
        f'(Law 61A).{why} Remove "revoke": true.'
    )


def penalty_card_not_played(seat: int, card: int) -> str:
    return (
        f"{_name(seat)} plays {_c(card)} instead of the penalty card Law 50 requires: that is "
        'Law 52, not a revoke. Write it as a plain play, without "revoke".'
    )


def committed_not_played(t: TableState, seat: int) -> str:
    return (
        f"{_name(seat)} must play {_c(t.committed[seat])}, the card he played early (Law 57D); "
        "playing another card instead is not modelled as a revoke."
    )


def revoke_reason(t: TableState, seat: int, card: int, rule: str) -> str:
    if rule == "44":
        return f"though he holds a {SUIT_SINGULAR[t.led_suit]} (Laws 44C, 61A)"
    return "against the restriction declarer named: " + text.restriction_reason(
        t, seat
    ).removesuffix(".")


DEFECTIVE_NOT_A_LEAD = (
    "Law 67B1 places a card for a player who did not play to a trick that was led: "
    "'defective' cannot go with a lead."
)


def defective_must_follow(t: TableState, seat: int, card: int) -> str:
    return (
        f"{_name(seat)} must place a card of the suit led if he has one (Law 67B1(a)): "
        f"{_c(card)} is not one he may play to this trick."
    )


def placed(seat: int, card: int, trick: int) -> str:
    return (
        f"{_name(seat)} played no card to trick {trick}; found once both sides had played to "
        f"the next trick, {_c(card)} is placed among his played cards for it (Law 67B1). It "
        "does not change who won the trick. He is deemed to have revoked on it: at the end "
        "of play one trick is transferred as Law 64A2 counts."
    )


def revoked(seat: int, card: int, reason: str) -> str:
    return (
        f"{_name(seat)} revoked: he played {_c(card)} {reason}. Play goes on; the revoke "
        "must be corrected if attention is drawn to it before it is established (Laws 62A, 63A)."
    )


TWELVE = (
    "A revoke on trick 12 is the exception (Law 63B): even established, it must still be "
    "corrected if it is found before all four hands are returned to the board (Law 62D1)."
)
TWELVE_16C = (
    "If a defender revoked on trick 12 before his partner played to it, Law 16C applies to "
    "the partner's play to that trick (Law 62D2): what he saw of the revoke is unauthorised "
    "information for him, and the Director judges whether it shaped his play."
)


def established(offender: int, trick: int, seat: int) -> str:
    who = "he" if seat == offender else f"his partner {_name(seat)}"
    then = f" {TWELVE}" if trick == 12 else " It can no longer be corrected (Law 63B)."
    return (
        f"{_name(offender)}'s revoke on trick {trick} is now established: {who} played to the "
        f"following trick (Law 63A1).{then}"
    )


def twelve_must_substitute(r: Revoke, other: int, card: int) -> str:
    return (
        f"On trick 12 {_name(r.seat)} held {_c(r.card)} and {_c(other)}: to correct the revoke "
        f"(Law 62D1) he plays {_c(other)} to trick 12 instead, not {_c(card)}."
    )


def twelve_must_follow(seat: int, held: int, other: int) -> str:
    return (
        f"{_name(seat)} followed suit to trick 12 with {_c(held)}: he may not take it back to "
        f"play {_c(other)} instead, which would not follow suit (Law 44C)."
    )


def withdrawn_twelve(seat: int, card: int) -> str:
    return (
        f"{_name(seat)} takes back {_c(card)}, played to trick 12 after the revoke, and plays "
        "his other card to trick 12 instead (Law 62C)."
    )


def corrected_twelve(t: TableState, r: Revoke, card: int) -> str:
    partner_after = t.is_defender(r.seat) and _partner_played_after(t, r)
    return (
        f"{_name(r.seat)}'s revoke on trick 12 is corrected though it was established: it was "
        f"found before the hands went back into the board (Law 62D1). {_c(card)} goes to trick "
        f"12 and {_c(r.card)} to trick 13; the two tricks are counted again, and no trick is "
        "transferred for this revoke." + (f" {TWELVE_16C}" if partner_after else "")
    )


def _partner_played_after(t: TableState, r: Revoke) -> bool:
    seats = [s for s, _ in t.tricks[r.trick - 1][1]]
    mate = (r.seat + 2) & 3
    return seats.index(mate) > seats.index(r.seat)


def nothing_to_correct(t: TableState) -> str:
    est = [r for r in t.revokes if r.status == "established"]
    if any(r.trick == 12 for r in est):
        return (
            f"{TWELVE} The engine models that correction once trick 13 is complete: write the "
            "correct event after the last card of trick 13."
        )
    if est:
        r = est[-1]
        return (
            f"{_name(r.seat)}'s revoke on trick {r.trick} is established (Law 63A1), so it can "
            "no longer be corrected (Law 63B); the trick stands as played."
        )
    opened = [r for r in t.revokes if r.status == "open"]
    if opened:
        r = opened[-1]
        return (
            f"A card has been led to trick {r.trick + 1}, after {_name(r.seat)}'s revoke: a "
            "correction from then on (Law 62C1 on a later trick, or 62D) is not modelled."
        )
    return "There is no revoke to correct: no play so far was marked as a revoke."


def decide_first(t: TableState) -> str:
    return f"A correction cannot come now. {text.pending_text(t)}"


WITHDRAW_TWICE = "'withdraw' names the same seat twice."


def did_not_play_after(seat: int, r: Revoke) -> str:
    return (
        f"{_name(seat)} did not play to trick {r.trick} after {_name(r.seat)}'s revoke, so he "
        "has no card to withdraw (Law 62C)."
    )


def partner_may_not_withdraw(mate: int, lho: int) -> str:
    return (
        f"{_name(mate)}, the offender's partner, may withdraw his card only after "
        f"{_name(lho)}, the opponent who played before him, has withdrawn his (Law 62C2)."
    )


def not_held_to_correct(seat: int, card: int) -> str:
    return f"{_name(seat)} does not hold {_c(card)}, so he cannot play it to correct the revoke."


def may_not_substitute(t: TableState, r: Revoke, card: int, allowed: int) -> str:
    if card == r.card:
        what = f"{_c(card)} is the card that revoked"
    else:
        what = f"he may not play {_c(card)} there"
    cards = " ".join(_c(c) for c in sorted_cards(allowed))
    return (
        f"To correct the revoke {_name(r.seat)} must play a card he may legally play (Law 62B): "
        f"{what}. He may play {cards}."
    )


def withdrawn(t: TableState, seat: int, card: int, offenders_partner: bool) -> str:
    if offenders_partner and t.is_defender(seat):
        return (
            f"{_name(seat)} takes back {_c(card)}: it becomes a major penalty card (Law 62C2); "
            "he plays again in turn."
        )
    law = "62C2" if offenders_partner else "62C1"
    return f"{_name(seat)} takes back {_c(card)} into his hand (Law {law}) and plays again in turn."


def corrected(t: TableState, r: Revoke, card: int) -> str:
    if t.is_defender(r.seat):
        if r.was_major is None:
            after = f"{_c(r.card)} becomes a major penalty card, whatever its rank (Law 62B1)."
        else:
            after = f"{_c(r.card)} goes back face up as the penalty card it was (Law 62B2)."
    else:
        after = f"{_c(r.card)} goes back to the hand with no penalty (Law 62B2)."
    return (
        f"The revoke is corrected before it is established: {_name(r.seat)} takes back "
        f"{_c(r.card)} and plays {_c(card)} instead (Law 62B). {after}"
    )


def adjustment(t: TableState, r: Revoke) -> str:
    side = r.seat & 1
    n = r.transfer or 0
    who = f"{_name(r.seat)}'s revoke on trick {r.trick}"
    gives = f"{_COUNT[n] if n < 3 else f'{n} tricks'} to {SIDE_NAMES[1 - side]}"
    if r.due is not None and n < r.due:
        return _short(r, who, gives)
    why = {
        "64A1": "he won the revoke trick himself",
        "64A2": "his side won the revoke trick or a later one, but he did not win it himself",
        "64B1": "his side won neither the revoke trick nor any later trick",
        "64B2": "it is a second revoke in the same suit by the same player",
        "64B3": "it was a card of dummy's",
        "64B6": "it was on trick 12",
        "64B7": "both sides revoked and both revokes are established",
    }[r.law or "64B1"]
    if r.rule == "67B1" and r.law in ("64A2", "64B1"):
        return (
            f"{_name(r.seat)}'s missing card on trick {r.trick} is deemed a revoke (Law 67B1), "
            f"counted as Law 64A2 counts: {gives}, because {why} (Law {r.law})."
        )
    if n:
        return f"{who}: {gives}, because {why} (Law {r.law})."
    if r.law == "64B7":
        return (
            f"{who}: no automatic transfer, because {why} (Law 64B7). If a side was damaged, "
            "the Director gives a score based on the likely result had neither revoke "
            "occurred (Law 64C2(b))."
        )
    if r.law == "64B6":
        return (
            f"{who}: no automatic transfer, because {why} (Law 64B6). {TWELVE} Had it been "
            "found in time, it would have been corrected instead; found later, the Director "
            "restores equity if the other side was damaged (Law 64C)."
        )
    return (
        f"{who}: no automatic transfer, because {why} (Law {r.law}); the Director still "
        "restores equity if that leaves the other side damaged (Law 64C)."
    )


def _short(r: Revoke, who: str, gives: str) -> str:
    """A revoke left with fewer tricks than Law 64A counts for it: the side's earlier revoke
    took the tricks won from there on (revoke.py: the engine's reading)."""
    due = _COUNT[r.due] if r.due is not None and r.due < 3 else f"{r.due} tricks"
    side = SIDE_NAMES[r.seat & 1]
    return (
        f"{who}: {gives}. Law 64A would count {due} for it, but only tricks the offending side "
        f"won from its revoke on can go across, and {side}'s earlier revoke has already taken "
        "them; the Laws do not say whether two revokes may draw on the same trick. The "
        "Director restores equity if the other side is left damaged (Law 64C)."
    )


def describe_correction(r: Revoke | None, event: dict[str, object]) -> str:
    """Words for a `correct` event of the open revoke `r` (for the event list)."""
    who = _name(r.seat) if r is not None else "The offender"
    try:
        card = card_label(parse_card(event.get("correct")))
    except CardError:
        card = str(event.get("correct"))
    back = [str(s).upper() for s in event.get("withdraw", []) or []]  # type: ignore[attr-defined]
    names = " and ".join(SEAT_NAMES["NESW".index(s)] for s in back if s in ("N", "E", "S", "W"))
    then = (
        f"; {names} take{'s' if len(back) == 1 else ''} back the card played after it"
        if names
        else ""
    )
    return f"The revoke is corrected: {who} plays {card} instead{then}."


__all__ = ["SIDE_NAMES", "describe_correction"]
