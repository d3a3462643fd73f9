"""Rules-engine bench: full 13-trick deals with irregularities, on one core.

Random deals from a seeded RNG are played out by `penaltyflow.engine.play.simulate`:
random legal cards, with exposed cards, leads out of turn, premature plays,
wrong cards, revokes (about half corrected, the rest established and adjusted at
the end, Law 64) and every pending decision mixed in. Prints deals per second
and how many revokes were replayed.
A second figure replays deals from the first call: one of five representative auctions
(a clean one; an insufficient bid replaced under 27B2; a bid out of rotation repeated
under 31A1; a card exposed during the auction, 24E; a bid of more than seven the LHO
calls over, 38D) through
the scenario entry point, then the play as above (a 26B prohibition or a 50D2 choice it
leaves is answered like any decision). After the 27B2 auction the play has no
irregularities of its own: a penalty card of the offender's at his partner's first lead
would meet the 26B prohibition there, which the engine refuses as not modelled.
Run: .venv/bin/python bench/engine_bench.py [DEALS]. Needs no Django.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from penaltyflow.engine import Table  # noqa: E402
from penaltyflow.engine.core.cards import CARD_NAMES, cards_of, deal_pbn  # noqa: E402
from penaltyflow.engine.play.simulate import play_out, random_deal  # noqa: E402
from penaltyflow.engine.scenario import apply_board_event, new_board  # noqa: E402

TARGET = 5000
RATE = 0.035  # chance per move of trying an irregularity: about 1.2 committed per deal


def run(deals: int, seed: int = 2017) -> tuple[float, int, int]:
    rng = random.Random(seed)
    boards = [
        (random_deal(rng), int(rng.random() * 5), int(rng.random() * 4)) for _ in range(deals)
    ]
    irregularities = 0
    revokes = 0
    start = time.perf_counter()
    for hands, strain, declarer in boards:
        table = Table(hands, strain, declarer, level=4)
        irregularities += play_out(table, rng, RATE)
        assert table.finished and table.won[0] + table.won[1] == 13
        revokes += len(table.revokes)
    return time.perf_counter() - start, irregularities, revokes


def _c(call: str, seat: str) -> dict[str, str]:
    return {"call": call, "seat": seat}


END = [_c("4H", "N"), _c("pass", "E"), _c("pass", "S"), _c("pass", "W")]
AUCTIONS = [
    [_c("1H", "N"), _c("pass", "E"), _c("2H", "S"), _c("pass", "W"), *END],
    [_c("1H", "N"), _c("1D", "E"), {"decide": "refuse"}, _c("3D", "E"), _c("pass", "S"),
     _c("pass", "W"), *END],
    [_c("1H", "N"), _c("2H", "S"), {"decide": "refuse"}, _c("pass", "E"), _c("2H", "S"),
     _c("pass", "W"), *END],
    [_c("1H", "N"), "expose E", _c("pass", "E"), _c("2H", "S"), _c("pass", "W"), *END],
    [_c("1H", "N"), _c("8S", "E"), _c("pass", "S"), _c("2H", "S"), _c("pass", "W"), *END],
]  # fmt: skip


def run_auctions(deals: int, seed: int = 2017) -> tuple[float, int]:
    """Deals replayed from the first call: an auction, then 13 tricks."""
    rng = random.Random(seed)
    boards = []
    for n in range(deals):
        hands = random_deal(rng)
        exposed = CARD_NAMES[cards_of(hands[1])[int(rng.random() * 13)]]
        events = [
            {"expose": exposed, "seat": "E"} if e == "expose E" else e
            for e in AUCTIONS[n % len(AUCTIONS)]
        ]
        rate = 0.0 if n % len(AUCTIONS) == 1 else RATE
        boards.append(({"deal": deal_pbn(hands), "dealer": "N", "events": events}, events, rate))
    irregularities = 0
    start = time.perf_counter()
    for data, events, rate in boards:
        board = new_board(data)
        for i, event in enumerate(events):
            apply_board_event(board, i, event)
        table = board.table
        assert table is not None
        irregularities += play_out(table, rng, rate)
        assert table.finished and table.won[0] + table.won[1] == 13
    return time.perf_counter() - start, irregularities


def main() -> int:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    run(200)  # warm up
    elapsed, irregularities, revokes = min(
        (run(deals, seed) for seed in (1, 2, 3)), key=lambda r: r[0]
    )
    rate = deals / elapsed
    print(
        f"engine: {rate:,.0f} deals/s ({deals:,} deals, 13 tricks each, "
        f"{irregularities / deals:.2f} irregularities per deal, {revokes / deals:.2f} of them "
        f"revokes; best of 3, target {TARGET:,})"
    )
    run_auctions(200)  # warm up
    elapsed, irregularities = min(
        (run_auctions(deals, seed) for seed in (1, 2, 3)), key=lambda r: r[0]
    )
    print(
        f"engine from the first call: {deals / elapsed:,.0f} deals/s ({deals:,} deals, one of "
        f"{len(AUCTIONS)} auctions then 13 tricks, {irregularities / deals:.2f} irregularities "
        "per deal in the play; best of 3)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
