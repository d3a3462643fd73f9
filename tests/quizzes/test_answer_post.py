"""The answer post in one trip: `progress.post_answer` says what became of a post
(recorded, doubled, limited) for the quiz, the rounds and the classroom alike; and an
exam's wrong answers come back for review like any other (issue 18)."""

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from penaltyflow.quizzes import progress
from penaltyflow.quizzes.bank import get_question
from penaltyflow.quizzes.models import Learner, QuizAnswer, ReviewCard, Round
from penaltyflow.quizzes.progress import Outcome, post_answer

from .test_rounds import start

pytestmark = pytest.mark.django_db
QIDS = [f"g-ten-is-an-honour-{n:04d}" for n in range(6)]


def wrong_keys(q) -> list[str]:
    return [k for k in q.keys if k not in q.right_keys()][:1]


def test_one_call_says_whether_a_post_was_recorded_doubled_or_limited(settings):
    settings.QUIZ_ANSWERS_PER_MINUTE = 3
    learner, q = Learner.objects.create(), get_question(QIDS[0])
    first = post_answer(learner, q, wrong_keys(q))
    assert first.outcome is Outcome.RECORDED and first.grade.correct is False
    again = post_answer(learner, q, wrong_keys(q))  # the same keys within seconds
    assert again.outcome is Outcome.DOUBLED and again.keys == first.keys
    assert QuizAnswer.objects.count() == 1 and ReviewCard.objects.get().reviews == 1
    token = post_answer(learner, get_question(QIDS[1]), ["major"], attempt="a1")
    same = post_answer(learner, get_question(QIDS[1]), ["minor"], attempt="a1")
    assert token.outcome is Outcome.RECORDED and same.doubled and same.keys == ["major"]
    post_answer(learner, get_question(QIDS[2]), ["major"])
    limited = post_answer(learner, get_question(QIDS[3]), ["major"])
    assert limited.limited and 1 <= limited.wait <= 60 and limited.grade is None
    assert QuizAnswer.objects.count() == 3  # nothing kept past the limit
    later = timezone.now() + dt.timedelta(seconds=61)
    assert post_answer(learner, get_question(QIDS[3]), ["major"], now=later).outcome is (
        Outcome.RECORDED
    )


def test_a_round_keeps_one_answer_a_position_and_its_last_answer_finishes_it():
    client = Client()
    start(client)
    rnd = Round.objects.get()
    rnd.questions = rnd.questions[:2]
    rnd.save()
    q1, q2 = (get_question(qid) for qid in rnd.questions)
    one = post_answer(rnd.learner, q1, q1.keys[:1], round=rnd, position=1)
    other = post_answer(rnd.learner, q1, q1.keys[1:2], round=rnd, position=1)
    assert one.outcome is Outcome.RECORDED and other.doubled and other.keys == one.keys
    assert Round.objects.get().finished is None
    post_answer(rnd.learner, q2, q2.keys[:1], round=rnd, position=2)
    assert Round.objects.get().finished is not None


def test_an_exam_s_wrong_answers_come_back_for_review_and_the_results_say_so(noon_today):
    """issue 18: 22 wrong in an exam, none due. Now each is scheduled as any answer is.
    (At noon: a card due in a minute at 23:59 is due tomorrow, not on "today's" list.)"""
    client = Client()
    start(client, mode="exam")
    rnd = Round.objects.get()
    wrong = set()
    for n, qid in enumerate(rnd.questions, start=1):
        q = get_question(qid)
        keys = sorted(q.right_keys()) if n <= 3 else wrong_keys(q)
        if n > 3:
            wrong.add(qid)
        r = client.post(f"/quiz/r/{rnd.pk}/{n}/", {"answer": keys})
        assert r.status_code == 302
    learner = Round.objects.get().learner
    soon = timezone.now() + dt.timedelta(minutes=5)  # Again: in a minute; Good: in ten
    assert set(progress.due(learner, soon).values_list("qid", flat=True)) == wrong
    assert ReviewCard.objects.filter(learner=learner).count() == 25  # right ones too, later
    results = client.get(f"/quiz/r/{rnd.pk}/").content.decode()
    assert "The 22 questions you got wrong come back for review" in results
    page = client.get("/quiz/progress/").content.decode()
    due_today = page.split('id="due-today"')[1].split("</section>")[0]
    assert all(f'href="/quiz/q/{qid}/"' in due_today for qid in wrong)


def test_the_table_shown_after_an_answer_replays_the_deal_the_grade_reads():
    """An answer post replays the deal once, for its table, and the grade reads that
    replay: for every kind of question, it is the engine's own replay of the deal."""
    from penaltyflow.engine import replay, replay_board
    from penaltyflow.quizzes import bank
    from penaltyflow.quizzes.tables import table_for

    kinds = {}
    for qid, _law, kind in bank.index():
        if kinds.get(kind, 0) >= 3:
            continue  # the index names each question's kind: three of each are drawn, no more
        q = bank.get_question(qid)
        if q is not None and q.scenario is not None:
            kinds[kind] = kinds.get(kind, 0) + 1
            fresh = bank.get_question(qid)
            fresh._state = None
            if "dealer" in q.scenario:  # from the first call: the board's state, the auction's too
                table_for(fresh, ruled=True)
                assert fresh.state() == replay_board(q.scenario).to_json(), qid
                continue
            assert table_for(fresh, ruled=True).final_state == replay(q.scenario).to_json(), qid
    assert len(kinds) >= 5
