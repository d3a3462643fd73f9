"""`manage.py serve`: check the database is ready, then serve with Granian.

Granian (a Rust HTTP server running the WSGI app in worker processes) reads
each request whole on its own event loop before a worker thread sees it, so
idle, slow or half-open connections cost a socket and nothing more; gunicorn's
sync workers were each held by one such connection (bench/slow_clients.py).
Ctrl-C (or SIGTERM) stops it, every time: see penaltyflow/ops/supervise.py.
"""

import os
import shutil
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from penaltyflow.ops.database import database_problem


def granian_command(host: str, port: int, workers: int, access_log: bool) -> list[str]:
    granian = Path(sys.executable).with_name("granian")
    executable = str(granian) if granian.exists() else shutil.which("granian") or "granian"
    command = [
        executable,
        "--interface", "wsgi",
        "--host", host,
        "--port", str(port),
        "--workers", str(workers),
        "--blocking-threads", "1",  # Django's database connections are per thread
        "--backlog", "2048",
        "--http1-header-read-timeout", "10000",  # a half-open request is dropped after 10 s
        "--respawn-failed-workers",
        "--workers-kill-timeout", "10",  # on stop, a worker still busy after 10 s is killed
        "--log-level", "warning",
    ]  # fmt: skip
    if access_log:
        command.append("--access-log")
    return [*command, "penaltyflow.wsgi:application"]


class Command(BaseCommand):
    help = "Serve the site with Granian, after checking the database is ready."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
        parser.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS", "2")))
        parser.add_argument("--access-log", action="store_true", help="one line per request")

    def handle(self, *args, host, port, workers, access_log, **options):
        if problem := database_problem():
            raise CommandError(f"Not serving. {problem}")
        command = granian_command(host, port, workers, access_log)
        self.stdout.write(
            f"PenaltyFlow on http://{host}:{port}/ ({workers} workers). Ctrl-C stops it."
        )
        self.stdout.flush()
        # Granian runs under a small supervisor (no Django) that makes Ctrl-C stop it every
        # time, and frees the port (penaltyflow/ops/supervise.py).
        supervisor = [sys.executable, "-m", "penaltyflow.ops.supervise", *command]
        os.execv(supervisor[0], supervisor)
