from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from penaltyflow.director.loader import QuickContentError, load_guides


class Command(BaseCommand):
    help = (
        "Load the director's quick mode from content/quick/*.yaml, all or none (after loadcharts)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "files", nargs="*", type=Path, help="quick-mode files; default: all of content/quick/"
        )

    def handle(self, *args, files, **options):
        paths = files or sorted((settings.CONTENT_DIR / "quick").glob("*.yaml"))
        if not paths:
            raise CommandError(f"No quick-mode files in {settings.CONTENT_DIR / 'quick'}")
        try:
            guides = load_guides(paths, replace_all=not files)
        except QuickContentError as exc:
            raise CommandError(f"Nothing was loaded.\n{exc}") from None
        for guide in guides if options["verbosity"] else ():
            rulings = sum("ruling" in node for node in guide.nodes.values())
            deepest = max(node["taps"] for node in guide.nodes.values() if "ruling" in node)
            self.stdout.write(
                f"{guide.slug}: {rulings} rulings, each within {deepest} taps of the start"
            )
