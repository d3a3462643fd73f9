"""SQLite writers wait their turn in a queue beside the file (penaltyflow/ops/sqlite3)."""

import contextlib
import fcntl
import os
import sqlite3
import threading

import pytest
from django.db import OperationalError
from django.db.utils import ConnectionHandler


def database(path, timeout=5):
    """A connection to a SQLite file as the site opens one (its own handler: the tests'
    database is in memory, or PostgreSQL)."""
    handler = ConnectionHandler(
        {
            "default": {
                "ENGINE": "penaltyflow.ops.sqlite3",
                "NAME": str(path),
                "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": timeout},
            }
        }
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


def queue_is_free(path) -> bool:
    fd = os.open(f"{path}-queue", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)
    return True


@pytest.fixture(autouse=True)
def _own_databases(django_db_blocker):
    with django_db_blocker.unblock():  # files of their own, not the tests' database
        yield


@pytest.fixture
def db_file(tmp_path):
    path = tmp_path / "db.sqlite3"
    setup = database(path)
    setup.cursor().execute("CREATE TABLE answers (n INTEGER)")
    setup.close()
    return path


def test_a_transaction_holds_the_queue_from_its_start_to_its_end(db_file):
    connection = database(db_file)
    with transaction(connection):
        connection.cursor().execute("INSERT INTO answers VALUES (1)")
        assert not queue_is_free(db_file)
    assert queue_is_free(db_file)
    with pytest.raises(RuntimeError), transaction(connection):  # rolled back
        connection.cursor().execute("INSERT INTO answers VALUES (2)")
        raise RuntimeError("the view failed half-way")
    assert queue_is_free(db_file)
    connection.cursor().execute("INSERT INTO answers VALUES (3)")  # no transaction: no queue
    assert queue_is_free(db_file)
    connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    connection.close()  # closed half-way (a worker stopping): its turn ends with it
    assert queue_is_free(db_file)
    assert os.stat(f"{db_file}-queue").st_mode & 0o777 == 0o600  # made owner-only
    rows = database(db_file).cursor().execute("SELECT n FROM answers ORDER BY n").fetchall()
    assert rows == [(1,), (3,)]


def test_a_second_writer_begins_when_the_first_has_committed(db_file):
    first = database(db_file)
    began, done = threading.Event(), threading.Event()
    problems = []

    def second_writer():
        try:
            connection = database(db_file)
            with transaction(connection):
                began.set()
                connection.cursor().execute("INSERT INTO answers VALUES (2)")
            connection.close()
        except Exception as exc:  # reported below, not lost in the thread
            problems.append(exc)
        done.set()

    with transaction(first):
        first.cursor().execute("INSERT INTO answers VALUES (1)")
        writer = threading.Thread(target=second_writer)
        writer.start()
        assert not began.wait(0.3)  # still waiting its turn
    assert done.wait(10) and not problems
    writer.join()
    rows = first.cursor().execute("SELECT n FROM answers ORDER BY n").fetchall()
    assert rows == [(1,), (2,)]


def test_a_writer_kept_waiting_past_the_busy_timeout_is_told_the_database_is_locked(db_file):
    holder = database(db_file)
    impatient = database(db_file, timeout=0.2)
    with transaction(holder):
        with pytest.raises(OperationalError, match="database is locked"), transaction(impatient):
            pass
    with transaction(impatient):  # its turn did not stay taken
        impatient.cursor().execute("INSERT INTO answers VALUES (1)")
    assert queue_is_free(db_file)


def test_a_writer_whose_begin_fails_gives_its_turn_back(db_file):
    """Another program (not in the queue) holds SQLite's own lock past the timeout."""
    other = sqlite3.connect(db_file, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    impatient = database(db_file, timeout=0.2)
    try:
        with pytest.raises(OperationalError, match="database is locked"), transaction(impatient):
            pass
        assert queue_is_free(db_file)
    finally:
        other.execute("ROLLBACK")
        other.close()
    with transaction(impatient):
        impatient.cursor().execute("INSERT INTO answers VALUES (1)")


def test_where_the_lock_file_cannot_be_used_writers_still_write_and_the_log_says_so(
    db_file, caplog
):
    os.mkdir(f"{db_file}-queue")  # not a file: it cannot be opened for writing
    connection = database(db_file)
    for n in range(2):
        with transaction(connection):
            connection.cursor().execute("INSERT INTO answers VALUES (%s)", [n])
    rows = connection.cursor().execute("SELECT count(*) FROM answers").fetchall()
    assert rows == [(2,)]
    said = [r.getMessage() for r in caplog.records if r.name.startswith("penaltyflow.ops")]
    assert len(said) == 1 and f"{db_file}-queue cannot be used" in said[0]


def test_an_in_memory_database_has_no_queue(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    connection = database(":memory:")
    with transaction(connection):
        connection.cursor().execute("CREATE TABLE t (n INTEGER)")
    assert list(tmp_path.iterdir()) == []
