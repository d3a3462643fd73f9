"""Revokes (Laws 61 to 64): the scenes and moves of the revoke recipes. No Django here.

A scene here plays a deal to a revoke (a card of another suit played by a player who holds
the suit led, Law 61A), told as it happened; the moves correct it before it is established
(Law 62), play on to what a corrected card means next (Law 50), or play the deal to the end
(Law 64: the transfer is read from the engine's replay, never written here).
"""

from __future__ import annotations

from collections.abc import Callable

from penaltyflow.engine.core.cards import SUIT_MASK, cards_of, partner
from penaltyflow.engine.core.vocab import SEATS, SUITS, suit_word
from penaltyflow.engine.play import revoke as engine_revoke

from .moment import SCENES, Moment, Scene, found
from .play import CORRECTED, REVOKE, Draft, Skip, _name, cl, who

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
        suit = suit_word(SUITS[t.led_suit])
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


def _finish_trick(d: Draft) -> None:
    mark = d.mark()
    while d.table.trick:
        d.step()
    d.since(mark)


def _correct(d: Draft, m: Moment, back: tuple[int, ...] = (), taken: str = "") -> int:
    """Attention is drawn to the open revoke (62A): the offender plays a card he may play
    instead (62B), and the seats in `back` take back the cards they played after it (62C)."""
    r = engine_revoke.correctable(d.table)
    if r is None:
        raise Skip
    new = d.pick(cards_of(engine_revoke.substitutes(d.table, r)))
    event: dict = {"correct": _name(new)}
    if back:
        event["withdraw"] = [SEATS[s] for s in back]
    words = (
        "Attention was drawn to the revoke before it was established: "
        f"{who(m.seats['offender'])} put the {cl(new)} in place of the {m.words['card']}"
    )
    d.apply(event, words=words + (f"; {taken}." if taken else "."), expect=CORRECTED)
    return new


def corrected(d: Draft, m: Moment) -> None:
    """Attention is drawn to the revoke before it is established (Law 62A), at once or once
    the trick is complete; the offender plays a card he may play instead (62B)."""
    t = d.table
    if d.rng.random() < 0.5:
        _finish_trick(d)
    new = _correct(d, m)
    if not t.trick:  # the trick was complete: it is won again, with the new card
        d.say(f"With the {cl(new)} played, {who(t.tricks[-1][2])} won the trick.")
    m.card("new", new, m.seats["offender"])


def withdrawn(by: str) -> Callable[[Draft, Moment], None]:
    """The revoke trick is complete when attention is drawn; on the correction the next player
    takes his card back (62C1), and with "his partner", the offender's partner too (62C2)."""

    def move(d: Draft, m: Moment) -> None:
        seat = m.seats["offender"]
        _finish_trick(d)
        cards = d.table.tricks[-1][1]
        after = dict(cards[[s for s, _ in cards].index(seat) + 1 :])
        back = [(seat + 1) & 3] + ([partner(seat)] if by == "his partner" else [])
        if not all(s in after for s in back):
            raise Skip
        taken = f"{who(back[0])} took back the {cl(after[back[0]])}"
        taken += "".join(f" and {who(s)} the {cl(after[s])}" for s in back[1:])
        _correct(d, m, tuple(back), taken)
        m.card("withdrawn", after[back[-1]], back[-1])
        m.seat("taker", back[-1])

    return move


def on_to_his_next_turn(d: Draft, m: Moment) -> None:
    """Play on to the offender's next turn, the corrected card still before him (Law 50D1)."""
    seat = m.seats["offender"]
    d.until(lambda tb: tb.to_play == seat and bool(tb.pen_mask[seat]), 8)


def on_to_partner_lead(d: Draft, m: Moment) -> None:
    """Play on until the offender's partner wins a trick, the corrected card still on the
    table: declarer has the Law 50D2 options before he leads."""
    t = d.table
    d.until(lambda tb: tb.pending is not None, 12)
    if t.pending.situation != "lead_options" or t.leader != m.seats["partner"]:
        raise Skip


MOVES = {
    "attention is drawn to the revoke": corrected,
    "on to the offender's next turn": on_to_his_next_turn,
    "on to partner's lead": on_to_partner_lead,
}


# --- to the end of play (Law 64) ----------------------------------------------------


def _dummy(d: Draft, seat: int) -> bool:
    return seat == d.table.dummy


SCENES["a defender revokes late in the play"] = _revoke(_defender, 8, 10)
SCENES["a defender revokes at trick 12"] = _revoke(_defender, 11, 11)
SCENES["declarer revokes from dummy"] = _revoke(_dummy)


def another_revoke(by: str) -> Callable[[Draft, Moment], None]:
    """Play on to a second revoke, by `by`: "the same player" (in the suit of his first),
    "his partner" or "an opponent" of the first offender."""

    def move(d: Draft, m: Moment) -> None:
        t = d.table
        first = m.seats["offender"]
        seat = {"the same player": first, "his partner": partner(first)}.get(by, -1)
        suit = t.revokes[0].suit if by == "the same player" else -1
        mark = d.mark()
        for _ in range(40):
            s = t.to_play
            if t.finished or t.pending is not None:
                raise Skip
            if s is not None and t.trick and t.trick_no > t.revokes[0].trick + 1:
                wanted = s == seat if seat >= 0 else (s - first) & 1 and s != t.dummy
                hand = t.hands[s]
                other = cards_of(hand & ~SUIT_MASK[t.led_suit])
                if wanted and hand & SUIT_MASK[t.led_suit] and other and not t.pen_mask[s]:
                    if suit < 0 or t.led_suit == suit:
                        break
            d.step()
        else:
            raise Skip
        d.since(mark)
        card = d.pick(other)
        held = suit_word(SUITS[t.led_suit])
        words = f"{who(s)} played the {cl(card)}, though he held a {held}: a revoke."
        if s == t.declarer:
            words = "Declarer " + words
        d.play(s, card, words=words, expect=REVOKE, revoke=True)
        m.seat("second", s)

    return move


def to_the_end(d: Draft, m: Moment) -> None:
    """Ordinary play to the end of the deal; the story says what the Law 64 count needs: who
    won each revoke trick, and the tricks each side won from it on."""
    t = d.table
    mark = d.mark()
    while not t.finished:
        d.step()
    d.since(mark)
    for r in t.revokes:
        leader, cards, winner = t.tricks[r.trick - 1]
        card = next(c for s, c in cards if s == winner)
        place = f" with dummy's {cl(card)}" if winner == t.dummy else f" with the {cl(card)}"
        later = sum(1 for _, _, w in t.tricks[r.trick :] if w & 1 == r.seat & 1)
        d.say(
            f"{who(winner)} won trick {r.trick}, the trick of {who(r.seat)}'s revoke,{place}. "
            f"From trick {r.trick + 1} on, {SIDES[r.seat & 1]} won {later} of the "
            f"{13 - r.trick} tricks."
        )
    ns, ew = t.won
    d.say(f"Play is over: North–South took {ns} tricks, East–West {ew}.")


def laws_give(*laws: str) -> Callable[[Draft, Moment], None]:
    """Keep the deal only if the engine's adjustment of each revoke, in order, is by one of
    these clauses (a clause, or its start: "64A")."""

    def move(d: Draft, m: Moment) -> None:
        got = [r.law or "" for r in d.table.revokes]
        if len(got) != len(laws) or not all(
            g.startswith(w) for g, w in zip(got, laws, strict=True)
        ):
            raise Skip

    return move


def won_in_dummy(d: Draft, m: Moment) -> None:
    """Keep the deal only if dummy won the revoke trick (footnote 19: not won by declarer)."""
    r = d.table.revokes[0]
    if d.table.tricks[r.trick - 1][2] != d.table.dummy:
        raise Skip


MOVES |= {
    "play goes on to the end": to_the_end,
    "dummy won the revoke trick": won_in_dummy,
}
MADE = {
    "taken back by": lambda spec: withdrawn(spec["taken back by"]),
    "another revoke by": lambda spec: another_revoke(spec["another revoke by"]),
    "the laws give": lambda spec: laws_give(*spec["the laws give"]),
}
