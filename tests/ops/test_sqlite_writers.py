"""SQLite writers, as the site opens the file (Django's own backend, settings.DATABASES):
writers at once all get their turn; one kept waiting past the busy timeout is told so."""

import contextlib
import sqlite3
import threading

import pytest
from django.conf import settings
from django.db import OperationalError
from django.db.utils import ConnectionHandler


def database(path, timeout=5):
    """A connection to a SQLite file with the site's options (its own handler: the tests'
    database is in memory, or PostgreSQL)."""
    options = {"init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"}
    options |= {"transaction_mode": "IMMEDIATE", "timeout": timeout}
    handler = ConnectionHandler(
        {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path), "OPTIONS": options}}
    )
    return handler["default"]


@contextlib.contextmanager
def transaction(connection):
    """What transaction.atomic does on a connection: begin, then commit or roll back."""
    connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    try:
        yield connection
    except BaseException:
        connection.rollback()
        raise
    else:
        connection.commit()
    finally:
        connection.set_autocommit(True)


@pytest.fixture(autouse=True)
def _own_databases(django_db_blocker):
    with django_db_blocker.unblock():  # files of their own, not the tests' database
        yield


@pytest.fixture
def db_file(tmp_path):
    path = tmp_path / "db.sqlite3"
    setup = database(path)
    setup.cursor().execute("CREATE TABLE answers (writer INTEGER, n INTEGER)")
    setup.close()
    return path


def test_the_site_opens_sqlite_with_djangos_own_backend_in_immediate_transactions():
    if not settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        pytest.skip("the site runs on PostgreSQL here")
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    options = settings.DATABASES["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE" and options["timeout"] >= 5
    assert "journal_mode=WAL" in options["init_command"]


def test_many_writers_at_once_each_get_their_turn_and_nothing_is_lost(db_file):
    """Eight writers, each a read then a write in one transaction (as an answer post is),
    fifty times: no 'database is locked', every row kept."""
    problems = []

    def writer(me):
        connection = database(db_file)
        try:
            for n in range(50):
                with transaction(connection):
                    cursor = connection.cursor()
                    cursor.execute("SELECT count(*) FROM answers WHERE writer = %s", [me])
                    cursor.execute("INSERT INTO answers VALUES (%s, %s)", [me, n])
        except Exception as exc:  # reported below, not lost in the thread
            problems.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=writer, args=(me,)) for me in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == []
    rows = sqlite3.connect(db_file).execute("SELECT count(DISTINCT writer), count(*) FROM answers")
    assert rows.fetchone() == (8, 400)


def test_a_second_writer_begins_when_the_first_has_committed(db_file):
    first = database(db_file)
    began, done = threading.Event(), threading.Event()
    problems = []

    def second_writer():
        try:
            connection = database(db_file)
            with transaction(connection):
                began.set()
                connection.cursor().execute("INSERT INTO answers VALUES (2, 2)")
            connection.close()
        except Exception as exc:  # reported below, not lost in the thread
            problems.append(exc)
        done.set()

    with transaction(first):
        first.cursor().execute("INSERT INTO answers VALUES (1, 1)")
        writer = threading.Thread(target=second_writer)
        writer.start()
        assert not began.wait(0.3)  # still waiting its turn
    assert done.wait(10) and not problems
    writer.join()
    rows = first.cursor().execute("SELECT n FROM answers ORDER BY n").fetchall()
    assert rows == [(1,), (2,)]


def test_a_writer_kept_waiting_past_the_busy_timeout_is_told_the_database_is_locked(db_file):
    other = sqlite3.connect(db_file, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    impatient = database(db_file, timeout=0.2)
    try:
        with pytest.raises(OperationalError, match="database is locked"), transaction(impatient):
            pass
    finally:
        other.execute("ROLLBACK")
        other.close()
    with transaction(impatient):  # the lock came free: it writes
        impatient.cursor().execute("INSERT INTO answers VALUES (1, 1)")
