"""Rules-engine bench: full 13-trick deals with irregularities, on one core.

Random deals from a seeded RNG are played out by `penaltyflow.engine.simulate`:
random legal cards, with exposed cards, leads out of turn, premature plays,
wrong cards, revokes (about half corrected, the rest established and adjusted at
the end, Law 64) and every pending decision mixed in. Prints deals per second
and how many revokes were replayed.
Run: .venv/bin/python bench/engine_bench.py [DEALS]. Needs no Django.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from penaltyflow.engine.simulate import play_out, random_deal  # noqa: E402
from penaltyflow.engine.table import Table  # noqa: E402

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
    return 0


if __name__ == "__main__":
    sys.exit(main())
