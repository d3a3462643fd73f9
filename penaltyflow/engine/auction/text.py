"""Every word the auction tells the learner: the notes of each move and the refusals.

`rules.py` decides what happened; this module words it, citing the clause. Seats and
cards are named as in the play (`vocab`); calls as the scenario writes them, in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import CARD_NAMES
from ..core.vocab import SEAT_NAMES, card_words, word_list

if TYPE_CHECKING:
    from .state import Auction


def _n(seat: int) -> str:
    return SEAT_NAMES[seat]


def call_words(call: str) -> str:
    """'pass' -> 'pass', 'X' -> 'double', 'XX' -> 'redouble', '3NT' -> '3NT'."""
    return {"pass": "pass", "X": "double", "XX": "redouble"}.get(call, call)


# --- refusals ---------------------------------------------------------------------

PASSED_OUT = "The deal was passed out (Law 22B): there is no more auction and no play."
STACKED = (
    "A second irregularity before the first is put right (an irregular call where a "
    "replacement, a substitute or a repeat is owed) is not modelled."
)
COMPARABLE_REPLACES_NOTHING = (
    "'comparable' goes on a call that replaces the same player's withdrawn or cancelled "
    "call (Law 23A); this call replaces nothing."
)
COMPARABLE_ON_27B1A = (
    "This replacement is the lowest sufficient bid in the same denomination: Law 27B1(a) "
    "rules it, so 'comparable' does not apply."
)
ARTIFICIAL_NOT_HERE = (
    "'artificial' goes on an insufficient bid, a call out of rotation or a replacement "
    "(Laws 27B1(a), 29C, 30C); not on this call."
)
ARTIFICIAL_ON_REPEAT = (
    "The repeated call keeps the flag of the call out of rotation; 'artificial' on the "
    "repeat itself is allowed only when it is insufficient."
)
CHANGE_OF_CALL = (
    "A call at his left-hand opponent's turn by a player who has called before is a "
    "change of call (Laws 30B2, 31C, 32C, 25): not modelled."
)
DOUBLE_AT_LHO_TURN = (
    "A double or redouble at the left-hand opponent's turn is a change of call under "
    "Law 32C and Law 25: not modelled."
)
RETENTION_OF_RIGHT = (
    "A pass out of rotation accepted among the last three passes would end the auction "
    "while a player has been deprived of his turn (Laws 17D3, 34): not modelled."
)
FLAG_AFTER_FINAL_PASS = (
    "A call after the final pass is cancelled (Law 39A): 'comparable' and 'artificial' "
    "do not apply to it."
)
PASSED_OUT_NOTE = "All four players passed: the deal is passed out, with no play (Law 22B)."


def not_held(seat: int, card: int) -> str:
    return f"{_n(seat)} does not hold {CARD_NAMES[card]}."


def already_exposed(seat: int, card: int) -> str:
    return f"{CARD_NAMES[card]} is already face up before {_n(seat)} (Law 24)."


def must_repeat(seat: int, call: str, law: str) -> str:
    return (
        f"{_n(seat)} must repeat his call out of rotation, {call_words(call)}, now that his "
        f"right-hand opponent has passed (Law {law})."
    )


def out_of_rotation_stacked(seat: int) -> str:
    return (
        f"{_n(seat)} calls out of rotation while a rectification is still running "
        "(a player required to pass, or a replacement, substitute or repeat owed): "
        "not modelled."
    )


def call_while_pending(a: Auction, seat: int) -> str:
    return f"{_n(seat)} may not call now. {pending_text(a)}"


def nothing_pending(option: str) -> str:
    return f"Nothing is pending: '{option}' is not a choice anyone has now."


def not_an_option(a: Auction, option: str) -> str:
    return f"'{option}' is not an option now. {pending_text(a)}"


_LABELS = {
    ("insufficient", "accept"): "accept the insufficient bid",
    ("insufficient", "refuse"): "refuse it",
    ("premature", "accept"): "accept the insufficient bid (the replacement is cancelled)",
    ("premature", "refuse"): "refuse it (the replacement stands)",
    ("rotation", "accept"): "accept the call out of rotation",
    ("rotation", "refuse"): "refuse it",
}


def pending_text(a: Auction) -> str:
    p = a.pending
    assert p is not None
    labels = [
        _LABELS.get((p.situation, o["decide"]), "have the Director rectify") for o in p.options
    ]
    opts = word_list(labels, " or ")
    return f"{_n(p.decider)} must first choose (Law {p.law}): {opts}."


def option_label(a: Auction, option: dict[str, str]) -> str:
    """One option of the auction's pending decision, as a button says it: 'Accept the
    insufficient bid', 'Refuse it', 'Have the Director rectify'."""
    p = a.pending
    assert p is not None
    label = _LABELS.get((p.situation, option["decide"]), "have the Director rectify")
    return label[0].upper() + label[1:]


# --- notes ------------------------------------------------------------------------


def barred(seat: int, until: str, law: str) -> str:
    when = "whenever it is his turn" if until == "auction_end" else "when next it is his turn"
    return f"{_n(seat)} must pass {when} to call (Law {law})."


def lead_ban_may_apply(offender: int, law: str) -> str:
    return (
        f"If {_n(offender)} becomes a defender, declarer may forbid his partner one suit "
        f"{_n(offender)} has not specified in the legal auction, at his partner's first turn "
        f"to lead (Laws {law}, 26B)."
    )


def deemed_pass(barred_seat: int, caller: int) -> str:
    return (
        f"{_n(barred_seat)} had to pass, so {_n(caller)}'s call is in rotation and "
        f"{_n(barred_seat)} is deemed to have passed (Law 28A)."
    )


def repeated(seat: int, call: str, law: str) -> str:
    return (
        f"{_n(seat)} repeats {call_words(call)}: it is legal, so there is no rectification "
        f"(Law {law})."
    )


def calls_freely(seat: int) -> str:
    return f"{_n(seat)} may make any legal call."


def comparable_no_rectification(seat: int, law: str) -> str:
    return f"{_n(seat)}'s call is comparable: no further rectification (Laws {law}, 23A)."


def comparable_no_lead_ban(seat: int) -> str:
    return f"{_n(seat)}'s call is comparable: Law 26B does not apply (Law 26A)."


def auction_over(contract: str, declarer: int) -> str:
    return f"The auction is over: the contract is {contract}, played by {_n(declarer)} (Law 22A)."


def insufficient(seat: int, call: str, last: str, law: str) -> str:
    which = "another insufficient bid" if law == "27B4" else "an insufficient bid"
    return (
        f"{_n(seat)}'s {call} does not supersede {last}: {which}. His left-hand opponent "
        f"may accept it (Law 27A1)."
    )


def insufficient_accepted(seat: int, call: str) -> str:
    return f"{call} is accepted and treated as legal; later bids must supersede it (Law 27A1)."


def insufficient_refused(seat: int, call: str) -> str:
    return f"{call} is withdrawn: {_n(seat)} must replace it with a legal call (Law 27B)."


def replaced(seat: int, call: str, law: str | None) -> str:
    what = {
        "27B1(a)": "the lowest sufficient bid in the same denomination: no rectification",
        "27B1(b)": "a comparable call: no rectification",
    }.get(law or "", "neither the lowest bid in the same denomination nor comparable")
    return f"{_n(seat)} replaces it with {call_words(call)}, {what} (Law {law})."


def double_replacement(seat: int, call: str) -> str:
    return (
        f"{_n(seat)}'s {call_words(call)} is cancelled: he must replace it again (Law 27B3, 27B4)."
    )


def out_of_rotation(seat: int, call: str, turn: int, admissible: bool = True) -> str:
    said = f"{_n(seat)} calls {call_words(call)} at {_n(turn)}'s turn: a call out of rotation."
    if not admissible:
        return (
            f"{said} It is a {call_words(call)} Law 19 does not permit, so it may never be "
            "accepted (Law 32): the Director rectifies (Law 36B4) unless his left-hand "
            "opponent calls first (Law 36A)."
        )
    return f"{said} His left-hand opponent may accept it (Law 29A)."


def out_of_rotation_accepted(seat: int, call: str) -> str:
    return f"{_n(seat)}'s {call_words(call)} is accepted: it stands as if in rotation (Law 29A)."


def out_of_rotation_cancelled(seat: int, call: str, turn: int) -> str:
    return (
        f"{_n(seat)}'s {call_words(call)} is cancelled and the auction goes back to "
        f"{_n(turn)} (Law 29B)."
    )


def cancelled_by_right_player(seat: int, offender: int) -> str:
    return (
        f"{_n(seat)}, whose turn it was, calls: {_n(offender)}'s call out of rotation is "
        "cancelled without rectification (Law 28B)."
    )


def inadmissible(seat: int, call: str, law: str) -> str:
    why = {
        "36": "a double or redouble Law 19 does not permit",
        "37": "a call by a player required to pass",
        "38": "a bid of more than seven",
    }[law]
    return f"{_n(seat)}'s {call_words(call)} is {why} (Law {law})."


def rectified(seat: int, call: str, law: str) -> str:
    return (
        f"{_n(seat)}'s {call_words(call)} is cancelled: he must make a legal call, and his "
        f"partner must pass whenever it is his turn (Law 36B)."
    )


def pass_substituted(seat: int, call: str, law: str) -> str:
    clause = "37B" if law == "37" else "38B, 38C"
    return (
        f"{_n(seat)}'s {call_words(call)} is cancelled and a pass is put in its place; both "
        f"players of his side must pass whenever it is their turn (Law {clause})."
    )


def barred_call_stands(seat: int, call: str) -> str:
    return (
        f"{_n(seat)}'s left-hand opponent called before any rectification: {call_words(call)} "
        "stands, and so does his call (Law 37A)."
    )


def back_to_turn_36a(seat: int) -> str:
    return (
        "The left-hand opponent called first: the inadmissible call and every call after it "
        f"are cancelled, and the auction goes back to {_n(seat)} with no rectification (Law 36A)."
    )


def nothing_more_39(offender: int) -> str:
    return "The left-hand opponent called first: no further rectification (Law 39B)."


def premature_replacement(seat: int, call: str) -> str:
    return (
        f"{_n(seat)} replaces his insufficient bid with {call_words(call)} before any ruling "
        "(Law 27C): his left-hand opponent may still accept the insufficient bid."
    )


def after_final_pass(seat: int, call: str, defender: bool) -> str:
    more = (
        "his left-hand opponent may have it rectified (Law 39C)"
        if defender and call != "pass"
        else "no further rectification (Law 39B)"
    )
    return f"{_n(seat)}'s {call_words(call)} after the final pass is cancelled (Law 39A); {more}."


def low_card_exposed(seat: int, card: int) -> str:
    return (
        f"{_n(seat)}'s {card_words(CARD_NAMES[card])} is face up until the auction ends; a "
        "single card below honour rank brings nothing more (Law 24A)."
    )


def card_exposed(seat: int, card: int, led: bool, law: str) -> str:
    what = "led prematurely" if led else "exposed"
    return (
        f"{_n(seat)}'s {card_words(CARD_NAMES[card])}, {what}, is face up until the auction "
        f"ends (Law {law})."
    )


def unintended(seat: int, old: str, new: str) -> str:
    return (
        f"{_n(seat)}'s {call_words(old)} was unintended: he replaces it with {call_words(new)}, "
        "which is ruled as if made then; no lead restriction follows (Law 25A)."
    )


# --- what the auction leaves to the play ------------------------------------------


def penalty_card_after_auction(seat: int, card: int) -> str:
    return (
        f"{_n(seat)} is a defender: his {card_words(CARD_NAMES[card])}, exposed during the "
        "auction, becomes a penalty card (Laws 24E, 50)."
    )


def picked_up(seat: int, card: int) -> str:
    return (
        f"{_n(seat)} is on the declaring side: his {card_words(CARD_NAMES[card])} goes back "
        "into his hand (Law 24D)."
    )


def standing_notes(a: Auction) -> list[str]:
    out = [barred(s, u, law) for s, (u, law) in sorted(a.bars.items())]
    if a.required is not None:
        out.append(must_repeat(a.required[0], a.required[1], a.required[2]))
    if a.pending is not None:
        out.append(pending_text(a))
    return out


__all__ = ["call_words", "option_label", "pending_text", "standing_notes"]
