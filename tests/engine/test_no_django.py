"""The engine is plain Python: importing it (and running the bench) loads no Django."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_engine_loads_no_django():
    code = (
        "import sys, penaltyflow.engine, penaltyflow.engine.core.cards,"
        " penaltyflow.engine.play.simulate;"
        "assert not [m for m in sys.modules if m.startswith('django')], 'django imported'"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_the_bench_runs_without_django_and_reports_deals_per_second():
    code = (
        "import sys, importlib.util as u;"
        "s = u.spec_from_file_location('b', 'bench/engine_bench.py'); m = u.module_from_spec(s);"
        "s.loader.exec_module(m); elapsed, n, revokes = m.run(50);"
        "assert not [x for x in sys.modules if x.startswith('django')]; print(n)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True)
    assert int(out.stdout) > 0  # the bench committed irregularities, not only plain play


def test_the_bench_prints_a_deals_per_second_line():
    out = subprocess.run(
        [sys.executable, "bench/engine_bench.py", "30"], cwd=ROOT, check=True, capture_output=True
    )
    assert out.stdout.decode().startswith("engine: ")
    assert "deals/s (30 deals, 13 tricks each" in out.stdout.decode()
