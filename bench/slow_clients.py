"""Prints what idle and half-open connections do to a normal request.

    .venv/bin/python bench/slow_clients.py [--held 200] [--requests 100] [--workers 2]

For the server `make run` starts (manage.py serve: Granian) and, to compare, the
gunicorn sync workers it replaced: with --held connections open that never
finish a request, how many of --requests normal page requests are answered,
and how long they take. Works in a throwaway folder; never touches var/.
"""

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.serving import (  # noqa: E402
    free_port,
    hold_slow_clients,
    serve,
    set_up,
    site_env,
    stop,
    timed_gets,
)

PAGE = "/charts/law-56/"


def measure(env: dict, server: str, held: int, requests: int, workers: int) -> str:
    port = free_port()
    process = serve(env, port, workers=workers, server=server)
    sockets = []
    try:
        timed_gets(port, PAGE, 5)  # warm every worker
        sockets = hold_slow_clients(port, held)
        results = timed_gets(port, PAGE, requests, timeout=10)
    finally:
        for s in sockets:
            s.close()
        stop(process)
    answered = [seconds for status, seconds in results if status == 200]
    if not answered:
        return f"0 of {len(results)} answered within 10 s each (then it gave up)"
    times = sorted(answered)
    return (
        f"{len(answered)} of {requests} answered; median {statistics.median(times) * 1000:.1f} ms,"
        f" p95 {times[int(len(times) * 0.95) - 1] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--held", type=int, default=200)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    var = Path(tempfile.mkdtemp(prefix="penaltyflow-bench-"))
    try:
        env = site_env(var)
        set_up(env)
        print(f"slow clients: {args.held} connections held open (half silent, half mid-request),")
        print(f"then {args.requests} requests for {PAGE} one after another, {args.workers} workers")
        for server, name in (("serve", "make run (Granian)"), ("gunicorn", "gunicorn sync")):
            print(f"  {name:20} {measure(env, server, args.held, args.requests, args.workers)}")
    finally:
        shutil.rmtree(var, ignore_errors=True)


if __name__ == "__main__":
    main()
