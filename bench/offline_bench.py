"""Prints what a phone keeps for offline use, how long the copy takes, and how fast it opens.

    .venv/bin/python bench/offline_bench.py [--workers 2]

1. The copy: how many addresses and bytes the service worker keeps, from the
   listing it reads (/offline/kept.json).
2. In Debian's chromium (Playwright), against gunicorn on loopback: the time from
   the first visit to a complete copy in control, then, offline, the time to
   open a step page, a chart page and a ruling of the quick mode from the copy.

It works in a throwaway database and never touches var/.
"""

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["PENALTYFLOW_VAR_DIR"] = tempfile.mkdtemp(prefix="penaltyflow-bench-")
os.environ["DJANGO_SETTINGS_MODULE"] = "penaltyflow.settings"
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")


OFFLINE_PAGES = {
    "step": "/charts/law-50/d2-declarer-chooses/",
    "chart": "/charts/law-56/",
    "ruling": "/table/lead-out-of-turn/lead-taken-back/",
}


def setup() -> None:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("loadcharts", verbosity=0)
    call_command("loadquick", verbosity=0)


def serve(workers: int) -> tuple[subprocess.Popen, str]:
    """gunicorn on a free loopback port, answering."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    server = subprocess.Popen(
        [gunicorn, "penaltyflow.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(workers)],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://localhost:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/offline/kept.json").close()
            return server, base
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("gunicorn did not start")


def copy_size(base: str) -> tuple[int, int]:
    import json

    listing = json.load(urllib.request.urlopen(base + "/offline/kept.json"))
    urls = listing["pages"] + listing["files"]
    return len(urls), sum(len(urllib.request.urlopen(base + url).read()) for url in urls)


def browser_figures(base: str) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE

    figures = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, service_workers="allow")
        page = context.new_page()
        start = time.perf_counter()
        page.goto(base + "/")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        figures["first visit to a complete copy"] = time.perf_counter() - start
        context.set_offline(True)
        for name, url in OFFLINE_PAGES.items():
            start = time.perf_counter()
            page.goto(base + url)
            figures[f"offline: open a {name}"] = time.perf_counter() - start
        browser.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    setup()
    server, base = serve(args.workers)
    try:
        count, size = copy_size(base)
        print(f"copy: {count} addresses, {size / 1024 / 1024:.1f} MiB (uncompressed)")
        for name, seconds in browser_figures(base).items():
            print(f"  {name:34} {seconds * 1000:7.0f} ms")
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(os.environ["PENALTYFLOW_VAR_DIR"], ignore_errors=True)


if __name__ == "__main__":
    main()
