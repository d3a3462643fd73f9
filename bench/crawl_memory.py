"""Prints each worker's memory (RSS) after a crawl of many distinct addresses.

    .venv/bin/python bench/crawl_memory.py [--addresses 20000] [--workers 2] [--threads 8]

Serves the real content as `make run` does (manage.py serve) in a throwaway
folder, then follows every link breadth first from / (steps, paths, events,
views, cards tried, declarer's options) until --addresses distinct addresses
have been fetched, as a crawler would. Each page is built and offered to the
worker's page cache, which is bounded by bytes (PAGE_CACHE_MB).
"""

import argparse
import html
import re
import shutil
import sys
import tempfile
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urljoin

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.serving import (  # noqa: E402
    children,
    free_port,
    get,
    rss_mb,
    serve,
    set_up,
    site_env,
    stop,
)

LINK = re.compile(r'(?:href|hx-get)="((?:/charts/|\?)[^"#]*)"')


def crawl(port: int, limit: int, threads: int) -> tuple[int, dict[int, int]]:
    seen = {"/"}
    queue = deque(["/"])
    statuses: dict[int, int] = {}
    fetched = 0
    with ThreadPoolExecutor(threads) as pool:
        while queue and fetched < limit:
            batch = [queue.popleft() for _ in range(min(len(queue), threads * 4, limit - fetched))]
            answers = pool.map(lambda url: get(port, url), batch)
            for url, (status, body) in zip(batch, answers, strict=True):
                fetched += 1
                statuses[status] = statuses.get(status, 0) + 1
                if status != 200 or url.endswith((".svg", ".pdf", ".pbn", ".css")):
                    continue
                for link in LINK.findall(body.decode("utf-8", "replace")):
                    link = urljoin(url, html.unescape(link))
                    if link not in seen:
                        seen.add(link)
                        queue.append(link)
    return fetched, statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--addresses", type=int, default=20000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    var = Path(tempfile.mkdtemp(prefix="penaltyflow-bench-"))
    port = free_port()
    try:
        env = site_env(var)
        set_up(env)
        server = serve(env, port, workers=args.workers)
        try:
            get(port, "/")
            workers = children(server.pid)
            before = {pid: rss_mb(pid) for pid in workers}
            started = time.monotonic()
            fetched, statuses = crawl(port, args.addresses, args.threads)
            took = time.monotonic() - started
            after = {pid: rss_mb(pid) for pid in workers}
        finally:
            stop(server)
    finally:
        shutil.rmtree(var, ignore_errors=True)
    print(
        f"crawl: {fetched} distinct addresses in {took:.0f} s ({fetched / took:.0f}/s), "
        f"{args.threads} at a time, {args.workers} workers; "
        f"answers {dict(sorted(statuses.items()))}"
    )
    for pid in workers:
        print(f"  worker {pid}: RSS {before[pid]:6.1f} MB at start, {after[pid]:6.1f} MB after")
    print(f"  largest worker after the crawl: {max(after.values()):.1f} MB (goal: under 200 MB)")


if __name__ == "__main__":
    main()
