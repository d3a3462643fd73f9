"""Which cards a player may play now: Law 44, then the restrictions and penalty-card duties.

Public, so the simulator and the double-dummy analysis ask the same questions the
`Table` does instead of working them out again. Every function reads a `Table`
and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import LOW_MASK, SUIT_MASK, suits_mask

if TYPE_CHECKING:
    from .state import TableState


def follow_cards(table: TableState, seat: int) -> tuple[int, int]:
    """(cards legal by Law 44 alone, cards of the suit led he holds)."""
    h = table.hands[seat]
    if table.trick:
        follow = h & SUIT_MASK[table.led_suit]
        return (follow or h), follow
    return h, 0


def restricted(table: TableState, seat: int, base: int, follow: int) -> int:
    """Apply lead (50D2, 51B) and play (57A) restrictions; Law 59 when he cannot comply."""
    m = base
    if not table.trick:
        lr = table.lead_req
        if lr is not None and lr[0] == seat:
            x = m & suits_mask(lr[1])
            if x:
                m = x
        lf = table.lead_forbid
        if lf is not None and lf[0] == seat:
            x = m & ~suits_mask(lf[1])
            if x:
                m = x
    else:
        pr = table.play_restr
        if pr is not None and pr[0] == seat:
            mode = pr[1]
            if mode == "highest":
                if follow:
                    m = 1 << (follow.bit_length() - 1)
            elif mode == "lowest":
                if follow:
                    m = follow & -follow
            elif mode == "required":
                if not follow:
                    x = m & suits_mask(pr[2])
                    if x:
                        m = x
            else:  # forbidden
                x = m & ~suits_mask(pr[2])
                if x:
                    m = x
    return m


def allowed_by_restrictions(table: TableState, seat: int) -> int:
    """Cards Law 44 and the restrictions allow, before any penalty-card duty."""
    base, follow = follow_cards(table, seat)
    return restricted(table, seat, base, follow)


def penalty_duty(table: TableState, seat: int, m: int) -> int:
    """Narrow the restricted cards by Laws 57D, 50D1 and 50C."""
    c = table.committed[seat]
    if c >= 0 and m >> c & 1:
        return 1 << c
    pm = table.pen_mask[seat]
    if pm:
        # 50D1(a): a major penalty card must be played at the first legal opportunity;
        # 50D1(b): only among cards already legal (follow suit, obey restrictions).
        maj = pm & table.major_mask & m
        if maj:
            d = table.designated[seat]
            if d >= 0 and maj >> d & 1:
                return 1 << d
            return maj
        minor = pm & ~table.major_mask
        if minor:
            # 50C: no other card of that suit below honour rank until it is played.
            c = minor.bit_length() - 1
            x = m & ~(LOW_MASK & SUIT_MASK[c // 13] & ~(1 << c))
            if x:
                m = x
    return m


def legal_mask(table: TableState, seat: int | None = None) -> int:
    """Cards `seat` (default: the seat to play) may play now without a new irregularity."""
    if seat is None:
        seat = table.to_play
        if seat is None:
            return 0
    base, follow = follow_cards(table, seat)
    if not (
        table.pen_mask[seat]
        or table.committed[seat] >= 0
        or table.lead_req
        or table.lead_forbid
        or table.play_restr
    ):
        return base
    return penalty_duty(table, seat, restricted(table, seat, base, follow))


def broken_rule(table: TableState, seat: int, card: int) -> str:
    """For a card `seat` holds but may not play at his turn, the rule it would break:
    "revoke" (Law 44), "restriction" (a lead or play restriction), "committed" (Law 57D)
    or "penalty" (Law 50)."""
    base, follow = follow_cards(table, seat)
    bit = 1 << card
    if not base & bit:
        return "revoke"
    if not restricted(table, seat, base, follow) & bit:
        return "restriction"
    if table.committed[seat] >= 0:
        return "committed"
    return "penalty"


def bound_by_nothing(table: TableState, seat: int) -> bool:
    """May `seat` play to this trick whatever Law 44 alone allows (nothing binds him)?

    False too when he holds two or more major penalty cards he could play: declarer
    would designate one (Law 51A).
    """
    base = follow_cards(table, seat)[0]
    if legal_mask(table, seat) != base:
        return False
    majors = table.pen_mask[seat] & table.major_mask & base
    return majors.bit_count() < 2
