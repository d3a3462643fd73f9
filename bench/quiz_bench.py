"""Prints how fast quiz questions are generated and how fast the quiz pages serve.

    .venv/bin/python bench/quiz_bench.py [--seconds 5] [--workers 2] [--learners 50]

1. Questions generated per second: engine-judged questions built from their seeds
   (deal, play to the moment, the engine's replay for the answer), nothing cached.
2. Requests per second for a question page and for an answer post (JSON), each
   against a one-line Django view on the same server (Granian, as `make run` serves),
   loaded by wrk over loopback; their ratios (goals: at least 0.5 for the page; 0.2
   for the post, enough for a club's peak, the classroom).
3. p95 latency of answer posts with `--learners` learners answering at once, each
   a browser of its own (its own session and CSRF cookie), each reading a question
   and posting an answer in a loop.

It works in a throwaway database and never touches var/. The per-learner answer
limit stays as in production (QUIZ_ANSWERS_PER_MINUTE, 30 a minute), so the posts take
the path real ones take: wrk posts for a crowd of `--crowd` learners in turn, enough
that none reaches the limit, and each of the learners answering at once moves on to a
new browser (a new session) before it would.
"""

import argparse
import http.client
import http.cookiejar
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["PENALTYFLOW_VAR_DIR"] = tempfile.mkdtemp(prefix="penaltyflow-bench-")
os.environ["DJANGO_SETTINGS_MODULE"] = "bench.quiz_settings"

from bench.pages_bench import free_port, gunicorn, wait_for, wrk  # noqa: E402

os.environ["DJANGO_SETTINGS_MODULE"] = "bench.quiz_settings"  # pages_bench sets its own

LIMIT = int(os.environ.get("QUIZ_ANSWERS_PER_MINUTE", "30"))  # as the server has it
POST_SCRIPT = """
local i = 0
local qids = {%(qids)s}
local cookies = {%(cookies)s}
local tokens = {%(tokens)s}
request = function()
  i = i + 1
  local who = (i %% #cookies) + 1
  -- each learner moves on through the questions: a new answer, never a doubled post
  local q = qids[((who + math.floor(i / #cookies)) %% #qids) + 1]
  return wrk.format("POST", "/quiz/q/" .. q .. "/answer", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Accept"] = "application/json",
    ["Cookie"] = cookies[who],
    ["X-CSRFToken"] = tokens[who],
    ["Referer"] = "%(base)s/quiz/",
  }, "answer=" .. ((i %% 2 == 0) and "major" or "minor"))
end
"""


def generation(count: int = 1000) -> None:
    from penaltyflow.quizzes import bank

    ids = [qid for qid, _, _ in bank.generated_index()][:count]
    bank.generated.cache_clear()
    started = time.perf_counter()
    for qid in ids:
        bank.generated(qid).right_keys()
    took = time.perf_counter() - started
    bank.generated.cache_clear()
    print(
        f"generate: {len(ids)} engine-judged questions in {took:.2f} s "
        f"({len(ids) / took:.0f} questions/s; goal: 1,000 in under 10 s)"
    )


class Learner:
    """A browser: its own cookies; GETs a question page, then POSTs answers."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def get(self, path: str) -> None:
        with self.opener.open(self.base + path, timeout=30) as r:
            r.read()

    def post(self, path: str, fields: list) -> int:
        req = urllib.request.Request(
            self.base + path,
            data=urllib.parse.urlencode(fields).encode(),
            headers={
                "Accept": "application/json",
                "X-CSRFToken": self.cookie("csrftoken"),
                "Referer": self.base + "/quiz/",
            },
            method="POST",
        )
        try:
            with self.opener.open(req, timeout=30) as r:
                r.read()
                return r.status
        except urllib.error.HTTPError as e:
            return e.code


def at_once(base: str, qids: list[str], learners: int, seconds: int) -> None:
    times: list[float] = []
    errors: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(learners)

    def run(n: int) -> None:
        me = Learner(base)
        i = n
        me.get(f"/quiz/q/{qids[i % len(qids)]}/")
        start.wait()
        deadline = time.monotonic() + seconds
        answered = 0
        while time.monotonic() < deadline:
            qid = qids[i % len(qids)]
            if answered == LIMIT - 1:  # a new learner takes the seat
                me, answered = Learner(base), 0
            me.get(f"/quiz/q/{qid}/")
            answered += 1
            t = time.perf_counter()
            status = me.post(f"/quiz/q/{qid}/answer", [("answer", "major")])
            took = time.perf_counter() - t
            with lock:
                times.append(took)
                if status != 200:
                    errors.append(status)
            i += learners

    threads = [threading.Thread(target=run, args=(n,)) for n in range(learners)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(
        f"  {learners} learners at once, {seconds} s: {len(times)} answers posted, "
        f"median {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
        f"{len(errors)} not 200{' ' + str(sorted(set(errors))) if errors else ''}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--learners", type=int, default=50)
    parser.add_argument(
        "--server",
        choices=["granian", "gunicorn"],
        default="granian",
        help="granian serves as `make run` does; gunicorn's sync workers for comparison",
    )
    parser.add_argument("--crowd", type=int, default=3000, help="learners whose posts wrk sends")
    args = parser.parse_args()
    subprocess.run([str(ROOT / "scripts/need-system-packages"), "wrk:wrk"], check=True)

    import django

    django.setup()
    from django.core.management import call_command

    from penaltyflow.quizzes.bank import question_ids

    generation()
    call_command("migrate", verbosity=0)
    call_command("loadcharts", verbosity=0)  # the server refuses to start without the charts
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        journal = cursor.fetchone()[0]
    qids = question_ids(kind="penalty-card", limit=300)
    page = f"/quiz/q/{question_ids(kind='legal-cards', limit=1)[0]}/"

    port = free_port()
    if args.server == "granian":
        from penaltyflow.ops.management.commands.serve import granian_command

        command = granian_command("127.0.0.1", port, args.workers, access_log=False)
        server = subprocess.Popen(command, cwd=ROOT, env=os.environ.copy())
    else:
        server = gunicorn(port, args.workers)
    script = Path(os.environ["PENALTYFLOW_VAR_DIR"]) / "post.lua"
    try:
        wait_for(port)
        base = f"http://127.0.0.1:{port}"
        crowd = []  # learners with a session each, whose answers wrk posts in turn
        for n in range(args.crowd):
            me = Learner(base)
            me.get(page)
            me.post(f"/quiz/q/{qids[n % len(qids)]}/answer", [("answer", "major")])
            crowd.append(me)
        script.write_text(
            POST_SCRIPT
            % {
                "qids": ", ".join(f'"{q}"' for q in qids),
                "cookies": ", ".join(
                    '"' + "; ".join(f"{c.name}={c.value}" for c in me.jar) + '"' for me in crowd
                ),
                "tokens": ", ".join(f'"{me.cookie("csrftoken")}"' for me in crowd),
                "base": base,
            }
        )
        urls = {"one-line": ["/bench/one-line/"], "page": [page], "post": ["/", str(script)]}

        def measure(name: str) -> float:
            if name == "post":
                return wrk_script(base, script, args.seconds, args.connections)
            return wrk(base + urls[name][0], args.seconds, args.connections)

        for name in urls:  # warm up
            measure(name)
        best = dict.fromkeys(urls, 0.0)
        for _ in range(2):  # interleaved, best of two
            for name in urls:
                best[name] = max(best[name], measure(name))
        print(
            f"serve: {args.server}, {args.workers} workers, SQLite ({journal} journal), "
            f"wrk {args.connections} "
            f"connections, {args.seconds} s each, best of two interleaved"
        )
        print(f"  one-line view     {best['one-line']:8.0f} requests/s")
        print(f"  question page     {best['page']:8.0f} requests/s   {page}")
        print(f"  ratio             {best['page'] / best['one-line']:8.2f}   (goal: at least 0.5)")
        print(f"  answer post       {best['post']:8.0f} requests/s   (JSON reply)")
        print(f"  ratio             {best['post'] / best['one-line']:8.2f}   (goal: at least 0.2)")
        at_once(base, qids, args.learners, args.seconds * 2)
    finally:
        server.terminate()
        server.wait()


def wrk_script(base: str, script: Path, seconds: int, connections: int) -> float:
    import re

    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "-s", str(script), base + "/"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non_2xx:
        raise SystemExit(f"answer posts gave {non_2xx.group(1)} errors:\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


if __name__ == "__main__":
    main()
