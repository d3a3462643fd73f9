"""The SQLite file: WAL mode, owner-only, and loads that queue instead of failing."""

import sqlite3
import subprocess

import pytest

from bench.serving import PYTHON, ROOT, manage
from tests.ops.sites import one_chart_site

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("sqlite-site")
    env = one_chart_site(root)
    return env, root / "var" / "db.sqlite3"


def test_the_database_is_in_wal_mode_and_only_its_owner_may_read_it(site):
    _, db = site
    assert db.stat().st_mode & 0o777 == 0o600
    assert (db.parent / "secret_key").stat().st_mode & 0o777 == 0o600
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_database_made_readable_by_others_is_made_owner_only_again(site):
    env, db = site
    db.chmod(0o644)
    manage(env, "check", "--database", "default")
    assert db.stat().st_mode & 0o777 == 0o600


def loadcharts(env: dict, **extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [PYTHON, "manage.py", "loadcharts", "--force", "-v0"], cwd=ROOT, env={**env, **extra},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def test_two_loads_at_once_both_finish(site):
    env, _ = site
    loads = [loadcharts(env), loadcharts(env)]
    for load in loads:
        out, err = load.communicate(timeout=300)
        assert load.returncode == 0, err
        assert "Traceback" not in err


def test_a_load_that_waits_too_long_stops_with_one_clear_line(site):
    env, db = site
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the database
    try:
        waiting = loadcharts(env)  # the default: waits up to 30 s for its turn
        impatient = loadcharts(env, SQLITE_BUSY_SECONDS="1")
        _, err = impatient.communicate(timeout=120)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert impatient.returncode == 1
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert lines == [
        "CommandError: Nothing was loaded: the database stayed busy with another write "
        "(another loadcharts?). Run it again when that has finished."
    ]
    _, err = waiting.communicate(timeout=300)
    assert waiting.returncode == 0, err  # it waited its turn past the other writer, and loaded
