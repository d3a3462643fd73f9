"""Answers: one per student and item, the last one counts, closed items refuse (409), the
tally is exact and says how many were right as the quiz grades them."""

import pytest
from django.test import Client

from penaltyflow.classroom.models import Answer

from .conftest import HTMX, asked, join, keys

JSON = {"HTTP_ACCEPT": "application/json"}

pytestmark = pytest.mark.django_db


def answer(client, session, item, *keys, **extra):
    return client.post(
        f"/classroom/{session.code}/answer", {"item": item, "answer": list(keys)}, **extra
    )


def results(teacher_client, session):
    response = teacher_client.get(f"/classroom/{session.code}/results.json")
    assert response.status_code == 200
    return response.json()


def test_an_answer_counts_once_and_a_change_replaces_it(quiz_session, teacher_client):
    ann, bob = join(quiz_session, "Ann"), join(quiz_session, "Bob")
    (right,), (wrong, other, _) = keys(quiz_session, 1)  # who chooses: one seat of four
    assert answer(ann, quiz_session, 1, wrong).status_code == 302
    assert answer(ann, quiz_session, 1, wrong).status_code == 302  # a doubled post
    assert answer(bob, quiz_session, 1, other).status_code == 302
    assert answer(ann, quiz_session, 1, right).status_code == 302  # Ann changes her mind
    doc = results(teacher_client, quiz_session)
    assert doc["students"] == 2
    assert doc["items"][1] == {
        "item": 1,
        "question": quiz_session.items[1]["question"],
        "answers": {right: 1, other: 1},
        "right": 1,
        "total": 2,
    }
    assert doc["items"][0] == {"item": 0, "question": None, "answers": {}, "right": 0, "total": 0}
    assert Answer.objects.count() == 2


def test_several_keys_for_a_question_with_several_answers(quiz_session, teacher_client):
    teacher_client.post(f"/classroom/{quiz_session.code}/present/next")
    ann, bob = join(quiz_session, "Ann"), join(quiz_session, "Bob")
    right, _ = keys(quiz_session, 2)
    assert len(right) >= 2  # several right answers
    assert answer(ann, quiz_session, 2, *reversed(right)).status_code == 302
    assert answer(bob, quiz_session, 2, right[0]).status_code == 302
    entry = results(teacher_client, quiz_session)["items"][2]
    assert entry == {
        "item": 2,
        "question": quiz_session.items[2]["question"],
        "answers": {right[0]: 2} | {key: 1 for key in right[1:]},
        "right": 1,
        "total": 2,
    }


def test_bad_answers_are_refused_and_change_nothing(quiz_session, teacher_client):
    ann = join(quiz_session, "Ann")
    assert answer(ann, quiz_session, 1, "Q").status_code == 400  # not a choice
    nothing = answer(ann, quiz_session, 1)  # no key: the page again, saying what to do
    assert nothing.status_code == 400
    assert "Tick an answer first, then send it." in nothing.content.decode()
    assert 'name="answer"' in nothing.content.decode()
    assert "{#" not in nothing.content.decode() and "#}" not in nothing.content.decode()
    assert answer(ann, quiz_session, 1, "N", "E").status_code == 400  # one answer only
    assert answer(ann, quiz_session, "x", "N").status_code == 400
    assert answer(ann, quiz_session, 99, "N").status_code == 400
    json_reply = answer(ann, quiz_session, 1, "Q", HTTP_ACCEPT="application/json")
    assert json_reply.status_code == 400 and "error" in json_reply.json()
    assert Answer.objects.count() == 0


def test_closed_items_refuse_answers_with_409(quiz_session, teacher_client):
    code = quiz_session.code
    ann = join(quiz_session, "Ann")
    assert answer(ann, quiz_session, 0, "N").status_code == 409  # a step: never open
    assert answer(ann, quiz_session, 1, "N").status_code == 302
    teacher_client.post(f"/classroom/{code}/present/reveal")
    assert answer(ann, quiz_session, 1, "E").status_code == 409  # revealed
    late = answer(ann, quiz_session, 1, "E", HTTP_ACCEPT="application/json")
    assert late.status_code == 409 and "closed" in late.json()["error"]
    teacher_client.post(f"/classroom/{code}/present/next")
    assert answer(ann, quiz_session, 2, "accept").status_code == 302
    teacher_client.post(f"/classroom/{code}/present/next")
    assert answer(ann, quiz_session, 2, "refuse").status_code == 409  # moved on
    teacher_client.post(f"/classroom/{code}/present/prev")
    assert answer(ann, quiz_session, 2, "refuse").status_code == 302  # shown again: open again
    teacher_client.post(f"/classroom/{code}/present/prev")
    state = ann.get(f"/classroom/{code}/state.json").json()
    assert (state["item"], state["revealed"], state["open"]) == (1, True, False)  # stays revealed
    teacher_client.post(f"/classroom/{code}/present/end")
    assert answer(ann, quiz_session, 1, "E").status_code == 409
    doc = results(teacher_client, quiz_session)
    assert doc["items"][1]["answers"] == {"N": 1} and doc["items"][2]["answers"] == {"refuse": 1}


def test_the_phone_taps_shows_its_answer_then_right_or_wrong_and_why(quiz_session, teacher_client):
    ann, bob = join(quiz_session, "Ann"), join(quiz_session, "Bob")
    (right,), (wrong, *_) = keys(quiz_session, 1)
    html = ann.get(f"/classroom/{quiz_session.code}/").content.decode()
    assert "Who chooses now?" in html and 'value="N"' in html and "Tap your answer" in html
    reply = answer(ann, quiz_session, 1, wrong, **HTMX)
    assert reply.status_code == 200
    assert (
        'aria-pressed="true"' in reply.content.decode() and "your answer" in reply.content.decode()
    )
    answer(bob, quiz_session, 1, right)
    teacher_client.post(f"/classroom/{quiz_session.code}/present/reveal")
    wrong_page = ann.get(f"/classroom/{quiz_session.code}/").content.decode()
    page = bob.get(f"/classroom/{quiz_session.code}/").content.decode()
    assert "Not this time" in wrong_page and "✓ right" in wrong_page
    assert "Right!" in page
    explanation = asked(quiz_session, 1).explanation({right}).split(".")[0]
    assert explanation and explanation in page  # the quiz's explanation ("North (declarer) ...")
    late = answer(ann, quiz_session, 1, right, **HTMX)
    assert late.status_code == 409 and "closed" in late.content.decode()  # swapped in by htmx


def test_the_projector_shows_live_bars_and_marks_the_right_answer_on_reveal(
    quiz_session, teacher_client
):
    (right,), (wrong, *_) = keys(quiz_session, 1)
    for key in (right, right, wrong):
        answer(join(quiz_session), quiz_session, 1, key)
    live = teacher_client.get(f"/classroom/{quiz_session.code}/present/live", **HTMX)
    html = live.content.decode()
    assert "<strong>3</strong> of 3 answered" in html
    assert '<rect width="100"' in html and '<rect width="50"' in html  # right twice, wrong once
    assert "bar-row right" not in html
    again = teacher_client.get(
        f"/classroom/{quiz_session.code}/present/live", HTTP_IF_NONE_MATCH=live["ETag"], **HTMX
    )
    assert again.status_code == 304
    teacher_client.post(f"/classroom/{quiz_session.code}/present/reveal")
    html = teacher_client.get(f"/classroom/{quiz_session.code}/present/").content.decode()
    assert "bar-row right" in html and "<strong>2</strong> right" in html


def test_summary_csv_and_reopening_read_only(quiz_session, teacher_client):
    code = quiz_session.code
    (right,), (wrong, *_) = keys(quiz_session, 1)
    qid = quiz_session.items[1]["question"]
    answer(join(quiz_session, "Ann"), quiz_session, 1, right)
    answer(join(quiz_session, "Bob, Jr"), quiz_session, 1, wrong)
    join(quiz_session)  # no name, no answer
    teacher_client.post(f"/classroom/{code}/present/end")
    html = teacher_client.get(f"/classroom/{code}/summary/").content.decode()
    assert "2 answered" in html and "1 right (50%)" in html
    assert "Ann" in html and "Bob, Jr" in html and "Student 3" in html
    rows = teacher_client.get(f"/classroom/{code}/results.csv").content.decode().splitlines()
    assert rows[0].startswith(f"student,item 2 ({qid}) answer,item 2 right")
    assert rows[1] == f"Ann,{right},yes,,,1,1"
    assert rows[2] == f'"Bob, Jr",{wrong},no,,,0,1'
    items = teacher_client.get(f"/classroom/{code}/items.csv").content.decode().splitlines()
    tally = " ".join(f"{k}=1" for k in sorted([right, wrong]))
    assert items[2].startswith(f"2,question,{qid},") and items[2].endswith(f",2,1,50,{tally}")
    # reopened read-only: browse the items, nothing to drive
    page = teacher_client.get(f"/classroom/{code}/present/?item=1").content.decode()
    assert "read only" in page and "bar-row right" in page and "key-reveal" not in page
    assert teacher_client.post(f"/classroom/{code}/present/next").status_code == 302
    assert Client().get(f"/classroom/{code}/present/?item=1").status_code == 302  # signed out


def test_students_keep_the_lessons_questions_for_review(quiz_session, teacher_client):
    ann = join(quiz_session, "Ann")
    teacher_client.post(f"/classroom/{quiz_session.code}/present/end")
    assert "Keep this lesson" in ann.get(f"/classroom/{quiz_session.code}/").content.decode()
    response = ann.post(f"/classroom/{quiz_session.code}/keep")
    assert response.status_code == 200 and "2 questions" in response.content.decode()
    again = ann.post(f"/classroom/{quiz_session.code}/keep").content.decode()
    assert "already in your review queue" in again
    from penaltyflow.quizzes.models import ReviewCard

    assert sorted(ReviewCard.objects.values_list("qid", flat=True)) == sorted(
        spec["question"] for spec in quiz_session.items if spec["kind"] == "question"
    )


def test_a_student_s_answers_are_limited_per_student_as_the_quiz_limits_them(
    quiz_session, teacher_client, settings
):
    """issue 18: 150 posts in 1.4 s were all accepted. Past the quiz's limit a student gets
    429 with Retry-After and the answer is not counted; another student is not held up."""
    settings.QUIZ_ANSWERS_PER_MINUTE = 6
    ann, bob = join(quiz_session, "Ann"), join(quiz_session, "Bob")
    for key in "NNEENE":  # changes of mind and the same answer again: each post counts
        assert answer(ann, quiz_session, 1, key, **JSON).status_code == 200
    limited = answer(ann, quiz_session, 1, "W", **JSON)
    assert limited.status_code == 429 and 1 <= int(limited["Retry-After"]) <= 60
    assert "wait" in limited.json()["error"]
    page = answer(ann, quiz_session, 1, "W", **HTMX)  # the phone is told, in words
    assert page.status_code == 429 and "Too many answers in a minute" in page.content.decode()
    assert answer(bob, quiz_session, 1, "W", **JSON).status_code == 200
    doc = results(teacher_client, quiz_session)
    assert doc["items"][1]["answers"] == {"E": 1, "W": 1}  # Ann's last counted answer: E
