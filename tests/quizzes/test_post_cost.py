"""What an answer post costs in queries: counted exactly, so a new query shows up here."""

import datetime as dt

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from penaltyflow.quizzes.models import Answer, QuestionStat, ReviewCard

from .test_contract import learner, post  # noqa: F401  (the fixture and the helper)

pytestmark = pytest.mark.django_db


def statements(ctx) -> list[str]:
    return [q["sql"].split()[0].upper() for q in ctx.captured_queries]


def test_an_answer_post_costs_eight_queries_and_one_short_write_transaction(learner):  # noqa: F811
    qid, again = "g-ten-is-an-honour-0004", "g-ten-is-an-honour-0005"
    post(learner, again, ["minor"])  # the learner exists; a review card for `again`
    # answered a while ago (within seconds, the same question costs one more read: its keys)
    Answer.objects.update(created=F("created") - dt.timedelta(seconds=10))
    for name, keys in ((qid, ["major"]), (again, ["major"])):  # a new card, then a known one
        with CaptureQueriesContext(connection) as ctx:
            assert post(learner, name, keys).status_code == 200
        kinds = statements(ctx)
        # the session, the learner's recent answers (limit and doubled posts), the review
        # card; then one short write transaction: the answer, the counts, the card
        assert len(kinds) == 8, [q["sql"][:120] for q in ctx.captured_queries]
        assert kinds[:3] == ["SELECT", "SELECT", "SELECT"]
        assert kinds[3] in ("BEGIN", "SAVEPOINT") and kinds[-1] in ("COMMIT", "RELEASE")
        assert kinds[4:7] == ["INSERT", "INSERT", "INSERT" if name == qid else "UPDATE"]
    assert ReviewCard.objects.get(qid=again).reviews == 2
    assert QuestionStat.objects.get(qid=again).answered == 2


def test_a_doubled_post_costs_three_queries_and_writes_nothing(learner):  # noqa: F811
    qid = "g-ten-is-an-honour-0007"
    first = post(learner, qid, ["minor"]).json()
    with CaptureQueriesContext(connection) as ctx:
        assert post(learner, qid, ["minor"]).json() == first
    assert statements(ctx) == ["SELECT", "SELECT", "SELECT"]  # session, recent, its keys
    assert Answer.objects.count() == 1 and QuestionStat.objects.get(qid=qid).answered == 1
