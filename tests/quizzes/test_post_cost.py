"""What an answer post costs in queries: counted exactly, so a new query shows up here."""

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext

from penaltyflow.quizzes.bank import get_question
from penaltyflow.quizzes.models import Learner, QuestionStat, QuizAnswer, ReviewCard, Round

from .test_contract import learner, post  # noqa: F401  (the fixture and the helper)

pytestmark = pytest.mark.django_db


def statements(ctx) -> list[str]:
    return [q["sql"].split()[0].upper() for q in ctx.captured_queries]


def test_an_answer_post_costs_nine_queries_and_one_short_write_transaction(learner):  # noqa: F811
    qid, again = "g-ten-is-an-honour-0004", "g-ten-is-an-honour-0005"
    post(learner, again, ["minor"])  # the learner exists; counts and a review card for `again`
    # answered a while ago (within seconds, the same question costs one more read: its keys)
    QuizAnswer.objects.update(created=F("created") - dt.timedelta(seconds=10))
    for name, keys in ((qid, ["major"]), (again, ["major"])):  # a new question, a known one
        with CaptureQueriesContext(connection) as ctx:
            assert post(learner, name, keys).status_code == 200
        kinds = statements(ctx)
        # the session, its learner, the learner's recent answers (limit and doubled posts),
        # the review card; then one short write transaction: the answer, the counts, the card
        assert kinds[:4] == ["SELECT"] * 4, kinds
        assert kinds[4] in ("BEGIN", "SAVEPOINT") and kinds[-1] in ("COMMIT", "RELEASE")
        if name == again:
            assert kinds[5:-1] == ["INSERT", "UPDATE", "UPDATE"], kinds
        else:  # the question's first counts and first card: each made in a savepoint
            first = ["SAVEPOINT", "INSERT", "RELEASE"]
            assert kinds[5:-1] == ["INSERT", "UPDATE", *first, *first], kinds
    assert ReviewCard.objects.get(qid=again).reviews == 2
    assert QuestionStat.objects.get(qid=again).answered == 2
    assert QuestionStat.objects.get(qid=qid).answered == 1


def test_a_doubled_post_costs_four_queries_and_writes_nothing(learner):  # noqa: F811
    qid = "g-ten-is-an-honour-0007"
    first = post(learner, qid, ["minor"]).json()
    with CaptureQueriesContext(connection) as ctx:
        assert post(learner, qid, ["minor"]).json() == first
    assert statements(ctx) == ["SELECT"] * 4  # session, learner, recent, its keys
    assert QuizAnswer.objects.count() == 1 and QuestionStat.objects.get(qid=qid).answered == 1


@pytest.mark.skipif(connection.vendor != "sqlite", reason="reads SQLite's query plans")
def test_answers_and_review_cards_are_always_found_through_an_index(learner):  # noqa: F811
    """Every answer post writes to both tables, so they keep only the indexes their
    queries need: this holds that each query still finds its rows through one and never
    reads a whole table (which would grow with every answer a club has given)."""
    from .test_rounds import start

    rounds = Client()  # a second browser, taking a round as plain form posts
    url = start(rounds)
    with CaptureQueriesContext(connection) as ctx:
        post(learner, "g-ten-is-an-honour-0004", ["major"])
        post(learner, "g-ten-is-an-honour-0004", ["major"])  # doubled: reads its keys
        learner.get("/quiz/progress/")
        qid = Round.objects.get().questions[0]
        rounds.post(url, {"answer": list(get_question(qid).keys)[:1]})
        rounds.get(url)
        rounds.get(url.rsplit("/", 2)[0] + "/")  # the round's results
        rounds.get("/quiz/progress/")
        # signing in on two browsers: the second joins its answers and cards to the first
        ann = User.objects.create_user("ann", password="x" * 12)
        learner.force_login(ann)
        rounds.force_login(ann)
        Round.objects.all().delete()  # Django deletes a round's answers by round
        Learner.objects.all().delete()  # and a learner's answers and cards by learner
    tables = ("quizzes_answer", "quizzes_reviewcard")
    queries = [q["sql"] for q in ctx.captured_queries if any(t in q["sql"] for t in tables)]
    assert len(queries) >= 8
    with connection.cursor() as cursor:
        for sql in queries:
            if not sql.lstrip().upper().startswith(("SELECT", "UPDATE", "DELETE")):
                continue
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}")
            plan = [row[-1] for row in cursor.fetchall()]
            scans = [
                step for step in plan if step.startswith("SCAN") and any(t in step for t in tables)
            ]
            assert not scans, (sql, plan)
