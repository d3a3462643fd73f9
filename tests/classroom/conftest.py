import re

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from penaltyflow.classroom.models import TEACHERS_GROUP, Lesson, LessonItem, Session
from penaltyflow.flowcharts.loader import load_charts

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def mini(good_chart, write_chart, db):
    (chart,) = load_charts([write_chart(good_chart)])
    return chart


def make_teacher(name: str) -> User:
    user = User.objects.create_user(name, password="pw-" + name)
    user.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
    return user


@pytest.fixture
def teacher(db) -> User:
    return make_teacher("tess")


@pytest.fixture
def teacher_client(teacher) -> Client:
    client = Client()
    client.force_login(teacher)
    return client


@pytest.fixture
def step_lesson(mini) -> Lesson:
    """Three steps of the small chart: the start, a question (where it leads hidden), an action."""
    lesson = Lesson.objects.create(slug="mini-lesson", title="A lead out of turn, in brief")
    for n, (node, path, hide) in enumerate(
        [("lead", "", False), ("accept", "lead", True), ("retract", "lead.accept", False)]
    ):
        LessonItem.objects.create(
            lesson=lesson, position=n, chart="mini-56", node=node, path=path, hide_targets=hide
        )
    return lesson


def start(client: Client, lesson: Lesson) -> Session:
    response = client.post("/classroom/start", {"lesson": lesson.slug})
    assert response.status_code == 302, response.content[:300]
    code = re.fullmatch(r"/classroom/([A-Z0-9]{6})/present/", response["Location"]).group(1)
    return Session.objects.get(code=code)


@pytest.fixture
def session(teacher_client, step_lesson) -> Session:
    return start(teacher_client, step_lesson)


def join(session: Session, name: str = "", **extra) -> Client:
    client = Client(enforce_csrf_checks=False)
    response = client.post(f"/join/{session.code}/", {"name": name}, **extra)
    assert response.status_code == 302, response.content[:300]
    assert response["Location"] == f"/classroom/{session.code}/"
    return client


@pytest.fixture
def student(session) -> Client:
    return join(session, "Ann")


WHO = "g-defender-lead-who-0000"  # who chooses now? one answer: N
OPTIONS = "g-defender-lead-options-0000"  # what may declarer choose? several: accept, refuse


@pytest.fixture
def quiz_lesson(mini) -> Lesson:
    """A step, then two quiz questions (one answer; several), then a step."""
    lesson = Lesson.objects.create(slug="quiz-lesson", title="Who decides?")
    items = [
        {"chart": "mini-56", "node": "lead"},
        {"question": WHO},
        {"question": OPTIONS},
        {"chart": "mini-56", "node": "accept", "path": "lead"},
    ]
    for n, item in enumerate(items):
        LessonItem.objects.create(lesson=lesson, position=n, **item)
    return lesson


@pytest.fixture
def quiz_session(teacher_client, quiz_lesson) -> Session:
    session = start(teacher_client, quiz_lesson)
    teacher_client.post(f"/classroom/{session.code}/present/next")  # to the first question
    return session


def asked(session: Session, item: int):
    """The question a class asks at this item (its own deal, drawn when the class started)."""
    from penaltyflow.quizzes import bank

    return bank.get_question(session.items[item]["question"])


def keys(session: Session, item: int) -> tuple[list[str], list[str]]:
    """The item's right keys and its wrong ones (the class's own deal decides which)."""
    q = asked(session, item)
    right = sorted(q.right_keys())
    return right, [k for k in q.keys if k not in right]
