"""`manage.py setup`: the database, the static files and the content, in one process,
a line a step (what `make setup` runs once the packages and Graphviz are there).

Each load is skipped when neither its files nor the code changed since the last one
(penaltyflow/core/contentload.py); `--force` loads them all anyway. One process, not
six: a later start costs Django's start-up once (some 2 to 3 s a process on a busy machine).
"""

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

# What each step is called, its command, and that command's options.
STEPS: list[tuple[str, str, dict[str, Any]]] = [
    ("the database: migrations", "migrate", {"interactive": False, "verbosity": 0}),
    ("the static files", "collectstatic", {"interactive": False, "verbosity": 0}),
    ("the charts (the first time, every example hand is worked out)", "loadcharts", {}),
    ("the quiz", "loadquiz", {}),
    ("the lessons", "loadlessons", {}),
    ("the quick mode", "loadquick", {}),
]
LOADS = {"loadcharts", "loadquiz", "loadlessons", "loadquick"}


class Command(BaseCommand):
    help = "Migrate, collect the static files and load the content that changed, a line a step."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="load all the content anyway")

    def handle(self, *args: Any, force: bool, verbosity: int, **options: Any) -> None:
        for n, (title, command, command_options) in enumerate(STEPS, 1):
            if verbosity:
                self.stdout.write(f"== Set-up {n} of {len(STEPS)}: {title}")
                self.stdout.flush()
            extra = {"force": force} if command in LOADS else {}
            call_command(
                command, stdout=self.stdout, **{"verbosity": verbosity, **command_options, **extra}
            )
