from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from penaltyflow.classroom.loader import LessonError, load_lessons


class Command(BaseCommand):
    help = "Load (or update in place) the lessons from content/lessons/*.yaml, all or none."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="*", type=Path, help="default: content/lessons/*.yaml")

    def handle(self, *args, files, **options):
        paths = files or sorted((settings.CONTENT_DIR / "lessons").glob("*.yaml"))
        if not paths:
            raise CommandError(f"No lesson files in {settings.CONTENT_DIR / 'lessons'}")
        try:
            lessons = load_lessons(paths, prune=not files)
        except LessonError as exc:
            raise CommandError(f"Nothing was loaded.\n{exc}") from None
        for lesson in lessons if options["verbosity"] else ():
            self.stdout.write(f"{lesson.slug}: {lesson.items.count()} items")
