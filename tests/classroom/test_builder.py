"""The lesson builder: the bank searched by law, kind and words, every kind of question there
(true/false statements too), a question previewed with its table, a lesson renamed and deleted."""

import re

import pytest
from django.test import Client

from penaltyflow.classroom import questions
from penaltyflow.classroom.models import Lesson, LessonItem, Session

from .conftest import WHO, make_teacher, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def mine(teacher_client, content) -> Lesson:
    teacher_client.post("/classroom/lessons/new", {"title": "Club night"})
    return Lesson.objects.get(title="Club night")


def listed(page: str) -> list[str]:
    """The ids of the questions the page offers to add."""
    return re.findall(r'name="question" value="([^"]+)"', page)


@pytest.mark.same_on_any_database  # the bank is searched in memory; the lesson only read
def test_the_bank_is_searched_by_law_kind_and_words(teacher_client, mine):
    url = f"/classroom/lessons/{mine.slug}/"
    page = teacher_client.get(url).content.decode()
    assert len(listed(page)) == 40 and "questions found: narrow the search" in page
    kinds = re.findall(
        r'<option value="([a-z-]+)"', page.split('name="kind"')[1].split("</select>")[0]
    )
    assert {"penalty-card", "legal-cards", "options", "decider", "true-false"} <= set(kinds)

    statements = teacher_client.get(url, {"kind": "true-false"}).content.decode()
    ids = listed(statements)
    assert ids and all(qid.startswith("t-") for qid in ids)
    assert "True or false" in statements

    law50 = teacher_client.get(url, {"law": "50", "kind": "penalty-card"}).content.decode()
    assert listed(law50) and "Law 48" not in law50.split("question-results")[1]
    labels = re.findall(r'class="result-what">(.*?)</div>', law50, re.S)
    assert len(set(labels)) == len(labels), "two questions listed alike"

    words = teacher_client.get(url, {"words": "declarer dropped"}).content.decode()
    assert listed(words)
    for qid in listed(words):
        q = questions.get_question(qid)
        text = f"{q.prompt} {q.story}".lower()
        assert "declarer" in text and "dropped" in text
    none = teacher_client.get(url, {"words": "zebra crossing"}).content.decode()
    assert listed(none) == [] and "0 questions found." in none
    assert teacher_client.get(url, {"law": "99"}).status_code == 400  # test_laws_taught.py


def test_a_statement_is_added_and_a_question_previewed_with_its_table(teacher_client, mine):
    url = f"/classroom/lessons/{mine.slug}/"
    statement = listed(teacher_client.get(url, {"kind": "true-false"}).content.decode())[0]
    assert (
        teacher_client.post(url, {"action": "add-question", "question": statement}).status_code
        == 302
    )
    assert [i.question for i in mine.items.all()] == [statement]
    preview = teacher_client.get(f"{url}preview", {"question": WHO})
    html = preview.content.decode()
    assert preview.status_code == 200
    assert "Who chooses now?" in html and 'class="bridge-table"' in html  # the deal, drawn
    assert "The right answer" in html and 'value="add-question"' in html
    assert teacher_client.get(f"{url}preview", {"question": "g-nope-0000"}).status_code == 400


def test_a_lesson_is_renamed_and_deleted_by_its_owner_only(teacher_client, mine, client):
    url = f"/classroom/lessons/{mine.slug}/"
    assert (
        teacher_client.post(url, {"action": "rename", "title": "  Tuesday   night "}).status_code
        == 302
    )
    mine.refresh_from_db()
    assert mine.title == "Tuesday night"
    empty = teacher_client.post(url, {"action": "rename", "title": "  "})
    assert empty.status_code == 400 and "A lesson needs a title." in empty.content.decode()

    teacher_client.post(url, {"action": "add-question", "question": WHO})
    session = start(teacher_client, mine)
    other = Client()
    other.force_login(make_teacher("otto"))
    assert other.post(f"{url}delete").status_code == 403
    ask = teacher_client.get(f"{url}delete")
    assert ask.status_code == 200 and "Delete “Tuesday night”?" in ask.content.decode()
    assert Lesson.objects.filter(pk=mine.pk).exists()  # asking deletes nothing
    gone = teacher_client.post(f"{url}delete")
    assert gone.status_code == 302 and gone["Location"] == "/classroom/"
    assert not Lesson.objects.filter(pk=mine.pk).exists()
    assert not LessonItem.objects.filter(lesson_id=mine.pk).exists()
    (kept,) = Session.objects.get(pk=session.pk).items
    assert (kept["kind"], kept["from"]) == ("question", WHO)  # drawn afresh for the class
    home = teacher_client.get("/classroom/").content.decode()
    lessons, classes = home.split("Your classes")
    assert "Tuesday night" not in lessons and "Tuesday night" in classes  # the class stays


def test_a_title_with_tags_makes_a_slug_of_its_words_and_shows_escaped(teacher_client, content):
    r = teacher_client.post("/classroom/lessons/new", {"title": "My <i>own</i> lesson"})
    lesson = Lesson.objects.get(title="My <i>own</i> lesson")
    assert lesson.slug == "my-own-lesson" and r["Location"] == "/classroom/lessons/my-own-lesson/"
    html = teacher_client.get(r["Location"]).content.decode()
    assert "<h1>My &lt;i&gt;own&lt;/i&gt; lesson</h1>" in html and "<i>own</i>" not in html
