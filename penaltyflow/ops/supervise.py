"""Run a server so that Ctrl-C stops it, every time: `python -m penaltyflow.ops.supervise CMD...`.

`manage.py serve` hands over to this (plain Python, no Django: a few MB) once the database
is ready. Ctrl-C in a terminal signals every process of the foreground process group. When
Granian's workers were in it, each got the terminal's SIGINT and then its main process's
SIGTERM a moment later; on a busy machine a worker would miss its shutdown and wait for
ever, and so did the main process waiting for it, holding the port (6 stops in 6 hung).

So the server runs in a process group of its own, and only this process hears the
terminal: it passes one SIGINT to Granian's main process, which stops its workers (and
kills one that has not stopped after --workers-kill-timeout). A second Ctrl-C, or a server
still there after GIVE_UP_SECONDS, ends the whole group at once. Either way no process of
the server is left holding the port.
"""

import ctypes
import os
import signal
import subprocess
import sys
import time

GIVE_UP_SECONDS = 30.0
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def supervise(command: list[str]) -> int:
    asked: list[float] = []  # when each stop was asked for
    server: subprocess.Popen | None = None

    def stop(signum: int, frame: object) -> None:
        asked.append(time.monotonic())
        if server is None:
            return  # not started yet: stopped as soon as it is
        if len(asked) == 1:
            print("Stopping the server...", file=sys.stderr, flush=True)
            try:
                os.kill(server.pid, signal.SIGINT)  # its main process only: it stops the workers
            except ProcessLookupError:
                pass
        else:
            kill_group(server.pid)

    for signum in STOP_SIGNALS:
        signal.signal(signum, stop)
    # A group of its own: the terminal's Ctrl-C reaches this process only.
    server = subprocess.Popen(command, process_group=0, preexec_fn=_stop_with_parent)
    if asked:
        os.kill(server.pid, signal.SIGINT)
    while True:
        try:
            returncode = server.wait(timeout=1.0)
            break
        except subprocess.TimeoutExpired:
            if asked and time.monotonic() - asked[0] > GIVE_UP_SECONDS:
                print("The server did not stop: ending it.", file=sys.stderr, flush=True)
                kill_group(server.pid)
    kill_group(server.pid)  # a worker its main process left behind (it would hold the port)
    if asked:
        print("Stopped.", file=sys.stderr, flush=True)
        return 0
    return returncode


def _stop_with_parent() -> None:
    """In the server's process, before it starts: if this supervisor dies (killed
    outright), the server is told to stop rather than left serving with nobody to stop it."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGINT))  # PR_SET_PDEATHSIG (Linux)
    except (OSError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(supervise(sys.argv[1:]))
