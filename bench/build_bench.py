#!/usr/bin/env python3
"""Prints how long each kind of page takes to build, with the page cache and without it.

    .venv/bin/python bench/build_bench.py [--repeat 40]

In-process (Django's test client, the site's settings), in a throwaway database with the
real charts: for the home page, a chart page, a deep step, a step with its table and a
quiz question, the median time of a request with the cache cleared before each one
(built), and of one served from a warm cache (kept). Both as wall-clock time and as this
process's CPU time: on a shared machine the CPU time is what the page costs; the wall
time is what a visitor would wait with the machine as loaded as it is (`uptime` above).
The floor a page must meet is 10 ms built.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["PENALTYFLOW_VAR_DIR"] = tempfile.mkdtemp(prefix="penaltyflow-bench-")
os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"


def timed(client, url: str, repeat: int, clear) -> tuple[float, float]:
    walls, cpus = [], []
    assert client.get(url).status_code == 200
    for _ in range(repeat):
        if clear:
            clear()
        wall, cpu = time.perf_counter(), time.process_time()
        assert client.get(url).status_code == 200
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40)
    args = parser.parse_args()
    subprocess.run([str(ROOT / "scripts/need-system-packages"), "dot:graphviz"], check=True)
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client

    from penaltyflow.flowcharts.models import Flowchart
    from penaltyflow.flowcharts.steps import step_url
    from penaltyflow.hands.models import Example

    try:
        call_command("migrate", verbosity=0)
        call_command("loadcharts", verbosity=0)
        chart = Flowchart.objects.get(slug="law-56")
        graph = chart.graph()
        deepest = max(graph.by_key, key=lambda key: len(graph.route_to(key)))
        example = (
            Example.objects.filter(choice__source__chart=chart)
            .select_related("choice__source", "choice__target")
            .order_by("-choice__target__id")
            .first()
        )
        source, target = example.choice.source.key, example.choice.target.key
        pages = {
            "home": "/",
            "chart": "/charts/law-56/",
            "step": step_url(chart.slug, deepest, graph.route_to(deepest)),
            "step with a table": step_url(chart.slug, target, graph.route_to(source) + [source]),
            "quiz question": "/quiz/q/g-ten-is-an-honour-0000/",
            "quiz question, a table": "/quiz/q/g-declarer-drops-play-0000/",
        }
        client = Client(HTTP_HOST="127.0.0.1")
        print(f"pages, median of {args.repeat} requests each, in-process (ms: wall / CPU)")
        for name, url in pages.items():
            built = timed(client, url, args.repeat, cache.clear)
            kept = timed(client, url, args.repeat, None)
            print(
                f"  {name:22s} built {built[0]:6.1f} / {built[1]:5.1f}"
                f"   kept {kept[0]:6.1f} / {kept[1]:5.1f}"
            )
    finally:
        shutil.rmtree(os.environ["PENALTYFLOW_VAR_DIR"], ignore_errors=True)


if __name__ == "__main__":
    main()
