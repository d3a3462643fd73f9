"""A class asks its own questions (issue 27): a question generated on a deal is drawn afresh
for each class, from the same recipe, so its prompt and story cannot be found in the public
listing while it is open; it is read and answered at /quiz/q/<id> like any other."""

import re

import pytest
from django.test import Client

from penaltyflow.classroom.models import Lesson, LessonItem
from penaltyflow.quizzes import bank

from .conftest import WHO, join, start

pytestmark = pytest.mark.django_db
TRANSFER = "g-transfer-64a1-defender-0000"  # how many tricks go across? (played to the end)
STATEMENT = "t-saw-dummy-must-accept"  # a fixed true/false statement


@pytest.fixture
def lesson(mini) -> Lesson:
    lesson = Lesson.objects.create(slug="own-deals", title="Own deals")
    for n, qid in enumerate([TRANSFER, STATEMENT, WHO]):
        LessonItem.objects.create(lesson=lesson, position=n, question=qid)
    return lesson


def listed(law: str = "") -> set[str]:
    response = Client().get("/quiz/questions.json", {"law": law, "limit": 500})
    assert response.status_code == 200
    return set(response.json()["questions"])


def test_each_class_draws_its_own_generated_questions(teacher_client, lesson):
    first, second = start(teacher_client, lesson), start(teacher_client, lesson)
    ids = [[spec["question"] for spec in s.items] for s in (first, second)]
    assert ids[0][1] == ids[1][1] == STATEMENT  # a statement stays what it is
    for asked, drawn_from in ((ids[0][0], TRANSFER), (ids[0][2], WHO)):
        assert asked != drawn_from and re.fullmatch(r"d-[a-z0-9-]+-[0-9a-f]{20}", asked), asked
    assert ids[0][0] != ids[1][0] and ids[0][2] != ids[1][2]  # a fresh draw for each class
    for qid, drawn_from in ((ids[0][0], TRANSFER), (ids[0][2], WHO)):
        q, template = bank.get_question(qid), bank.get_question(drawn_from)
        assert (q.kind, q.law, q.prompt.split()[0]) == (
            template.kind,
            template.law,
            template.prompt.split()[0],
        )
        # no public listing names it, and no bank question has its deal or its words
        assert qid not in listed() and qid not in listed(q.law)
        assert qid not in bank.matching()
        recipe = drawn_from.rsplit("-", 1)[0]
        for n in range(60):
            other = bank.get_question(f"{recipe}-{n:04d}")
            assert other.scenario["deal"] != q.scenario["deal"]
            assert (other.prompt, other.story) != (q.prompt, q.story)


def test_a_class_question_is_read_and_answered_at_its_own_address(teacher_client, lesson):
    session = start(teacher_client, lesson)
    qid = session.items[0]["question"]
    phone = join(session, "Ann")
    state = phone.get(f"/classroom/{session.code}/state.json").json()
    assert state["kind"] == "question" and state["open"] and state["question"] is None
    teacher_state = teacher_client.get(f"/classroom/{session.code}/state.json").json()
    assert teacher_state["question"] == qid
    assert qid not in listed("64")  # the open question is not in the listing of its law
    public = Client().get(f"/quiz/q/{qid}.json")
    assert public.status_code == 200
    doc = public.json()
    assert doc["id"] == qid and doc["kind"] == "transfer" and doc["scenario"]["deal"]
    assert Client().get(f"/quiz/q/{qid}/").status_code == 200
    right = sorted(bank.get_question(qid).right_keys())
    wrong = next(c["key"] for c in doc["choices"] if c["key"] not in right)
    for keys, correct in ((right, True), ([wrong], False)):
        answered = Client().post(
            f"/quiz/q/{qid}/answer", {"answer": keys}, HTTP_ACCEPT="application/json"
        )
        assert answered.status_code == 200
        assert answered.json()["correct"] is correct and answered.json()["answer"] == right
    # the class grades its own deal
    posted = phone.post(f"/classroom/{session.code}/answer", {"item": 0, "answer": right})
    assert posted.status_code == 302
    results = teacher_client.get(f"/classroom/{session.code}/results.json").json()
    assert results["items"][0] == {
        "item": 0,
        "question": qid,
        "answers": {right[0]: 1},
        "right": 1,
        "total": 1,
    }

    # an id of the same form never drawn is no question
    made_up = qid[:-20] + ("0" if qid[-20] != "0" else "1") + qid[-19:]
    assert Client().get(f"/quiz/q/{made_up}.json").status_code == 404
    assert Client().get(f"/quiz/q/{made_up}/").status_code == 404
