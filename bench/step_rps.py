"""Prints requests per second for a step page served as `make run` serves it.

    .venv/bin/python bench/step_rps.py [--workers 4] [--seconds 5] [--connections 8]
    scripts/pg-throwaway .venv/bin/python bench/step_rps.py      # the same on PostgreSQL

manage.py serve (Granian) with --workers processes, loaded by wrk over loopback:
a step page with its example table (built once per worker, then kept), and
/healthz (one query of the database per request). On SQLite in a throwaway
folder, or on the database DATABASE_URL names (migrated and loaded first).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.serving import ROOT, free_port, serve, set_up, site_env, stop  # noqa: E402

STEP = "/charts/law-50/card-stays-face-up/?path=card-exposed"


def wrk(url: str, seconds: int, connections: int) -> tuple[float, str]:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    if errors := re.search(r"Non-2xx or 3xx responses: (\d+)", out):
        raise SystemExit(f"{url} answered {errors.group(1)} errors:\n{out}")
    p99 = re.search(r"99%\s+(\S+)", out).group(1)
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)), p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args()
    subprocess.run([str(ROOT / "scripts/need-system-packages"), "wrk:wrk"], check=True)
    database_url = os.environ.get("DATABASE_URL")
    var = Path(tempfile.mkdtemp(prefix="penaltyflow-bench-"))
    try:
        env = site_env(var, database_url=database_url)
        set_up(env)
        port = free_port()
        server = serve(env, port, workers=args.workers)
        try:
            base = f"http://127.0.0.1:{port}"
            step = base + STEP
            for url in (step, base + "/healthz"):
                wrk(url, 2, args.connections)  # every worker warm
            step_rps, step_p99 = wrk(step, args.seconds, args.connections)
            health_rps, health_p99 = wrk(base + "/healthz", args.seconds, args.connections)
        finally:
            stop(server)
    finally:
        shutil.rmtree(var, ignore_errors=True)
    where = "PostgreSQL" if database_url else "SQLite"
    print(
        f"{where}: manage.py serve, {args.workers} workers, wrk {args.connections} connections, "
        f"{args.seconds} s"
    )
    print(f"  step page   {step_rps:8.0f} requests/s  p99 {step_p99:>8}   {STEP}")
    print(f"  /healthz    {health_rps:8.0f} requests/s  p99 {health_p99:>8}   (one query each)")


if __name__ == "__main__":
    main()
