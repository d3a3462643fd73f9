"""Revokes (Laws 61 to 64): the scenes and moves of the revoke recipes. No Django here.

A scene here plays a deal to a revoke (a card of another suit played by a player who holds
the suit led, Law 61A), told as it happened; the moves correct it before it is established
(Law 62), play on to what a corrected card means next (Law 50), or play the deal to the end
(Law 64: the transfer is read from the engine's replay, never written here).
"""

from __future__ import annotations

from collections.abc import Callable

from penaltyflow.engine import revoke as engine_revoke
from penaltyflow.engine.cards import SUIT_MASK, cards_of, partner

from .moment import SCENES, Moment, Scene, found
from .play import CORRECTED, REVOKE, Draft, Skip, _name, cl, suit_word, who

SIDES = ("North–South", "East–West")


def _revoke(offender: Callable[[Draft, int], bool], lo: int = 1, hi: int = 6) -> Scene:
    """Ordinary play until a player that passes `offender` is to play to a trick, holding the
    suit led and another suit, with no penalty card of his own: he plays the other suit."""

    def play(d: Draft) -> Moment:
        d.opening(lo, hi)
        t = d.table
        for _ in range(8):
            seat = t.to_play
            if seat is not None and t.pending is None and t.trick and offender(d, seat):
                hand = t.hands[seat]
                other = cards_of(hand & ~SUIT_MASK[t.led_suit])
                if hand & SUIT_MASK[t.led_suit] and other and not t.pen_mask[seat]:
                    break
            d.step()
        else:
            raise Skip
        d.scene()
        card = d.pick(other)
        suit = suit_word(t.led_suit)[:-1]
        if seat == t.dummy:
            player, held = f"Declarer played the {cl(card)} from dummy ({who(seat)})", "dummy held"
        elif seat == t.declarer:
            player, held = f"Declarer {who(seat)} played the {cl(card)}", "he held"
        else:
            player, held = f"{who(seat)} played the {cl(card)}", "he held"
        words = f"{player}, though {held} a {suit}: a revoke."
        d.play(seat, card, words=words, expect=REVOKE, revoke=True)
        return found({"offender": seat, "partner": partner(seat)}, card=card)

    return play


def _defender(d: Draft, seat: int) -> bool:
    return d.is_defender(seat) and d.table.committed[seat] < 0


def _declarer(d: Draft, seat: int) -> bool:
    return seat == d.table.declarer


SCENES["a defender revokes"] = _revoke(_defender)
SCENES["declarer revokes"] = _revoke(_declarer)


# --- moves ------------------------------------------------------------------------


def corrected(d: Draft, m: Moment) -> None:
    """Attention is drawn to the revoke before it is established (Law 62A), at once or once
    the trick is complete; the offender plays a card he may play instead (62B)."""
    t = d.table
    if d.rng.random() < 0.5:
        mark = d.mark()
        while t.trick:
            d.step()
        d.since(mark)
    r = engine_revoke.correctable(t)
    if r is None:
        raise Skip
    new = d.pick(cards_of(engine_revoke.substitutes(t, r)))
    seat = m.seats["offender"]
    d.apply(
        {"correct": _name(new)},
        words=(
            f"Attention was drawn to the revoke before it was established: {who(seat)} put the "
            f"{cl(new)} in place of the {m.words['card']}."
        ),
        expect=CORRECTED,
    )
    if not t.trick:  # the trick was complete: it is won again, with the new card
        d.say(f"With the {cl(new)} played, {who(t.tricks[-1][2])} won the trick.")
    m.card("new", new, seat)


def on_to_his_next_turn(d: Draft, m: Moment) -> None:
    """Play on to the offender's next turn, the corrected card still before him (Law 50D1)."""
    seat = m.seats["offender"]
    d.until(lambda tb: tb.to_play == seat and bool(tb.pen_mask[seat]), 8)


def on_to_partner_lead(d: Draft, m: Moment) -> None:
    """Play on until the offender's partner wins a trick, the corrected card still on the
    table: declarer has the Law 50D2 options before he leads."""
    t = d.table
    d.until(lambda tb: tb.pending is not None, 12)
    if t.pending.kind != "lead_options" or t.leader != m.seats["partner"]:
        raise Skip


MOVES = {
    "attention is drawn to the revoke": corrected,
    "on to the offender's next turn": on_to_his_next_turn,
    "on to partner's lead": on_to_partner_lead,
}
