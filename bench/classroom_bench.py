#!/usr/bin/env python3
"""A club night under load: N phones polling like the phone page does, answering every question.

    TEACHER_USERNAME=NAME TEACHER_PASSWORD=SECRET python bench/classroom_bench.py http://127.0.0.1:8000

Against a running server (`make run`, or gunicorn on PostgreSQL): the teacher signs in and
starts the first lesson with questions; STUDENTS phones join by the code; each phone
polls its page every POLL seconds the way htmx does (If-None-Match: a 304 when nothing
changed); when a question opens, each phone answers at a random moment within ANSWER_WITHIN
seconds (a fifth of them change their mind once). The teacher keeps each question open for
OPEN seconds, reveals it, and moves on, for QUESTIONS questions. Prints p50/p95/p99 of the
polls and of the answers, the errors, and the answers lost: every answer the server
accepted must be in results.json as that phone's last answer (must be 0).

Standard library only; one thread per phone (they sleep most of the time).
"""

import argparse
import collections
import http.client
import json
import math
import os
import random
import re
import sys
import threading
import time
import urllib.parse


def pct(values, p):
    values = sorted(values)
    return values[max(0, math.ceil(len(values) * p) - 1)] if values else float("nan")


class Phone:
    """One HTTP client with its cookies; a new connection per request (like sync workers)."""

    def __init__(self, base):
        parts = urllib.parse.urlsplit(base)
        self.host, self.port = parts.hostname, parts.port or 80
        self.cookies = {}

    def request(self, method, path, fields=None, headers=None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if method == "POST":
            body = urllib.parse.urlencode(fields or {}, doseq=True)
            headers.update(
                {
                    "Content-Type": "application/x-www-form-urlencoded",
                    "X-CSRFToken": self.cookies.get("csrftoken", ""),
                    "Referer": f"http://{self.host}:{self.port}{path}",
                }
            )
        began = time.perf_counter()
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            status = resp.status
            for value in resp.headers.get_all("Set-Cookie") or []:
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            result = status, resp.headers, data
        except (OSError, http.client.HTTPException) as exc:
            result = 0, {}, str(exc).encode()
        finally:
            conn.close()
        return result, (time.perf_counter() - began) * 1000


class Bench:
    def __init__(self, args):
        self.args = args
        self.lock = threading.Lock()
        self.times = collections.defaultdict(list)  # "poll 200", "poll 304", "answer"
        self.errors = collections.Counter()
        self.accepted = {}  # (phone, item) -> last accepted key
        self.stop = threading.Event()

    def record(self, what, status, ms):
        with self.lock:
            self.times[what].append(ms)
            if status == 0 or status >= 500 or status == 429:
                self.errors[f"{what}: {status}"] += 1

    def teacher(self):
        t = Phone(self.args.url)
        (status, _, page), _ = t.request("GET", "/accounts/login/")
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
        fields = {"username": self.args.user, "password": self.args.password}
        fields["csrfmiddlewaretoken"] = token
        (status, headers, _), _ = t.request("POST", "/accounts/login/", fields)
        if status != 302:
            sys.exit(f"the teacher could not sign in ({status})")
        return t

    def run(self):
        a = self.args
        t = self.teacher()
        (status, _, body), _ = t.request("GET", "/lessons.json")
        lessons = json.loads(body)["lessons"]
        slug = a.lesson or lessons[0]["slug"]
        (status, headers, _), _ = t.request("POST", "/classroom/start", {"lesson": slug})
        code = re.search(r"/classroom/(\w+)/present/", headers["Location"]).group(1)
        self.code = code

        began = time.monotonic()
        phones = [Phone(a.url) for _ in range(a.students)]

        def join(n):
            p = phones[n]
            (s1, _, _), ms1 = p.request("GET", f"/join/{code}/")
            (s2, _, _), ms2 = p.request("POST", f"/join/{code}/", {"name": f"Player {n}"})
            self.record("join", s2 if s1 == 200 else s1, ms1 + ms2)
            if s2 != 302:
                self.errors[f"join: {s1}/{s2}"] += 1

        threads = [threading.Thread(target=join, args=(n,)) for n in range(a.students)]
        for n, th in enumerate(threads):
            th.start()
            if n % 20 == 19:
                time.sleep(0.05)
        for th in threads:
            th.join()
        join_seconds = time.monotonic() - began

        state = json.loads(t.request("GET", f"/classroom/{code}/state.json")[0][2])
        choices = {}
        workers = [
            threading.Thread(target=self.phone, args=(n, p, choices)) for n, p in enumerate(phones)
        ]
        for w in workers:
            w.start()

        asked, item = 0, state["item"]
        while asked < a.questions and item < state["items"]:
            state = json.loads(t.request("GET", f"/classroom/{code}/state.json")[0][2])
            if state["kind"] == "question":
                qid = state["question"]
                q = json.loads(t.request("GET", f"/quiz/q/{qid}.json")[0][2])
                with self.lock:
                    choices[item] = [c["key"] for c in q["choices"]]
                time.sleep(a.open)
                t.request("POST", f"/classroom/{code}/present/reveal")
                asked += 1
            else:
                time.sleep(a.step)
            if item + 1 >= state["items"]:
                break
            t.request("POST", f"/classroom/{code}/present/next")
            item += 1
        time.sleep(a.poll + 1)
        self.stop.set()
        for w in workers:
            w.join()
        results = json.loads(t.request("GET", f"/classroom/{code}/results.json")[0][2])
        t.request("POST", f"/classroom/{code}/present/end")
        self.report(results, join_seconds, asked)

    def phone(self, n, p, choices):
        """Poll like htmx every POLL s; answer each open question once or twice within 10 s."""
        a = self.args
        rng = random.Random(n)
        path = f"/classroom/{self.code}/"
        etag, plan, seen = None, [], set()
        next_poll = time.monotonic() + rng.uniform(0, a.poll)
        while not self.stop.is_set():
            now = time.monotonic()
            if plan and plan[0][0] <= now:
                _, item, key = plan.pop(0)
                fields = {"item": item, "answer": key}
                (status, resp_headers, _), ms = p.request(
                    "POST", f"/classroom/{self.code}/answer", fields, {"HX-Request": "true"}
                )
                self.record("answer", status, ms)
                if status == 200:
                    etag = resp_headers.get("ETag") or etag  # htmx swapped in the answer's page
                    with self.lock:
                        self.accepted[(n, item)] = key
                elif status != 409:
                    self.errors[f"answer: {status}"] += 1
                continue
            if now >= next_poll:
                headers = {"HX-Request": "true"}
                if etag:
                    headers["If-None-Match"] = etag
                (status, resp_headers, body), ms = p.request("GET", path, None, headers)
                self.record(f"poll {status}", status, ms)
                if status == 200:
                    etag = resp_headers.get("ETag")
                    m = re.search(rb'name="item" value="(\d+)"', body)
                    item = int(m.group(1)) if m else None
                    with self.lock:
                        keys = choices.get(item)
                    if item is not None and keys and item not in seen and b"disabled" not in body:
                        seen.add(item)
                        when = time.monotonic() + rng.uniform(0, a.answer_within)
                        plan.append((when, item, rng.choice(keys)))
                        if rng.random() < 0.2:  # changes their mind later
                            later = when + rng.uniform(0, max(0.1, a.answer_within - (when - now)))
                            plan.append((min(later, now + a.answer_within), item, rng.choice(keys)))
                        plan.sort()
                next_poll += a.poll
                continue
            wake = min([next_poll] + [w for w, _, _ in plan[:1]])
            self.stop.wait(max(0.0, min(0.5, wake - time.monotonic())))

    def report(self, results, join_seconds, asked):
        a = self.args
        polls = self.times["poll 200"] + self.times["poll 304"]
        answers = self.times["answer"]
        expected = collections.defaultdict(collections.Counter)
        for (_, item), key in self.accepted.items():
            expected[item][key] += 1
        lost = 0
        for item, counts in expected.items():
            got = results["items"][item]["answers"]
            lost += sum(max(0, n - got.get(k, 0)) for k, n in counts.items())
            lost += sum(max(0, n - counts.get(k, 0)) for k, n in got.items())  # counted twice
        db = os.environ.get("BENCH_DB", "?")
        print(
            f"classroom bench: {a.students} phones polling every {a.poll:g} s, {asked} questions "
            f"answered within {a.answer_within:g} s, server {a.url} ({db})"
        )
        joins = self.times["join"]
        print(f"  joins: {a.students} in {join_seconds:.1f} s; p95 {pct(joins, 0.95):.0f} ms")
        for label, values in (
            ("polls (all)", polls),
            ("polls 304", self.times["poll 304"]),
            ("polls 200", self.times["poll 200"]),
            ("answers", answers),
        ):
            print(
                f"  {label:12} n={len(values):6}  p50 {pct(values, 0.5):6.1f} ms  "
                f"p95 {pct(values, 0.95):6.1f} ms  p99 {pct(values, 0.99):6.1f} ms"
            )
        print(f"  errors: {dict(self.errors) or 0}")
        print(
            f"  answers accepted: {len(self.accepted)} (last per phone and question); "
            f"answers lost or double counted: {lost}"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between polls")
    parser.add_argument("--answer-within", type=float, default=10.0)
    parser.add_argument("--open", type=float, default=12.0, help="seconds a question stays open")
    parser.add_argument("--step", type=float, default=3.0, help="seconds on a chart step")
    parser.add_argument("--questions", type=int, default=4)
    parser.add_argument("--lesson", default="")
    args = parser.parse_args()
    args.url = args.url.rstrip("/")
    args.user = os.environ.get("TEACHER_USERNAME")
    args.password = os.environ.get("TEACHER_PASSWORD")
    if not args.user or not args.password:
        sys.exit("set TEACHER_USERNAME and TEACHER_PASSWORD (manage.py createteacher makes one)")
    Bench(args).run()


if __name__ == "__main__":
    main()
