"""Signing in: a teacher lands on the classroom, a learner on their progress; a safe
`next` wins; the header's Classroom link is there for teachers only, on built-once pages too."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from .conftest import make_teacher

LINK = '<a href="/classroom/">Classroom</a>'


def sign_in(name: str, next_: str | None = None) -> tuple[Client, str]:
    client = Client()
    fields = {"username": name, "password": "pw-" + name}
    if next_ is not None:
        fields["next"] = next_
    response = client.post("/accounts/login/", fields)
    assert response.status_code == 302, response.content[:300]
    return client, response["Location"]


@pytest.fixture
def people(db):
    make_teacher("tess")
    User.objects.create_user("lee", password="pw-lee")


def test_a_teacher_lands_on_the_classroom_a_learner_on_progress(people):
    teacher, where = sign_in("tess")
    assert where == "/classroom/"
    assert teacher.get(where).status_code == 200
    assert sign_in("lee")[1] == "/quiz/progress/"


@pytest.mark.parametrize("who", ["tess", "lee"])
def test_a_safe_next_wins_an_unsafe_one_is_ignored(people, who):
    assert sign_in(who, "/quiz/")[1] == "/quiz/"
    home = "/classroom/" if who == "tess" else "/quiz/progress/"
    assert sign_in(who, "https://evil.example/")[1] == home
    assert sign_in(who, "//evil.example/quiz/")[1] == home


def test_the_header_shows_classroom_to_teachers_only(people, mini, client):
    teacher, _ = sign_in("tess")
    learner, _ = sign_in("lee")
    step = "/charts/mini-56/lead/"
    for page in ("/quiz/", "/quiz/progress/", step, "/accounts/login/"):
        # built once and kept (the step page): the teacher first, then the others
        assert LINK in teacher.get(page).content.decode(), page
        for other in (learner, client):
            html = other.get(page).content.decode()
            assert LINK not in html and "classroom-link" not in html, page
    teacher.post("/accounts/logout/")
    assert LINK not in teacher.get("/quiz/").content.decode()


def test_a_visitor_page_costs_no_query_for_the_link(
    people, mini, client, django_assert_max_num_queries
):
    client.get("/charts/mini-56/lead/")  # built and kept
    with django_assert_max_num_queries(1):  # at most the content stamp
        html = client.get("/charts/mini-56/lead/").content.decode()
    assert LINK not in html
