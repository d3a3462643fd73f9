from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from penaltyflow.ops.backup import BackupError, backup


class Command(BaseCommand):
    help = "Write a consistent copy of the database while the site serves (restore brings it back)."

    def add_arguments(self, parser):
        parser.add_argument(
            "file",
            nargs="?",
            type=Path,
            help="where to write it; default: var/backups/penaltyflow-<time>.sqlite3 or .pgdump",
        )

    def handle(self, *args, file, **options):
        if file is None:
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            suffix = "sqlite3" if connection.vendor == "sqlite" else "pgdump"
            file = settings.VAR_DIR / "backups" / f"penaltyflow-{stamp}.{suffix}"
        try:
            backup(file)
        except BackupError as exc:
            raise CommandError(f"No backup written. {exc}") from None
        if options["verbosity"]:
            self.stdout.write(f"Backup written to {file} ({file.stat().st_size:,} bytes)")
