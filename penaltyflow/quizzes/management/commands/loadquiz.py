"""Check the quiz content files and list every question of the bank for the admin.

    python manage.py loadquiz            # skipped when nothing changed; --force loads anyway

It checks content/quiz/*.yaml and puts the statements in the database; a bad
statement file stops it with the file and the item named, and nothing is written.
Run after `loadcharts` (the chart questions come from the charts).
"""

from django.core.management.base import BaseCommand, CommandError

from penaltyflow.core import contentload
from penaltyflow.core.contentfile import skipped_line
from penaltyflow.quizzes import bank, content
from penaltyflow.quizzes.models import QuestionStat


class Command(BaseCommand):
    help = "Check content/quiz/*.yaml and list the question bank in the admin."

    def add_arguments(self, parser):
        parser.add_argument(
            "--force", action="store_true", help="load even if nothing changed since the last load"
        )

    def handle(self, *args, force=False, **options):
        say = self.stdout.write if options["verbosity"] else lambda line: None
        digest = contentload.content_digest("quiz")
        if not force and contentload.unchanged("quiz", digest):
            folder = content.quiz_dir()
            say(skipped_line(len(list(folder.glob("*.yaml"))), "quiz files", folder))
            return
        say(f"Loading the quiz statements from {content.quiz_dir()} and listing the bank...")
        try:
            items = content.load()
        except content.QuizContentError as exc:
            raise CommandError(str(exc)) from None
        content.store(items)  # moves the content generation on: every cache builds again
        rows = []
        for qid, law, kind in bank.index(include_retired=True):
            prompt = ""
            if not qid.startswith("g-"):
                prompt = bank.get_question(qid).prompt[:300]
            rows.append(QuestionStat(qid=qid, law=law, kind=kind, prompt=prompt))
        QuestionStat.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["qid"],
            update_fields=["law", "kind", "prompt"],
            batch_size=500,
        )
        contentload.loaded("quiz", digest)
        say(f"Quiz bank: {len(rows)} questions.")
