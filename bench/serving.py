"""Start the site as `make run` does, in a throwaway folder, and load it over real sockets.

Shared by the bench scripts and tests/ops/test_serving.py.
"""

import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def site_env(var_dir: Path, content_dir: Path | None = None, database_url: str | None = None):
    """The environment of a site whose database and secret key live in var_dir."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["PENALTYFLOW_VAR_DIR"] = str(var_dir)
    env["DJANGO_SETTINGS_MODULE"] = "penaltyflow.settings"
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    if content_dir is not None:
        env["PENALTYFLOW_CONTENT_DIR"] = str(content_dir)
    if database_url:
        env["DATABASE_URL"] = database_url
    return env


def manage(env: dict, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
        check=check, timeout=600,
    )  # fmt: skip


def set_up(env: dict) -> None:
    """What `make setup` does to the database: migrate, then load the charts."""
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "loadcharts", "-v0")


def wait_for(port: int, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped (exit {process.returncode})")
        try:
            get(port, "/healthz", timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing answered on port {port} within {timeout} s")


def serve(env: dict, port: int, workers: int = 2, log=None, server: str = "serve"):
    """`manage.py serve` as `make run` starts it (or gunicorn's sync workers, to compare)."""
    if server == "serve":
        command = [PYTHON, "manage.py", "serve", "--port", str(port), "--workers", str(workers)]
    else:
        gunicorn = str(Path(PYTHON).with_name("gunicorn"))
        command = [gunicorn, "penaltyflow.wsgi", "--bind", f"127.0.0.1:{port}",
                   "--workers", str(workers)]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log or subprocess.DEVNULL,
        stderr=log or subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        wait_for(port, process)
    except Exception:
        stop(process)
        raise
    return process


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def get(port: int, path: str, timeout: float = 10, host: str = "127.0.0.1") -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers={"Host": host})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def hold_slow_clients(port: int, count: int) -> list[socket.socket]:
    """Open `count` connections that never finish a request: half say nothing at all,
    half send the start of a request and stop (a phone on bad wifi, or an attacker)."""
    held = []
    for i in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        if i % 2:
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow")
        held.append(s)
    return held


def timed_gets(
    port: int, path: str, count: int, timeout: float = 30, give_up_after: int = 3
) -> list[tuple[int, float]]:
    """(status, seconds) for up to `count` requests one after the other; status 0 for no
    answer within `timeout`; stops after `give_up_after` of those in a row."""
    results: list[tuple[int, float]] = []
    for _ in range(count):
        started = time.perf_counter()
        try:
            status, _ = get(port, path, timeout=timeout)
        except OSError:
            status = 0
        results.append((status, time.perf_counter() - started))
        if len(results) >= give_up_after and all(s == 0 for s, _ in results[-give_up_after:]):
            break
    return results


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def children(pid: int) -> list[int]:
    """The server's worker processes: the processes of its session that started none
    (manage.py serve runs Granian's main process under a supervisor; the workers are
    the leaves)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == pid:  # fields[3]: session id
                parents[int(entry.name)] = int(fields[1])
    return [p for p in parents if p != pid and p not in parents.values()]
