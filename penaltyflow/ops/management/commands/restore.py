from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from penaltyflow.ops.backup import BackupError, restore
from penaltyflow.ops.database import database_problem


class Command(BaseCommand):
    help = "Replace the database's contents with a backup made by `manage.py backup`."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="a file written by manage.py backup")
        parser.add_argument(
            "--noinput",
            "--no-input",
            action="store_false",
            dest="interactive",
            help="do not ask first (everything written since the backup is lost)",
        )

    def handle(self, *args, file, interactive, **options):
        if interactive:
            answer = input(f"Replace everything in the database with {file}? [y/N] ")
            if answer.strip().lower() not in {"y", "yes"}:
                raise CommandError("Nothing was restored.")
        try:
            restore(file)
        except BackupError as exc:
            raise CommandError(f"Nothing was restored. {exc}") from None
        if options["verbosity"]:
            self.stdout.write(f"Restored {file}.")
        if problem := database_problem():
            self.stderr.write(f"The restored database is not ready to serve: {problem}")
