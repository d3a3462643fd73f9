"""Prints what each statement of an answer post costs through the ORM and written out.

    .venv/bin/python bench/answer_statements.py [--runs 1500]

The statements that run on every answer post (penaltyflow/quizzes/progress.py, "Which
statements are written out in SQL"), each run `--runs` times in a throwaway SQLite
database set up as production sets it: microseconds a run through the ORM (a queryset,
or a model's save) and through `progress`'s written-out statement. The sum is what the
ORM would add to every answer post.
"""

import argparse
import datetime as dt
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ["PENALTYFLOW_VAR_DIR"] = tempfile.mkdtemp(prefix="penaltyflow-bench-")
os.environ["DJANGO_SETTINGS_MODULE"] = "bench.quiz_settings"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1500)
    runs = parser.parse_args().runs

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import IntegrityError, transaction
    from django.db.models import F
    from django.utils import timezone

    from penaltyflow.quizzes import progress
    from penaltyflow.quizzes.models import Learner, QuestionStat, QuizAnswer, ReviewCard
    from penaltyflow.quizzes.question import Question

    call_command("migrate", verbosity=0)
    learner, now = Learner.objects.create(), timezone.now()
    question = Question("q", "penalty-card", "50B", "What is it now?", None, None, [], "/")
    QuestionStat.objects.create(qid="q", law="50B", kind="penalty-card")
    first = progress.next_review(learner, "q", True, now)
    first.write()
    known = progress.next_review(learner, "q", True, now)
    since = now - dt.timedelta(seconds=60)
    answer = {
        "learner": learner.pk,
        "qid": "q",
        "law": "50B",
        "round": None,
        "position": None,
        "keys": ["major"],
        "correct": True,
        "attempt": "",
        "created": now,
    }
    row, params = progress._prepared(QuizAnswer, **answer)

    def orm_card_insert():
        try:
            with transaction.atomic():
                ReviewCard(learner=learner, qid="q", card=known.card, due=now).save(
                    force_insert=True
                )
        except IntegrityError:
            pass

    statements = {
        "the recent answers (SELECT)": (
            lambda: list(
                QuizAnswer.objects.filter(learner=learner, created__gt=since)
                .order_by("-created")
                .values_list("id", "qid", "attempt", "created")[: progress.RECENT_ROWS]
            ),
            lambda: progress.recent_answers(learner, now),
        ),
        "the review card (SELECT)": (
            lambda: list(
                ReviewCard.objects.filter(learner=learner, qid="q").values_list(
                    "id", "card", "reviews"
                )[:1]
            ),
            lambda: progress._sql(
                "SELECT {id}, {card}, {reviews} FROM {table} WHERE {learner} = %s AND {qid} = %s",
                ReviewCard,
                [learner.pk, "q"],
            ),
        ),
        "the answer (INSERT)": (
            lambda: QuizAnswer.objects.create(
                **{**answer, "learner": learner, "round": None, "keys": ["major"]}
            ),
            lambda: progress._sql(f"INSERT INTO {{table}} {row}", QuizAnswer, params),
        ),
        "the question's counts (UPDATE / upsert)": (
            lambda: QuestionStat.objects.filter(qid="q").update(
                answered=F("answered") + 1, right=F("right") + 1
            ),
            lambda: progress.count(question, True),
        ),
        "the review card (UPDATE, if unchanged)": (
            lambda: ReviewCard.objects.filter(pk=known.pk, reviews=known.reviews - 1).update(
                card=known.card, due=known.due, reviews=known.reviews - 1
            ),
            lambda: progress._sql(known._statement, ReviewCard, known._params),
        ),
        "a first review card (INSERT, here a clash)": (
            orm_card_insert,
            lambda: progress.NextReview(learner.pk, "q", known.card, now, 1, None).write(),
        ),
    }

    def per_run(statement) -> float:
        statement()
        start = time.perf_counter()
        for _ in range(runs):
            statement()
        return (time.perf_counter() - start) / runs * 1e6

    print(f"answer post statements, {runs} runs each, SQLite (load {os.getloadavg()[0]:.1f})")
    total_orm = total_sql = 0.0
    with transaction.atomic():
        for name, (orm, sql) in statements.items():
            o, s = per_run(orm), per_run(sql)
            total_orm, total_sql = total_orm + o, total_sql + s
            print(f"  {name:42s} ORM {o:5.0f} µs   written out {s:5.0f} µs")
        transaction.set_rollback(True)
    print(f"  {'all of them':42s} ORM {total_orm:5.0f} µs   written out {total_sql:5.0f} µs")


if __name__ == "__main__":
    main()
