"""Check the quiz content files and list every question of the bank for the admin.

    python manage.py loadquiz

It checks content/quiz/*.yaml and puts the statements in the database; a bad
statement file stops it with the file and the item named, and nothing is written.
Run after `loadcharts` (the chart questions come from the charts).
"""

from django.core.management.base import BaseCommand, CommandError

from penaltyflow.quizzes import bank, content
from penaltyflow.quizzes.models import QuestionStat


class Command(BaseCommand):
    help = "Check content/quiz/*.yaml and list the question bank in the admin."

    def handle(self, *args, **options):
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
        self.stdout.write(f"Quiz bank: {len(rows)} questions.")
