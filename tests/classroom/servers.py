"""Real app servers in subprocesses, on a database of their own, for tests over HTTP.

Each server is gunicorn (as in production) on a free port of 127.0.0.1. The
database is a fresh SQLite file, or a fresh database on the PostgreSQL that
DATABASE_URL points at; it gets the small test chart, one lesson and a teacher.
"""

import http.cookiejar
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a-teacher-password"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def postgres_url() -> str | None:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


class Database:
    """A database of its own: a SQLite file in `tmp`, or a new PostgreSQL database."""

    def __init__(self, tmp: Path, postgres: str | None):
        self.tmp, self.admin_url, self.name = tmp, postgres, None
        if postgres:
            self.name = f"pf_classroom_{uuid.uuid4().hex[:10]}"
            self._admin(f'CREATE DATABASE "{self.name}"')
            parts = urllib.parse.urlsplit(postgres)
            self.url = urllib.parse.urlunsplit(parts._replace(path="/" + self.name))
        else:
            self.url = f"sqlite:///{tmp / 'classroom.sqlite3'}"

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(sql)

    def drop(self) -> None:
        if self.name:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def environment(db: Database, tmp: Path) -> dict:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "PYTEST_", "DATABASE_URL"))
    }
    env.update(
        DATABASE_URL=db.url,
        PENALTYFLOW_VAR_DIR=str(tmp / "var"),
        SECRET_KEY="classroom-servers-test-secret-key-" + "x" * 20,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SETTINGS_MODULE="penaltyflow.settings",
        DEBUG="0",
    )
    return env


# What prepare() runs, in one process: Django starts once, not once a command.
PREPARE = """
import sys
import django
django.setup()
from django.core.management import call_command
chart, lesson, teacher = sys.argv[1:]
call_command("migrate", interactive=False, verbosity=0)
call_command("loadcharts", chart, verbosity=0)
call_command("loadlessons", lesson, verbosity=0)
call_command("createteacher", teacher)
"""


def prepare(env: dict, tmp: Path, chart: dict, lesson: dict, teacher: str) -> None:
    """Migrate, then load one chart and one lesson, and make the teacher."""
    chart_file, lesson_file = tmp / "chart.yaml", tmp / "lesson.yaml"
    chart_file.write_text(yaml.safe_dump(chart, allow_unicode=True, sort_keys=False))
    lesson_file.write_text(yaml.safe_dump(lesson, allow_unicode=True, sort_keys=False))
    done = subprocess.run(
        [sys.executable, "-c", PREPARE, str(chart_file), str(lesson_file), teacher],
        cwd=ROOT,
        env={**env, "TEACHER_PASSWORD": PASSWORD},
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode:
        raise RuntimeError(f"preparing the database failed:\n{done.stdout}\n{done.stderr}")


class Server:
    """gunicorn serving the project on a free port, until stop()."""

    def __init__(self, env: dict, tmp: Path, workers: int = 2):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = (tmp / f"server-{self.port}.log").open("w")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "penaltyflow.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(workers),
                "--timeout",
                "60",
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: see {self.log.name}")
            try:
                urllib.request.urlopen(self.url + "/lessons.json", timeout=2).read()
                return
            except (OSError, urllib.error.URLError):
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the server did not answer in 60 s: see {self.log.name}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """One person's cookies against one server (redirects not followed)."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect
        )

    def csrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "csrftoken"), "")

    def request(self, method: str, path: str, fields=None, **extra) -> tuple[int, dict, bytes]:
        data, headers = None, dict(extra)
        if method == "POST":
            data = urllib.parse.urlencode(fields or [], doseq=True).encode()
            headers |= {"X-CSRFToken": self.csrf(), "Referer": self.base + path}
        req = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with self.opener.open(req, timeout=60) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    def get(self, path: str):
        return self.request("GET", path)

    def post(self, path: str, fields=None, **headers):
        return self.request("POST", path, fields, **headers)

    def right_answer(self, qid: str) -> set[str]:
        """The right keys of a quiz question, as its public answer post gives them."""
        self.get(f"/quiz/q/{qid}/")  # the CSRF cookie
        status, _, body = self.post(
            f"/quiz/q/{qid}/answer", {"answer": "N"}, Accept="application/json"
        )
        assert status == 200, (qid, status, body[:200])
        return set(json.loads(body)["answer"])

    def json(self, path: str) -> dict:
        status, _, body = self.get(path)
        assert status == 200, (path, status, body[:200])
        return json.loads(body)

    def login(self, username: str) -> "Browser":
        status, _, page = self.get("/accounts/login/")
        assert status == 200
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
        fields = {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token}
        status, headers, _ = self.post("/accounts/login/", fields)
        assert status == 302 and "/accounts/login" not in headers["Location"], status
        return self

    def join(self, code: str, name: str) -> "Browser":
        assert self.get(f"/join/{code}/")[0] == 200
        status, headers, _ = self.post(f"/join/{code}/", {"name": name})
        assert status == 302 and headers["Location"] == f"/classroom/{code}/", status
        return self

    def start(self, lesson: str) -> str:
        status, headers, _ = self.post("/classroom/start", {"lesson": lesson})
        assert status == 302, status
        return re.fullmatch(r"/classroom/(\w{6})/present/", headers["Location"]).group(1)
