"""Django's SQLite backend, with writers waiting their turn on a lock beside the file.

SQLite lets one writer in at a time. A writer that finds the lock taken is put to sleep
by SQLite's busy handler for 1 ms, then 2, then 5..., however soon the lock comes free,
and a write takes well under 1 ms here. With two app server workers answering at once,
those sleeps cost the answer post a sixth of its speed (docs/benchmarks.md, round four).

So every transaction (they are IMMEDIATE: each takes the write lock as it begins, see
settings.DATABASES) first takes an exclusive lock on `<database>-queue`, looking again
within 50 µs and then less often, never later than 1 ms, and lets it go when the
transaction ends. It is not first come, first served (a newcomer looks more often than a
writer that has waited long); with a few workers that does not matter. SQLite's own lock
stays what keeps the data safe; this one only decides who asks next. A writer gives up
with "database is locked" after the busy timeout (`SQLITE_BUSY_SECONDS`) spent waiting
here; one that then finds SQLite's lock held by a writer outside the queue (a write
outside a transaction, another program) waits for it as SQLite does, up to the timeout
again. In-memory databases (the tests') have no queue. Where the lock file cannot be made
or locked (a read-only folder, a file another user made, a filesystem without locks),
the process says so once in its log and its writers wait in SQLite's own way, as before.
"""

import fcntl
import logging
import os
import time

from django.db import OperationalError
from django.db.backends.sqlite3 import base

log = logging.getLogger(__name__)

FIRST_LOOK = 0.00005  # seconds until a waiting writer looks again; doubled up to LAST_LOOK
LAST_LOOK = 0.001


class DatabaseWrapper(base.DatabaseWrapper):
    _queue: int | None = None  # the open queue file while this connection has it
    _holding = False

    def queue_path(self) -> str | None:
        name = str(self.settings_dict.get("NAME") or "")
        if not name or self.is_in_memory_db() or name.startswith("file:"):
            return None
        return f"{name}-queue"

    def _start_transaction_under_autocommit(self):
        self._take_turn()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._end_turn()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._end_turn()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._end_turn()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._end_turn()
            if self._queue is not None:
                os.close(self._queue)
                self._queue = None

    def _take_turn(self) -> None:
        if self._queue is None:
            path = self.queue_path()
            if path is None or path in _UNUSABLE:
                return
            try:
                self._queue = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError as exc:
                return _unusable(path, exc)
        give_up = time.monotonic() + float(self.settings_dict["OPTIONS"].get("timeout", 5))
        wait = FIRST_LOOK
        while True:
            try:
                fcntl.flock(self._queue, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= give_up:
                    raise OperationalError("database is locked") from None
                time.sleep(wait)
                wait = min(wait * 2, LAST_LOOK)
            except OSError as exc:  # no locks on this filesystem
                os.close(self._queue)
                self._queue = None
                return _unusable(self.queue_path(), exc)
            else:
                self._holding = True
                return

    def _end_turn(self) -> None:
        if self._holding:
            self._holding = False
            fcntl.flock(self._queue, fcntl.LOCK_UN)


_UNUSABLE: set[str] = set()  # queue files this process could not use: it does without


def _unusable(path, exc: OSError) -> None:
    _UNUSABLE.add(path)
    log.warning(
        "Writers to the database wait in SQLite's own way: the lock file %s cannot be "
        "used (%s). Check that the folder is writable by this user.",
        path,
        exc.strerror or exc,
    )
