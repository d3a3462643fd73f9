"""Revokes (Laws 61 to 64): the revoking play, its correction, establishment, and the
automatic trick adjustment when play ends.

Functions on a `Table` (`table.py` calls them from its moves); the words are in
`revoke_text.py`. A revoke is *open* from the revoking play until it is corrected
(Law 62) or established (Law 63A1: the offender or his partner leads or plays to the
following trick). At the end of play each established revoke gets its transfer
(Law 64A, or none under 64B).

Where the Laws leave a count open, the reading here: two revokes by one side can
never transfer more tricks than that side won from the first of them on. The Laws do not
say whether two revokes may draw on the same trick; a revoke left with less than Law 64A
gives (`due`) says so in its note, and with nothing left its clause is 64C (the Director
restores equity), never a 64A clause for a count of zero.

A revoke on trick 12 may still be corrected once established, while the hands are out
(Law 62D1, the exception in 63B): `correct` after trick 13 is complete swaps the
offender's two last cards between tricks 12 and 13.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import partner, trick_winner
from . import legal
from .pending import EngineError
from .state import Revoke
from .words import revoke_text as words

if TYPE_CHECKING:
    from .state import TableState


# --- the revoking play ---------------------------------------------------------


def play_revoke(t: TableState, seat: int, card: int) -> None:
    """`seat` plays `card` at his turn though Law 44 or a named restriction forbids it (61A)."""
    if t.pending is not None or seat != t.to_play:
        raise EngineError(words.not_at_his_turn(t, seat))
    if legal.legal_mask(t, seat) >> card & 1:
        raise EngineError(words.breaks_no_rule(t, seat, card))
    rule = legal.broken_rule(t, seat, card)
    if rule == "penalty":
        raise EngineError(words.penalty_card_not_played(seat, card))
    if rule == "committed":
        raise EngineError(words.committed_not_played(t, seat))
    bit = 1 << card
    was_major = bool(t.major_mask & bit) if t.pen_mask[seat] & bit else None
    lead = not t.trick
    r = Revoke(
        seat,
        t.trick_no,
        card // 13 if lead else t.led_suit,
        card,
        "44" if rule == "revoke" else "restriction",
        lead_req=t.lead_req,
        committed=t.committed[seat],
        designated=t.designated[seat],
        was_major=was_major,
    )
    reason = words.revoke_reason(t, seat, card, r.rule)
    before_partner = not t.played_seats >> partner(seat) & 1
    t._put(seat, card)
    t.revokes.append(r)
    t._note(words.revoked(seat, card, reason))
    if r.trick == 12 and t.is_defender(seat) and before_partner:
        t._note(words.TWELVE_16C)


def play_defective(t: TableState, seat: int, card: int) -> None:
    """Law 67B1: `seat` played no card to this trick, and it was found after both sides had
    played to the next. The Director has him place `card` among his played cards for it: a
    card of the suit led if he has one (67B1(a)), any card if not (67B1(b)), so a card Law 44
    lets him play here. He is deemed to have revoked on it (established: both sides have
    played on), the card does not change who won the trick, and Law 64A2 counts the
    transfer at the end of play."""
    if t.pending is not None or seat != t.to_play:
        raise EngineError(words.not_at_his_turn(t, seat))
    if not t.trick:
        raise EngineError(words.DEFECTIVE_NOT_A_LEAD)
    if not legal.legal_mask(t, seat) >> card & 1:
        raise EngineError(words.defective_must_follow(t, seat, card))
    r = Revoke(seat, t.trick_no, t.led_suit, card, "67B1", status="established")
    t._put(seat, card)
    t.revokes.append(r)
    t._note(words.placed(seat, card, r.trick))


def trick_won_by(t: TableState) -> int:
    """Who wins the full trick on the table: a card placed under Law 67B1 does not change
    who won it (it is left out of the count)."""
    placed = {(r.seat, r.card) for r in t.revokes if r.rule == "67B1" and r.trick == t.trick_no}
    return trick_winner([sc for sc in t.trick if sc not in placed], t.strain)


# --- establishment ----------------------------------------------------------------


def before_play(t: TableState, seat: int) -> None:
    """A lead or play by `seat` to the following trick establishes his side's open revoke."""
    target = t.trick_no + 1 if t.trick and t.played_seats >> seat & 1 else t.trick_no
    for r in t.revokes:
        if r.status == "open" and (r.seat ^ seat) & 1 == 0 and target > r.trick:
            r.status = "established"
            t._note(words.established(r.seat, r.trick, seat))


# --- correction (Law 62) ------------------------------------------------------------


def describe_correction(t: TableState, event: dict[str, object]) -> str:
    """Words for a `correct` event, said of the table just before it (for the event list)."""
    return words.describe_correction(correctable(t) or late_twelve(t), event)


def late_twelve(t: TableState) -> Revoke | None:
    """An established revoke on trick 12 that Law 62D1 still lets be corrected: play is
    over (the engine models the correction once trick 13 is complete)."""
    if not t.finished:
        return None
    return next((r for r in t.revokes if r.status == "established" and r.trick == 12), None)


def correctable(t: TableState) -> Revoke | None:
    """The open revoke that may still be corrected now, if any (no card led to the next trick)."""
    for r in t.revokes:
        if r.status != "open":
            continue
        if t.trick_no == r.trick or (
            t.trick_no == r.trick + 1 and not t.trick and t.lead_decided != t.trick_no
        ):
            return r
    return None


def _reopen(t: TableState) -> None:
    """Take the trick just closed back onto the table (it held the revoke)."""
    leader, cards, winner = t.tricks.pop()
    assert t.last_closed is not None
    t.play_restr, t.lead_forbid = t.last_closed
    t.won[winner & 1] -= 1
    t.trick = list(cards)
    t.leader = leader
    t.played_seats = 0
    for s, _ in cards:
        t.played_seats |= 1 << s
    t.led_suit = cards[0][1] // 13
    t.trick_no -= 1


def _revoke_trick(t: TableState, r: Revoke) -> list[tuple[int, int]]:
    """The cards of the revoke trick: the trick in progress, or the one just closed."""
    return t.tricks[-1][1] if t.trick_no == r.trick + 1 else t.trick


def substitutes(t: TableState, r: Revoke) -> int:
    """The cards the offender may legally play in place of the revoked card (62B), as a mask.

    The position is the trick as it stood when he revoked; the table is left as it was.
    """
    cards = _revoke_trick(t, r)
    i = next(i for i, (s, c) in enumerate(cards) if s == r.seat and c == r.card)
    saved = (
        t.trick,
        t.played_seats,
        t.led_suit,
        t.hands[r.seat],
        t.lead_req,
        t.play_restr,
        t.committed[r.seat],
        t.designated[r.seat],
    )
    t.trick = cards[:i]
    t.played_seats = 0
    for s, _ in t.trick:
        t.played_seats |= 1 << s
    t.led_suit = t.trick[0][1] // 13 if t.trick else -1
    t.hands[r.seat] |= 1 << r.card
    if not t.trick:
        t.lead_req = r.lead_req
    if cards is not saved[0] and t.last_closed is not None:
        t.play_restr = t.last_closed[0]
    t.committed[r.seat] = r.committed
    t.designated[r.seat] = r.designated
    try:
        return legal.legal_mask(t, r.seat) & ~(1 << r.card)
    finally:
        (
            t.trick,
            t.played_seats,
            t.led_suit,
            t.hands[r.seat],
            t.lead_req,
            t.play_restr,
            t.committed[r.seat],
            t.designated[r.seat],
        ) = saved


def correct(t: TableState, card: int, withdraw: list[int]) -> None:
    """Attention is drawn to the open revoke (62A): the offender plays `card` instead (62B);
    the seats in `withdraw` take back the cards they played after it (62C)."""
    r = correctable(t)
    if r is None:
        late = late_twelve(t)
        if late is not None:
            correct_twelve(t, late, card, withdraw)
            return
        raise EngineError(words.nothing_to_correct(t))
    if t.pending is not None and t.pending.situation not in ("lead_options", "designate"):
        raise EngineError(words.decide_first(t))
    reopen = t.trick_no == r.trick + 1
    cards = _revoke_trick(t, r)
    i = next(i for i, (s, c) in enumerate(cards) if s == r.seat and c == r.card)
    after = [s for s, _ in cards[i + 1 :]]
    _check_withdraw(r, after, withdraw)
    mate = partner(r.seat)
    allowed = substitutes(t, r)
    if card != r.card and not t.hands[r.seat] >> card & 1:
        raise EngineError(words.not_held_to_correct(r.seat, card))
    if not allowed >> card & 1:
        raise EngineError(words.may_not_substitute(t, r, card, allowed))
    if reopen:
        _reopen(t)
    t.pending = None
    seat = r.seat
    bit = 1 << card
    t.hands[seat] ^= bit
    t.hands[seat] |= 1 << r.card
    t.trick[i] = (seat, card)
    if i == 0:
        t.led_suit = card // 13
        t.lead_req = None
    if t.pen_mask[seat] & bit:
        t.pen_mask[seat] ^= bit
        t.major_mask &= ~bit
    t.committed[seat] = -1
    t.designated[seat] = -1
    defender = t.is_defender(seat)
    if defender and r.was_major is not None:  # a faced card goes back as it was (62B2)
        t._add_penalty(seat, r.card, deliberate=r.was_major, quiet=True)
    elif defender:  # 62B1: from a defender's unfaced hand, a major penalty card
        t._add_penalty(seat, r.card, deliberate=True, quiet=True)
    for s in withdraw:
        c = next(c for x, c in t.trick if x == s)
        t.trick.remove((s, c))
        t.played_seats &= ~(1 << s)
        t.hands[s] |= 1 << c
        # A withdrawn card that was itself a revoke is no longer played: that revoke is gone.
        t.revokes = [
            q for q in t.revokes if not (q.seat == s and q.card == c and q.status == "open")
        ]
        if s == mate and t.is_defender(s):  # 62C2: played on purpose, so major (50B)
            t._add_penalty(s, c, deliberate=True, quiet=True)
        t._note(words.withdrawn(t, s, c, s == mate))
    r.status = "corrected"
    r.transfer = 0
    r.law = "62B"
    t._note(words.corrected(t, r, card))


def _check_withdraw(r: Revoke, after: list[int], withdraw: list[int]) -> None:
    if len(set(withdraw)) != len(withdraw):
        raise EngineError(words.WITHDRAW_TWICE)
    for seat in withdraw:
        if seat not in after:
            raise EngineError(words.did_not_play_after(seat, r))
    mate, lho = partner(r.seat), (r.seat + 1) & 3
    if mate in withdraw and lho not in withdraw:
        raise EngineError(words.partner_may_not_withdraw(mate, lho))


def correct_twelve(t: TableState, r: Revoke, card: int, withdraw: list[int]) -> None:
    """Law 62D1: an established revoke on trick 12, found before the hands go back into the
    board, is corrected all the same. Each player had two cards for tricks 12 and 13: the
    offender's card that follows (his trick-13 card) goes to trick 12 and the revoked card
    to trick 13, and each seat in `withdraw` that played after the revoke swaps his two
    cards the same way (62C). Trick 13 is played again from the new winner of trick 12,
    every card in it forced, and the tricks are counted again (Law 64 for the others)."""
    leader12, cards12, _ = t.tricks[11]
    _, cards13, _ = t.tricks[12]
    last = dict(cards13)
    if card != last[r.seat]:
        raise EngineError(words.twelve_must_substitute(r, last[r.seat], card))
    i = next(i for i, (s, c) in enumerate(cards12) if s == r.seat)
    _check_withdraw(r, [s for s, _ in cards12[i + 1 :]], withdraw)
    swap = {r.seat, *withdraw}
    now12 = [(s, last[s] if s in swap else c) for s, c in cards12]
    led = now12[0][1] // 13
    for s in withdraw:  # the card he plays instead must follow suit if he can (Law 44C)
        held = dict(cards12)[s]
        if last[s] // 13 != led and held // 13 == led:
            raise EngineError(words.twelve_must_follow(s, held, last[s]))
    rest = {s: c for s, c in cards12 if s in swap} | {s: last[s] for s in last if s not in swap}
    win12 = trick_winner(now12, t.strain)
    now13 = [((win12 + k) & 3, rest[(win12 + k) & 3]) for k in range(4)]
    t.tricks[11] = (leader12, now12, win12)
    t.tricks[12] = (win12, now13, trick_winner(now13, t.strain))
    t.won = [sum(1 for *_, w in t.tricks if w & 1 == side) for side in (0, 1)]
    r.status, r.transfer, r.law, r.due = "corrected", 0, "62D1", None
    for s in withdraw:
        t._note(words.withdrawn_twelve(s, dict(cards12)[s]))
    t._note(words.corrected_twelve(t, r, card))
    adjust(t)


# --- the adjustment at the end of play (Law 64) ----------------------------------------


def adjust(t: TableState) -> None:
    """Give each established revoke its transfer and clause, once all 13 tricks are played."""
    for r in t.revokes:
        if r.status == "open":  # cannot happen when every trick was played; be safe
            r.status = "established"
    est = [r for r in t.revokes if r.status == "established"]
    if not est:
        return
    both = len({r.seat & 1 for r in est}) == 2
    for k, r in enumerate(est):
        side = r.seat & 1
        tricks = t.tricks[r.trick - 1 :]
        won_later = any(w & 1 == side for _, _, w in tricks[1:])
        winner = tricks[0][2]
        if both:
            r.transfer, r.law = 0, "64B7"
        elif r.seat == t.dummy:
            r.transfer, r.law = 0, "64B3"
        elif r.trick == 12:
            r.transfer, r.law = 0, "64B6"
        elif any(q.seat == r.seat and q.suit == r.suit for q in est[:k]):
            r.transfer, r.law = 0, "64B2"
        elif winner == r.seat:  # footnote 19: a trick won in dummy is not won by declarer
            r.transfer, r.law = 1 + won_later, "64A1"
        elif winner & 1 == side or won_later:
            r.transfer, r.law = 1, "64A2"
        else:
            r.transfer, r.law = 0, "64B1"
    for side in (0, 1):
        mine = [r for r in est if r.seat & 1 == side]
        if not mine:
            continue
        first = min(r.trick for r in mine)
        room = sum(1 for _, _, w in t.tricks[first - 1 :] if w & 1 == side)
        for r in mine:
            assert r.transfer is not None
            r.due = r.transfer
            r.transfer = min(r.transfer, room)
            room -= r.transfer
            if r.due and not r.transfer:  # nothing left to go across: no 64A count of zero
                r.law = "64C"
    for r in est:
        t._note(words.adjustment(t, r))


def tricks_adjusted(t: TableState) -> dict[str, int] | None:
    """The tricks each side is credited with after every transfer; None until play ends."""
    if not t.finished:
        return None
    won = list(t.won)
    for r in t.revokes:
        if r.status == "established" and r.transfer:
            won[r.seat & 1] -= r.transfer
            won[1 - (r.seat & 1)] += r.transfer
    return {"NS": won[0], "EW": won[1]}


__all__ = [
    "adjust",
    "correct",
    "correctable",
    "describe_correction",
    "late_twelve",
    "play_defective",
    "trick_won_by",
    "play_revoke",
    "substitutes",
]
