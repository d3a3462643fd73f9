"""The server as `make run` starts it (manage.py serve), over real sockets.

The server runs on SQLite in a throwaway folder whatever DATABASE_URL says: what
is tested here is the HTTP server and the start-up check, not the database.
"""

import re
import subprocess
import time

import pytest

from bench.serving import (
    PYTHON,
    ROOT,
    free_port,
    get,
    hold_slow_clients,
    manage,
    serve,
    site_env,
    stop,
    timed_gets,
)
from tests.ops.sites import one_chart_site

pytestmark = pytest.mark.server
STEP = "/charts/mini-56/accept/?path=lead"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A served site with one small chart; yields (port, log file, environment)."""
    root = tmp_path_factory.mktemp("site")
    env = one_chart_site(root)
    log_path = root / "server.log"
    port = free_port()
    with open(log_path, "w") as log:
        process = serve(env, port, workers=2, log=log)
    yield port, log_path, env
    stop(process)


def test_200_slow_clients_do_not_keep_a_page_from_anyone_else(site):
    port, _, _ = site
    timed_gets(port, STEP, 4)  # each worker has built the page once
    held = hold_slow_clients(port, 200)  # connected: the server accepts them before ours
    try:
        # While the 200 hold their sockets, 40 requests one after another are each answered
        # (workers kept by slow clients would leave them unanswered: status 0). The timeout
        # is a ceiling only, far past a busy machine's slowest answer; how fast they are
        # answered is measured by bench/slow_clients.py, never asserted here.
        results = timed_gets(port, STEP, 40, timeout=30)
    finally:
        for s in held:
            s.close()
    assert [status for status, _ in results] == [200] * 40


def test_a_bad_request_writes_one_line_to_the_log_and_no_traceback(site):
    port, log_path, _ = site
    before = log_path.read_text()
    assert get(port, "/charts/mini-56/accept/?path=stands")[0] == 400  # a tampered path
    assert get(port, "/charts/mini-56/accept/", host="evil.example")[0] == 400
    assert get(port, "/charts/no-such-chart/")[0] == 404

    def new_lines() -> list[str]:
        return log_path.read_text()[len(before) :].splitlines()

    # The workers write their lines a moment after answering: wait for the third (a ceiling
    # only says when to stop waiting; the counts below are the verdict).
    deadline = time.monotonic() + 60
    while len(new_lines()) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    new = new_lines()
    assert len([line for line in new if "not a way through this chart" in line]) == 1, new
    assert len([line for line in new if "Invalid HTTP_HOST header" in line]) == 1, new
    assert len([line for line in new if "Not Found" in line]) == 1, new
    assert len(new) == 3, new
    assert "Traceback" not in log_path.read_text()


def test_the_bad_host_page_says_what_is_wrong(site):
    port, _, _ = site
    status, body = get(port, "/", host="evil.example")
    assert status == 400
    assert "This server does not answer to that name" in body.decode()
    assert "not a way through the chart" not in body.decode()


def test_the_server_refuses_to_start_without_a_database_and_names_the_command(tmp_path):
    env = site_env(tmp_path / "var")
    port = str(free_port())
    missing = manage(env, "serve", "--port", port, check=False)
    assert missing.returncode == 1
    assert f"The database {tmp_path / 'var' / 'db.sqlite3'} does not exist" in missing.stderr
    assert "make setup" in missing.stderr
    assert "Traceback" not in missing.stderr
    assert not (tmp_path / "var" / "db.sqlite3").exists()  # and it made no empty one

    manage(env, "migrate", "--noinput", "-v0")
    unloaded = manage(env, "serve", "--port", port, check=False)
    assert unloaded.returncode == 1
    assert "No charts are loaded. Load them with: python manage.py loadcharts" in unloaded.stderr

    manage(env, "migrate", "flowcharts", "0003", "--noinput", "-v0")
    behind = manage(env, "serve", "--port", port, check=False)
    assert behind.returncode == 1
    assert re.search(r"The database lacks \d+ migration\(s\) \(flowcharts\.0004_", behind.stderr)
    assert "python manage.py migrate" in behind.stderr


def test_a_web_worker_does_not_load_the_double_dummy_solver(site):
    """endplay's DDS costs some 80 MB a process; pages only read its stored results."""
    *_, env = site
    code = (
        "import sys, penaltyflow.wsgi\n"
        "from django.test import Client\n"
        "c = Client(HTTP_HOST='127.0.0.1')\n"
        "assert c.get('/').status_code == 200\n"
        f"assert c.get('{STEP}').status_code == 200\n"
        "assert c.get('/charts/mini-56/retract/?path=lead.accept&event=5').status_code == 200\n"
        "print(sorted(m for m in sys.modules if m.startswith('endplay')))\n"
    )
    result = subprocess.run(
        [PYTHON, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
