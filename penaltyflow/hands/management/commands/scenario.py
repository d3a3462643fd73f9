"""`manage.py scenario FILE|-`: replay a scenario and print the state of play as JSON.

Thin on purpose: the engine (penaltyflow.engine.scenario.run) does the work and
never raises. Exit status 0 with the state, or 1 with only the JSON error on
standard output. The database is never touched.
"""

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from penaltyflow.engine import ScenarioError, run
from penaltyflow.engine.scenario import dumps


class Command(BaseCommand):
    help = "Replay a scenario (JSON, see scenario-format.md) and print the state of play."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="scenario JSON file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            if path == "-":
                stream = getattr(sys.stdin, "buffer", sys.stdin)
                raw = stream.read()
            else:
                with open(path, "rb") as fh:
                    raw = fh.read()
        except OSError as exc:
            status, out = 1, ScenarioError(None, f"Cannot read {path}: {exc.strerror}.").to_json()
        else:
            status, out = run(raw)
        text = dumps(out)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate echoed back from the input
            text = json.dumps(out, indent=2)  # escaped as \ud800: still the same JSON
        self.stdout.write(text)
        if status:
            self.stdout.flush()
            raise SystemExit(status)
