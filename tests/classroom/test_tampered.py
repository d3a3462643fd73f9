"""Tampered classroom queries (an ended class's `item`, the handout's `paper`, the builder's
preview): a 400 page, never a 500 and never some other item shown instead."""

import pytest

from penaltyflow.classroom.models import Lesson

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("item", ["-1", "3", "x", "²", "9" * 4301])
def test_an_ended_class_refuses_an_item_it_does_not_have(teacher_client, session, item):
    url = f"/classroom/{session.code}/present/"
    teacher_client.post(f"{url}end")
    assert teacher_client.get(url, {"item": "2"}).status_code == 200  # its last item
    response = teacher_client.get(url, {"item": item})
    assert response.status_code == 400
    assert b"Nothing has been changed" in response.content


@pytest.mark.parametrize("paper", ["legal", "A5", "x" * 300])
def test_the_handout_refuses_a_paper_it_does_not_print(teacher_client, step_lesson, paper):
    url = f"/lessons/{step_lesson.slug}/handout/"
    assert teacher_client.get(url, {"paper": "letter"}).status_code == 200
    assert teacher_client.get(url, {"paper": paper}).status_code == 400


@pytest.mark.parametrize(
    "query", [{"question": "q" * 101}, {"step": "mini-56/" + "n" * 200}, {"question": "a\x00"}]
)
def test_the_builder_preview_refuses_a_tampered_query(teacher_client, mini, query):
    teacher_client.post("/classroom/lessons/new", {"title": "Club night"})
    lesson = Lesson.objects.get(title="Club night")
    url = f"/classroom/lessons/{lesson.slug}/preview"
    assert teacher_client.get(url, {"step": "mini-56/lead"}).status_code == 200
    assert teacher_client.get(url, query).status_code == 400
