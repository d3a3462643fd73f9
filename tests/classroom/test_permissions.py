"""Who may do what, request by request (classroom-contract.md): nobody but the session's
teacher drives it or sees its results, only students who joined follow it, and
nothing a refused request asks for changes the session."""

import pytest
from django.test import Client

from penaltyflow.classroom.models import Session

from .conftest import join, make_teacher

TEACHER_GETS = ["present/", "present/live", "results.json", "results.csv", "items.csv", "summary/"]
TEACHER_POSTS = ["present/next", "present/prev", "present/reveal", "present/end"]


@pytest.fixture
def people(session, teacher_client):
    other = Client()
    other.force_login(make_teacher("other"))
    learner = Client()
    learner.force_login(
        make_teacher("learner").__class__.objects.create_user("plain", password="x")
    )
    return {
        "teacher": teacher_client,
        "another teacher": other,
        "a signed-in learner": learner,
        "a student": join(session, "Ann"),
        "a visitor who did not join": Client(),
    }


def status(client, method, path):
    response = client.get(path) if method == "GET" else client.post(path)
    return response.status_code, response.get("Location", "")


@pytest.mark.parametrize("what", TEACHER_GETS)
def test_teacher_pages_are_the_teachers_alone(people, session, what):
    path = f"/classroom/{session.code}/{what}"
    assert status(people["teacher"], "GET", path)[0] == 200
    for who in ("another teacher", "a signed-in learner", "a student"):
        assert status(people[who], "GET", path)[0] == 403, who
    code, where = status(people["a visitor who did not join"], "GET", path)
    assert code == 302 and where.startswith("/accounts/login/?next=")


@pytest.mark.parametrize("action", TEACHER_POSTS)
def test_nobody_else_can_drive_the_session(people, session, action):
    path = f"/classroom/{session.code}/{action}"
    for who in ("another teacher", "a signed-in learner", "a student"):
        assert status(people[who], "POST", path)[0] == 403, who
    code, where = status(people["a visitor who did not join"], "POST", path)
    assert code == 302 and where.startswith("/accounts/login/")
    fresh = Session.objects.get(pk=session.pk)
    assert (fresh.item, fresh.revealed_items, fresh.ended, fresh.version) == (0, [], False, 0)
    assert status(people["teacher"], "POST", path)[0] == 302  # and the teacher can


def test_student_pages_need_joining(people, session):
    for what in ("", "state.json", "diagram"):
        path = f"/classroom/{session.code}/{what}"
        assert status(people["a student"], "GET", path)[0] == 200
        assert status(people["a visitor who did not join"], "GET", path)[0] == 403
        assert status(people["another teacher"], "GET", path)[0] == 403
    assert status(people["teacher"], "GET", f"/classroom/{session.code}/state.json")[0] == 200
    answer = f"/classroom/{session.code}/answer"
    assert (
        people["a visitor who did not join"].post(answer, {"item": 0, "answer": "x"}).status_code
        == 403
    )


def test_a_cookie_for_one_session_opens_no_other(people, session, teacher_client, step_lesson):
    from .conftest import start

    second = start(teacher_client, step_lesson)
    assert status(people["a student"], "GET", f"/classroom/{second.code}/state.json")[0] == 403
    forged = Client()
    forged.cookies[f"pfclass-{session.code}"] = "1"  # not signed by the server
    assert status(forged, "GET", f"/classroom/{session.code}/state.json")[0] == 403


def test_starting_a_class_is_for_teachers(people, step_lesson):
    for who in ("a signed-in learner", "a student"):
        code, where = status(people[who], "POST", "/classroom/start")
        assert code in (302, 403)
        if code == 302:
            assert where.startswith("/accounts/login/")
    response = people["a signed-in learner"].post("/classroom/start", {"lesson": step_lesson.slug})
    assert response.status_code == 403
    response = people["a visitor who did not join"].post(
        "/classroom/start", {"lesson": step_lesson.slug}
    )
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert people["teacher"].post("/classroom/start", {"lesson": "no-such"}).status_code == 400
    assert Session.objects.count() == 1


@pytest.mark.parametrize(
    "path",
    [
        "join/ZZZZZ9/",
        "classroom/ZZZZZ9/",
        "classroom/ZZZZZ9/state.json",
        "classroom/ZZZZZ9/present/",
        "classroom/ZZZZZ9/results.json",
        "classroom/zz/present/",
    ],
)
def test_a_code_that_does_not_exist_is_404(people, path):
    assert people["teacher"].get("/" + path).status_code == 404


def test_every_post_needs_the_csrf_token(session):
    student = Client(enforce_csrf_checks=True)
    page = student.get(f"/join/{session.code}/")
    assert page.status_code == 200
    assert student.post(f"/join/{session.code}/", {"name": "x"}).status_code == 403
    token = student.cookies["csrftoken"].value
    response = student.post(f"/join/{session.code}/", {"name": "x", "csrfmiddlewaretoken": token})
    assert response.status_code == 302


def test_the_handout_and_its_answer_key_are_for_teachers(people, step_lesson, teacher):
    """Issue 27: the handout carries the answers; a phone in the room must not read it."""
    shipped = f"/lessons/{step_lesson.slug}/handout/"
    for who in ("teacher", "another teacher"):
        assert status(people[who], "GET", shipped)[0] == 200, who
    for who in ("a signed-in learner", "a student"):  # a joined phone, signed out
        assert status(people[who], "GET", shipped)[0] == 403, who
    code, where = status(people["a visitor who did not join"], "GET", shipped)
    assert code == 302 and where == f"/accounts/login/?next={shipped}"
    step_lesson.owner = teacher  # a lesson the teacher built is the teacher's alone
    step_lesson.save()
    assert status(people["teacher"], "GET", shipped)[0] == 200
    assert status(people["another teacher"], "GET", shipped)[0] == 403
    assert (
        status(people["another teacher"], "GET", f"/classroom/lessons/{step_lesson.slug}/")[0]
        == 403
    )
    assert status(people["teacher"], "GET", "/lessons/no-such/handout/")[0] == 404


def test_lessons_json_lists_what_the_one_asking_can_start(people, step_lesson, teacher):
    from django.contrib.auth.models import User

    from penaltyflow.classroom.models import Lesson

    Lesson.objects.create(slug="tess-own", title="Tess's Tuesday", owner=teacher)
    other = User.objects.get(username="other")
    Lesson.objects.create(slug="other-own", title="Other's", owner=other)

    def listed(who):
        response = people[who].get("/lessons.json")
        assert response.status_code == 200
        return {row["slug"] for row in response.json()["lessons"]}

    assert listed("teacher") == {step_lesson.slug, "tess-own"}
    assert listed("another teacher") == {step_lesson.slug, "other-own"}
    for who in ("a signed-in learner", "a student", "a visitor who did not join"):
        assert listed(who) == {step_lesson.slug}, who
    # what is not listed cannot be started
    response = people["another teacher"].post("/classroom/start", {"lesson": "tess-own"})
    assert response.status_code == 400
