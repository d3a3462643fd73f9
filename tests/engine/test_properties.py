"""Property tests: random deals played at random, with and without irregularities."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from penaltyflow.engine import Table
from penaltyflow.engine.play.simulate import decide_randomly, irregular_move, pick, random_deal

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def new_table(rng):
    return Table(random_deal(rng), int(rng.random() * 5), int(rng.random() * 4), 3)


@settings(max_examples=150, deadline=None)
@given(seeds)
def test_random_legal_play_ends_after_13_tricks_with_every_card_played_once(seed):
    rng = random.Random(seed)
    table = new_table(rng)
    deal = table.deal
    while not table.finished:
        assert table.pending is None
        seat = table.to_play
        table.play(seat, pick(table.legal_mask(), rng))
    assert len(table.tricks) == 13 and sum(table.won) == 13
    played = [c for _, cards, _ in table.tricks for _, c in cards]
    assert sorted(played) == list(range(52))
    for _, cards, _ in table.tricks:
        for seat, card in cards:
            assert deal[seat] >> card & 1
    assert table.hands == [0, 0, 0, 0] and table.to_play is None


@settings(max_examples=150, deadline=None)
@given(seeds, st.floats(min_value=0.05, max_value=0.5))
def test_with_irregularities_penalty_cards_stay_their_owners_and_someone_can_always_play(
    seed, rate
):
    rng = random.Random(seed)
    table = new_table(rng)
    moves = 0
    while not table.finished:
        moves += 1
        assert moves < 400
        before = {(s, c) for s in range(4) for c in range(52) if table.pen_mask[s] >> c & 1}
        picked_up = 0
        if table.pending is not None:
            assert table.to_play is None and table.legal_mask() == 0
            assert table.pending.options
            kind = table.pending.situation
            opt = decide_randomly(table, rng)
            if kind == "lead_options" and opt["decide"] in ("require", "forbid"):
                picked_up = sum(1 << "SHDC".index(ch) for ch in opt["suit"])
            elif kind == "wrong_card" and opt["decide"] == "refuse":
                picked_up = 15  # the penalty card was substituted
        elif not (rng.random() < rate and irregular_move(table, rng)):
            seat = table.to_play
            legal = table.legal_mask()
            assert legal, "the player to play always has a legal card"
            assert legal & ~table.hands[seat] == 0
            table.play(seat, pick(legal, rng))
        # every penalty card stays its owner's until played or picked up
        for seat, card in before:
            if table.pen_mask[seat] >> card & 1:
                assert table.hands[seat] >> card & 1
                continue
            in_play = any(s == seat and c == card for s, c in table.trick) or any(
                s == seat and c == card for _, cards, _ in table.tricks for s, c in cards
            )
            assert in_play or picked_up >> (card // 13) & 1, (seat, card)
        for seat in range(4):
            assert table.pen_mask[seat] & ~table.hands[seat] == 0
            if not table.is_defender(seat):
                assert table.pen_mask[seat] == 0
        if table.pending is None and not table.finished:
            assert table.to_play is not None and table.legal_mask()
    assert sum(table.won) == 13
