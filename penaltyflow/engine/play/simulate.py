"""Random play with irregularities, for the bench and the property tests.

`random_deal(rng)` deals four hands; `play_out(table, rng, rate)` plays a deal to
the end with random legal cards, mixing in (with probability `rate` per move)
exposed cards, leads out of turn (some on an opponent's wrong word, 47E1),
premature plays (57A, 57D), early leads after partner has played, cards played
at once (58B2), wrong cards (Law 52) and revokes (Law 61A: against Law 44 or a named
restriction; about half of them corrected before they are established, with the
cards played after them withdrawn at random, 62C), and answering every pending decision
with a random option. It only generates moves inside what the engine models, so
an `EngineError` from it is a bug.
"""

from __future__ import annotations

import random

from ..core.cards import parse_card as _parse_card
from ..core.cards import parse_suits as _parse_suits
from ..core.cards import partner
from ..core.vocab import Option
from . import legal, revoke
from .table import Table


def random_deal(rng: random.Random) -> tuple[int, int, int, int]:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(deck):
        hands[i & 3] |= 1 << c
    return hands[0], hands[1], hands[2], hands[3]


def pick(mask: int, rng: random.Random) -> int:
    """A random card of a non-empty mask."""
    k = int(rng.random() * mask.bit_count())
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def decide_randomly(table: Table, rng: random.Random) -> Option:
    """Answer the pending decision with a random option; returns the event as a dict."""
    p = table.decision
    opt = p.options[int(rng.random() * len(p.options))]
    suit = _parse_suits(opt["suit"]) if "suit" in opt else None
    card = _parse_card(opt["card"]) if "card" in opt else None
    table.decide(opt["decide"], suit, card)
    return opt


def irregular_move(table: Table, rng: random.Random) -> str | None:
    """Try one random irregularity that the engine models; returns its name or None."""
    to_play = table.to_play
    r = rng.random()
    hands = table.hands
    if r < 0.35:
        seat = int(rng.random() * 4)
        face_up = table.pen_mask[seat] | (
            1 << table.committed[seat] if table.committed[seat] >= 0 else 0
        )
        free = hands[seat] & ~face_up
        if not free:
            return None
        table.expose(seat, pick(free, rng), rng.random() < 0.25)
        return "expose"
    if not table.trick:
        # a lead out of turn (Laws 53 to 56); the declaring side may not make the opening lead
        opening = table.trick_no == 1
        seats = [
            s
            for s in range(4)
            if s != to_play and hands[s] and not (opening and not table.is_defender(s))
        ]
        if not seats:
            return None
        seat = seats[int(rng.random() * len(seats))]
        if rng.random() < 0.1 and table.is_defender(seat):
            table.misinformed_lead(seat, pick(hands[seat], rng))
            return "lead on a wrong word"
        table.play(seat, pick(hands[seat], rng))
        return "lead out of turn"
    # a defender's premature play (57A) or play at his right-hand opponent's turn (57D)
    played = table.played_seats
    both = (1 << table.declarer) | (1 << table.dummy)
    seats = [
        s
        for s in range(4)
        if s != to_play
        and table.is_defender(s)
        and not played >> s & 1
        and table.committed[s] < 0
        and (played >> partner(s) & 1 or played & both != both)
    ]
    if seats and r < 0.75:
        seat = seats[int(rng.random() * len(seats))]
        table.play(seat, pick(hands[seat], rng))
        return "play out of turn"
    if r < 0.8:
        return _early_lead(table, rng)
    if r < 0.85:
        return _cards_at_once(table, rng)
    # Law 52: a defender plays another card where Law 50 required a penalty card
    if (
        to_play is not None
        and table.is_defender(to_play)
        and table.pen_mask[to_play]
        and table.committed[to_play] < 0
    ):
        allowed = legal.allowed_by_restrictions(table, to_play)
        wrong = allowed & ~legal.legal_mask(table, to_play)
        if wrong:
            table.play(to_play, pick(wrong, rng))
            return "wrong card"
    return None


def _early_lead(table: Table, rng: random.Random) -> str | None:
    """A defender who has played leads to the next trick after his partner has played too."""
    played = table.played_seats
    seats = [
        s
        for s in range(4)
        if table.is_defender(s)
        and played >> s & 1
        and played >> partner(s) & 1
        and table.hands[s]
        and s != table.to_play
    ]
    if not seats:
        return None
    seat = seats[int(rng.random() * len(seats))]
    table.play(seat, pick(table.hands[seat], rng))
    return "early lead"


def _cards_at_once(table: Table, rng: random.Random) -> str | None:
    """The player to play puts a legal card and another he holds on the table at once (58B2)."""
    seat = table.to_play
    if seat is None:
        return None
    meant = pick(legal.legal_mask(table, seat), rng)
    face_up = table.pen_mask[seat] | (1 << meant)
    if table.committed[seat] >= 0:
        face_up |= 1 << table.committed[seat]
    rest = table.hands[seat] & ~face_up
    if not rest:
        return None
    table.play_several(seat, [meant, pick(rest, rng)], meant)
    return "cards at once"


def revoke_move(table: Table, rng: random.Random) -> str | None:
    """The player to play revokes: a card Law 44 or a named restriction forbids (61A)."""
    seat = table.to_play
    if seat is None:
        return None
    wrong = table.hands[seat] & ~legal.legal_mask(table, seat)
    wrong &= ~table.pen_mask[seat]
    if table.committed[seat] >= 0:
        return None
    candidates = [
        c
        for c in range(52)
        if wrong >> c & 1 and legal.broken_rule(table, seat, c) in ("revoke", "restriction")
    ]
    if not candidates:
        return None
    table.play(seat, candidates[int(rng.random() * len(candidates))], revoke=True)
    return "revoke"


def correct_randomly(table: Table, rng: random.Random) -> bool:
    """Correct the open revoke, if one may be corrected now (62B), withdrawing at random (62C)."""
    r = revoke.correctable(table)
    if r is None or (
        table.pending is not None and table.pending.situation not in ("lead_options", "designate")
    ):
        return False
    allowed = revoke.substitutes(table, r)
    if not allowed:
        return False
    cards = table.tricks[-1][1] if table.trick_no == r.trick + 1 else table.trick
    i = next(i for i, (s, c) in enumerate(cards) if s == r.seat and c == r.card)
    withdraw = []
    lho = (r.seat + 1) & 3
    for s, _ in cards[i + 1 :]:
        if rng.random() < 0.5 and (s != partner(r.seat) or lho in withdraw):
            withdraw.append(s)
    table.correct(pick(allowed, rng), withdraw)
    return True


def accept_by_playing(table: Table, rng: random.Random) -> bool:
    """Accept a defender's lead out of turn by playing to it from the next hand (Law 53A)."""
    p = table.decision
    if p.situation not in ("defender_lead", "opening_lead"):
        return False
    if not any(o["decide"] == "accept" for o in p.options):
        return False
    seat = (p.offender + 1) & 3  # declarer or dummy: no penalty cards to worry about
    # The lead is on the table, so Law 44 already asks him to follow its suit.
    table.play(seat, pick(legal.follow_cards(table, seat)[0], rng))
    return True


def play_out(table: Table, rng: random.Random, rate: float = 0.0) -> int:
    """Play to the end of the deal; returns the number of irregularities committed."""
    irregularities = 0
    while not table.finished:
        if table.revokes and rng.random() < 0.5 and correct_randomly(table, rng):
            continue
        if table.pending is not None:
            if rng.random() < 0.3 and accept_by_playing(table, rng):
                continue
            decide_randomly(table, rng)
            continue
        if rate and rng.random() < rate and irregular_move(table, rng):
            irregularities += 1
            continue
        if rate and rng.random() < rate / 3 and revoke_move(table, rng):
            irregularities += 1
            continue
        seat = table.turn
        table.play(seat, pick(table.legal_mask(seat), rng))
    return irregularities


__all__ = [
    "correct_randomly",
    "decide_randomly",
    "irregular_move",
    "pick",
    "play_out",
    "random_deal",
    "revoke_move",
]
