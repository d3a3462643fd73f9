from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from penaltyflow.flowcharts.loader import ContentError, load_charts


class Command(BaseCommand):
    help = "Load (or update in place) the flowcharts from their content files, all or none."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files",
            nargs="*",
            type=Path,
            help="chart files; default: every *.yaml in content/charts/",
        )

    def handle(self, *args: Any, files: list[Path], **options: Any) -> None:
        paths = files or sorted((settings.CONTENT_DIR / "charts").glob("*.yaml"))
        if not paths:
            raise CommandError(f"No chart files in {settings.CONTENT_DIR / 'charts'}")
        try:
            charts = load_charts(paths)
        except ContentError as exc:
            raise CommandError(f"Nothing was loaded.\n{exc}") from None
        for chart in charts if options["verbosity"] else ():
            self.stdout.write(f"{chart.slug}: {chart.nodes.count()} nodes, version {chart.version}")
