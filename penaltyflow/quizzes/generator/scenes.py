"""The moments a recipe starts from, by name (`SCENES`). No Django here.

A scene plays a random deal to a moment the Laws have something to say about ("partner on
lead with a major penalty card", "a defender leads out of turn", ...) and returns the
`Moment`: who is who and which cards matter, by name, for the recipe's follow-up moves, its
question and its teaching text. Many recipes share a scene; each asks something else of it.
"""

from __future__ import annotations

from collections.abc import Callable

from penaltyflow.engine.core.cards import LOW_MASK, SUIT_MASK, cards_of, is_honour, partner
from penaltyflow.engine.core.vocab import SEATS
from penaltyflow.engine.play.legal import allowed_by_restrictions

from .moment import SCENES, Moment, Scene, found, scene
from .play import (
    LEAD_OUT_OF_TURN,
    PLAYED_AT_RHO_TURN,
    PLAYED_BEFORE_PARTNER,
    TWO_CARDS_AT_ONCE,
    Draft,
    Skip,
    _name,
    _waiting_defender,
    cl,
    defender_with,
    drop,
    holding,
    honours,
    lead_moment,
    who,
)

# Law 48: declarer's cards are never penalty cards.


@scene("declarer drops a card")
def declarer_drops(d: Draft) -> Moment:
    d.midway((0, 5), (0, 2))
    d.scene()
    seat = d.table.declarer  # dummy's cards are face up anyway
    card = d.rng.choice(cards_of(d.table.hands[seat]))
    d.expose(
        seat,
        card,
        words=f"Declarer {who(seat)} dropped the {cl(card)} face up on the table by accident.",
    )
    return found({"declarer": seat}, card=card)


@scene("declarer drops a card at his turn")
def declarer_drops_at_his_turn(d: Draft) -> Moment:
    d.midway((0, 5), (1, 3))
    t = d.table
    seat = t.to_play
    # Declarer's own hand: a card of dummy's he touches is played (Law 45C3).
    if seat != t.declarer or not t.hands[seat] & SUIT_MASK[t.led_suit]:
        raise Skip
    d.scene()
    others = t.hands[seat] & ~SUIT_MASK[t.led_suit]
    card = d.pick(cards_of(others))
    told = "declarer dropped the {c} face up on the table by accident; he had not played it"
    d.expose(seat, card, words=f"While he thought about his play, {told.format(c=cl(card))}.")
    return found({"declarer": seat}, card=card)


# Laws 49 and 50B: a defender's card exposed, and what kind of penalty card it is.

NAMED = (
    "During the play {p} said: “Don't worry partner, I still have the {c}.” Nobody saw the "
    "card; he named it."
)
COULD_SEE = (
    "{p} held his cards so low that the {c} was in plain view: {partner} could have seen its "
    "face. Nobody meant it."
)


def _exposed(
    hi: int,
    mid: bool,
    seat_test: Callable[[Draft, int], bool],
    pick: Callable[[list[int]], list[int]],
    words: str = "",
    deliberate: bool = False,
) -> Scene:
    """A defender's card exposed between or during tricks: `seat_test` picks the defender,
    `pick` his cards that fit (none: the next deal), `words` tell it (a drop if empty)."""

    def play(d: Draft) -> Moment:
        d.opening(1, hi)
        if mid:
            d.mid_trick(d.rng.randint(0, 2))
        d.scene()
        seat = defender_with(d, lambda s: seat_test(d, s))
        fits = pick(cards_of(d.table.hands[seat]))
        card = d.pick(fits)
        if words:
            text = words.format(p=who(seat), c=cl(card), partner=who(partner(seat)))
            d.expose(seat, card, deliberate, words=text)
        else:
            drop(d, seat, card)
        return found({"offender": seat}, card=card)

    return play


def _any(d: Draft, s: int) -> bool:
    return True


def _all(cards: list[int]) -> list[int]:
    return cards


def _tens(cards: list[int]) -> list[int]:
    return [c for c in cards if c % 13 == 8]


def _lows(cards: list[int]) -> list[int]:
    return [c for c in cards if not is_honour(c)]


def _honours(cards: list[int]) -> list[int]:
    return [c for c in cards if is_honour(c)]


# An honour named: major however it was exposed. Whether a low card named is major or minor
# is the Director's judgement, so no scene names one.
SCENES["a defender names an honour"] = _exposed(
    6,
    False,
    lambda d, s: any(is_honour(c) for c in cards_of(d.table.hands[s])),
    _honours,
    NAMED,
    deliberate=True,
)
SCENES["partner could see a card"] = _exposed(6, True, _any, _all, COULD_SEE)
SCENES["a defender drops a ten"] = _exposed(
    6, False, lambda d, s: any(c % 13 == 8 for c in cards_of(d.table.hands[s])), _tens
)
SCENES["a defender drops a low card"] = _exposed(
    6, True, lambda d, s: not d.table.pen_mask[s], _lows
)


@scene("a defender drops two low cards")
def two_low_cards(d: Draft) -> Moment:
    d.opening(1, 5)
    d.scene()
    seat = defender_with(d, lambda s: True)
    lows = _lows(cards_of(d.table.hands[seat]))
    if len(lows) < 2:
        raise Skip
    first, second = d.rng.sample(lows, 2)
    drop(d, seat, first)
    d.expose(seat, second, words=f"A moment later {who(seat)} dropped the {cl(second)} too.")
    return found({"offender": seat}, card=first, second=second)


@scene("a minor card bites")
def minor_card_bites(d: Draft) -> Moment:
    """A low card dropped with an honour and another low card of its suit beside it; play on
    to the moment where it bars a card he could otherwise play (Law 50C)."""
    d.opening(1, 4)
    t = d.table

    def good(s: int) -> bool:
        for suit in range(4):
            cards = holding(t, s, suit)
            low = [c for c in cards if not is_honour(c)]
            if len(low) >= 2 and len(low) < len(cards):
                return True
        return False

    seat = defender_with(d, good)
    suits = [
        s
        for s in range(4)
        if 2 <= len([c for c in holding(t, seat, s) if not is_honour(c)]) < len(holding(t, seat, s))
    ]
    suit = d.rng.choice(suits)
    card = d.rng.choice([c for c in holding(t, seat, suit) if not is_honour(c)])
    d.scene()
    drop(d, seat, card)
    mark = d.mark()
    for _ in range(3):  # his turn to lead, or the suit led, or a discard: a moment that bites
        d.until(lambda tb: tb.to_play == seat, 8, tell=False)
        if not t.pen_mask[seat]:
            raise Skip
        low_left = t.hands[seat] & SUIT_MASK[suit] & LOW_MASK & ~t.pen_mask[seat]
        free = allowed_by_restrictions(t, seat)  # what he could play without the card
        if low_left & free & ~t.legal_mask(seat):
            break
        d.step()
    else:
        raise Skip
    d.since(mark)
    return found({"offender": seat}, card=card)


def _honour_dropped_mid_trick(of_suit_led: bool) -> Scene:
    """A defender still to play drops an honour (a major penalty card), of the suit led or
    of another; play goes on to his turn (Law 50D1)."""

    def play(d: Draft) -> Moment:
        d.midway((1, 5), (1, 2))
        t = d.table
        led = t.led_suit
        if of_suit_led:
            seat = _waiting_defender(
                d, lambda s: len(holding(t, s, led)) >= 2 and honours(holding(t, s, led))
            )
            card = d.rng.choice(honours(holding(t, seat, led)))
        else:
            seat = _waiting_defender(
                d,
                lambda s: len(holding(t, s, led)) >= 2
                and any(is_honour(c) for c in cards_of(t.hands[s] & ~SUIT_MASK[led])),
            )
            card = d.rng.choice(honours(cards_of(t.hands[seat] & ~SUIT_MASK[led])))
        d.scene()
        drop(d, seat, card)
        d.until(lambda tb: tb.to_play == seat, 3)
        return found({"offender": seat}, card=card)

    return play


SCENES["an honour of the suit led dropped"] = _honour_dropped_mid_trick(True)
SCENES["an honour of another suit dropped"] = _honour_dropped_mid_trick(False)


# Laws 50D2 and 51B: partner on lead with a major penalty card (or two) on the table.


def _partner_on_lead(two_suits: bool) -> Scene:
    """A new trick with a defender on lead and a major penalty card (or two) of his partner's
    on the table: an honour dropped, or the partner's lead out of turn, refused (Law 56B)."""

    def play(d: Draft) -> Moment:
        t = d.table
        leader = lead_moment(d, d.is_defender)
        offender = partner(leader)
        d.scene()
        seats = {"offender": offender, "leader": leader}
        cards = cards_of(t.hands[offender])
        if two_suits:
            first = d.rng.choice(cards)
            other = [c for c in cards if c // 13 != first // 13]
            second = d.pick(other)
            words = (
                f"While {who(leader)} thought about his lead, {who(offender)} fumbled his cards "
                f"and two fell face up: the {cl(first)} and the {cl(second)}."
            )
            d.expose(offender, first, words=words)
            d.expose(offender, second, words=words)
            return found(seats, first=first, second=second)
        card = d.rng.choice(cards)
        if is_honour(card) and d.rng.random() < 0.4:
            drop(d, offender, card)
            return found(seats, card=card)
        d.play(
            offender,
            card,
            words=f"It was {who(leader)}'s lead, but {who(offender)} led the {cl(card)}.",
            expect=LEAD_OUT_OF_TURN,
        )
        d.decide("refuse", words=f"Declarer did not accept the lead. Now {who(leader)} must lead.")
        return found(seats, card=card)

    return play


SCENES["partner on lead with a major penalty card"] = _partner_on_lead(False)
SCENES["partner on lead with penalty cards in two suits"] = _partner_on_lead(True)


@scene("two penalty cards and his lead")
def two_on_his_lead(d: Draft) -> Moment:
    t = d.table
    seat = lead_moment(d, d.is_defender)
    d.scene()
    cards = cards_of(t.hands[seat])
    if len(cards) < 3:
        raise Skip
    two = d.rng.sample(cards, 2)
    # Not as he reached for his lead: two cards shown as a lead would be Law 58B.
    words = (
        f"Turning his card of the last trick face down, {who(seat)} knocked two cards out of "
        f"his hand, and they fell face up: the {cl(two[0])} and the {cl(two[1])}."
    )
    d.expose(seat, two[0], words=words)
    d.expose(seat, two[1], words=words)
    return found({"offender": seat}, first=two[0], second=two[1])


# Law 52: a penalty card not played when the law required it.


@scene("a penalty card not played")
def wrong_card(d: Draft) -> Moment:
    """A defender who must play a penalty card (major, or a minor's suit) plays another."""
    d.midway((1, 5), (1, 2))
    t = d.table
    led = t.led_suit
    seat = _waiting_defender(d, lambda s: len(holding(t, s, led)) >= 3)
    cards = holding(t, seat, led)
    minor = d.rng.random() < 0.35
    if minor:
        lows = [c for c in cards if not is_honour(c)]
        if len(lows) < 2:
            raise Skip
        card = d.rng.choice(lows)
    else:
        card = d.rng.choice(honours(cards))  # an honour dropped: major
    d.scene()
    drop(d, seat, card)
    d.until(lambda tb: tb.to_play == seat, 3)
    wrong = t.hands[seat] & SUIT_MASK[led] & ~t.legal_mask(seat)
    if minor:
        wrong &= ~sum(1 << c for c in cards_of(wrong) if is_honour(c))
    other = d.pick(cards_of(wrong))
    d.play(
        seat,
        other,
        words=(
            f"At his turn {who(seat)} played the {cl(other)}, leaving the {cl(card)} on the table."
        ),
        expect="penalty card not played",
    )
    return found({"offender": seat}, card=card, other=other)


# Laws 53 to 56: leads out of turn.


def _lead_out_of_turn(offender_test, last: bool = False, maybe_last: bool = False) -> Scene:
    """Someone leads when it was another seat's lead: `offender_test(d, seat, proper)`."""

    def play(d: Draft) -> Moment:
        t = d.table
        at_13 = last or (maybe_last and d.rng.random() < 0.15)
        if at_13:
            d.tricks(12)
        else:
            d.opening(1, 6)
        proper = t.leader
        seats = [s for s in range(4) if s != proper and offender_test(d, s, proper)]
        seat = d.pick(seats)
        d.scene()
        card = d.rng.choice(cards_of(t.hands[seat]))
        if seat == t.dummy:
            led = f"declarer led the {cl(card)} from dummy ({who(seat)})"
        elif seat == t.declarer:
            led = f"declarer {who(seat)} led the {cl(card)} from his own hand"
        else:
            led = f"{who(seat)} led the {cl(card)}"
        d.play(
            seat, card, words=f"It was {who(proper)}'s lead, but {led}.", expect=LEAD_OUT_OF_TURN
        )
        if t.pending is None:
            raise Skip
        return found({"offender": seat, "proper": proper}, card=card)

    return play


def _defender(d: Draft, s: int, proper: int) -> bool:
    return d.is_defender(s)


def _declarer_side(d: Draft, s: int, proper: int) -> bool:
    return not d.table.is_defender(s)


SCENES["a defender leads out of turn"] = _lead_out_of_turn(_defender)
SCENES["declarer leads out of turn"] = _lead_out_of_turn(_declarer_side)
SCENES["declarer leads out of turn, now and then at trick 13"] = _lead_out_of_turn(
    _declarer_side, maybe_last=True
)
SCENES["a lead out of turn at trick 13"] = _lead_out_of_turn(lambda d, s, p: True, last=True)
SCENES["a defender leads out of turn when declarer's side should"] = _lead_out_of_turn(
    lambda d, s, p: d.is_defender(s) and not d.table.is_defender(p)
)
_defender_with_a_low_card = _lead_out_of_turn(
    lambda d, s, p: d.is_defender(s) and any(not is_honour(c) for c in cards_of(d.table.hands[s]))
)


@scene("a defender leads a low card out of turn")
def defender_leads_low(d: Draft) -> Moment:
    m = _defender_with_a_low_card(d)
    if is_honour(m.cards["card"]) and d.rng.random() < 0.7:
        raise Skip  # mostly low cards: the trap is to call them minor
    return m


@scene("an opening lead out of turn")
def opening_out_of_turn(d: Draft) -> Moment:
    t = d.table
    seat = (t.declarer + 3) & 3  # declarer's right-hand opponent, not the opening leader
    card = d.rng.choice(cards_of(t.hands[seat]))
    d.scene()
    proper = t.leader
    d.play(
        seat,
        card,
        words=(
            f"The auction is over. {who(t.leader)} should make the opening lead, but "
            f"{who(seat)} faced the {cl(card)}."
        ),
        expect=LEAD_OUT_OF_TURN,
    )
    return found({"offender": seat, "partner": partner(seat), "proper": proper}, card=card)


# Law 57: a defender plays too early.


@scene("a defender plays before his partner")
def premature(d: Draft) -> Moment:
    """A defender plays before his partner has played to the trick (Law 57A)."""
    d.opening(1, 6)
    t = d.table
    d.until(lambda tb: not tb.is_defender(tb.leader), 8, tell=False)
    if t.trick:
        d.tricks(1)
    for _ in range(3):
        if not t.is_defender(t.leader):
            break
        d.tricks(1)
    else:
        raise Skip
    d.step()  # declarer's side leads
    lead = t.trick[0]
    early = (lead[0] + 3) & 3  # fourth hand plays before second hand, his partner
    d.scene()
    hand = t.hands[early]
    follow = hand & SUIT_MASK[t.led_suit]
    card = d.rng.choice(cards_of(follow or hand))
    d.play(
        early,
        card,
        words=(
            f"Before {who(partner(early))} had played, {who(early)} put the {cl(card)} on the "
            "trick."
        ),
        expect=PLAYED_BEFORE_PARTNER,
    )
    if t.pending is None or t.pending.situation != "premature":
        raise Skip
    return found({"offender": early, "partner": partner(early)}, card=card)


def _at_rho_turn(legal: bool) -> Scene:
    """A trick led by a defender; his partner plays before declarer's side has (Law 57D): a
    card he could play at his turn (it waits for it) or one he could not (a penalty card)."""

    def play(d: Draft) -> Moment:
        t = d.table
        lead_moment(d, d.is_defender)
        d.step()  # the defender leads
        rho = t.to_play  # declarer's side
        late = partner(t.trick[0][0])
        follow = t.hands[late] & SUIT_MASK[t.led_suit]
        other = t.hands[late] & ~SUIT_MASK[t.led_suit]
        if legal and follow.bit_count() < 2 or not legal and not (follow and other):
            raise Skip
        card = d.rng.choice(cards_of(follow if legal else other))
        d.scene()
        d.play(
            late,
            card,
            words=f"Before {who(rho)} had played, {who(late)} put the {cl(card)} on the trick.",
            expect=PLAYED_AT_RHO_TURN,
        )
        if legal:
            d.step()
            d.say(f"{who(rho)} then played the {cl(t.trick[-1][1])}.")
        return found({"offender": late, "rho": rho}, card=card)

    return play


SCENES["a legal card played at his right-hand opponent's turn"] = _at_rho_turn(True)
SCENES["a card he may not play, played at his right-hand opponent's turn"] = _at_rho_turn(False)


# Law 58B2: two cards played at once.


@scene("two cards played at once")
def two_at_once(d: Draft) -> Moment:
    d.midway((1, 5), (0, 3))
    t = d.table
    seat = t.to_play
    if seat is None or not d.is_defender(seat) or t.pen_mask[seat] or t.pending is not None:
        raise Skip
    meant = d.regular_card(seat)
    others = [c for c in cards_of(t.hands[seat]) if c != meant]
    other = d.pick(others)
    d.scene()
    d.apply(
        {"play": [_name(meant), _name(other)], "seat": SEATS[seat], "meant": _name(meant)},
        words=(
            f"{who(seat)} pulled two cards out together and both landed face up on the trick: "
            f"the {cl(meant)} and the {cl(other)}. He said he meant the {cl(meant)}."
        ),
        expect=TWO_CARDS_AT_ONCE,
    )
    return found({"offender": seat}, meant=meant, other=other)
