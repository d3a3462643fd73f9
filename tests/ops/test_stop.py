"""Ctrl-C stops the server that `make run` starts, every time, and frees its port.

In a terminal, Ctrl-C sends SIGINT to every process of the foreground process group:
here, `manage.py serve` is started in a session of its own (as a terminal starts it) and
its whole group is sent SIGINT. Granian's workers used to hang on that, 2 stops in 3 on a
busy machine, holding the port until killed by hand.
"""

import os
import signal
import socket
import subprocess
import time

import pytest

from bench.serving import free_port, get, serve
from tests.ops.sites import one_chart_site

pytestmark = pytest.mark.server
# Ceilings only: how long to wait for the server to go before calling it hung. They never
# decide a pass; the stop takes well under a second on a quiet machine.
CEILING = 60.0


def session_processes(session: int) -> list[int]:
    """Every process of the session (the server and all it started)."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != "Z":  # fields[3]: the session
                found.append(int(entry.name))
    return found


def port_is_free(port: int) -> bool:
    """A new server could listen on the port (as a second `make run` would)."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as servers do: TIME_WAIT is fine
        try:
            s.bind(("127.0.0.1", port))
            s.listen()
        except OSError:
            return False
        return True


def wait_until(condition, ceiling: float = CEILING) -> bool:
    deadline = time.monotonic() + ceiling
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


@pytest.fixture(scope="module")
def stop_site(tmp_path_factory):
    return one_chart_site(tmp_path_factory.mktemp("stop-site"))


@pytest.mark.parametrize("attempt", [1, 2, 3])
def test_ctrl_c_stops_the_server_and_frees_its_port(stop_site, attempt):
    port = free_port()
    server = serve(stop_site, port, workers=2)
    session = server.pid
    try:
        for _ in range(4):  # both workers have answered pages
            assert get(port, "/charts/mini-56/")[0] == 200
        os.killpg(server.pid, signal.SIGINT)  # Ctrl-C in the terminal
        try:
            server.wait(timeout=CEILING)
        except subprocess.TimeoutExpired:
            pass
        left = session_processes(session)
        stopped = server.poll() is not None
        gone = stopped and wait_until(lambda: not session_processes(session))
        free = gone and wait_until(lambda: port_is_free(port))
    finally:
        for pid in session_processes(session):  # what a person would have had to kill by hand
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        server.wait()
    assert stopped, f"manage.py serve still running after Ctrl-C; its processes: {left}"
    assert server.returncode == 0
    assert gone, f"processes of the server left running after Ctrl-C: {left}"
    assert free, f"port {port} still taken after Ctrl-C"
