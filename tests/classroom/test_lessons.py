"""Lessons: the content files load like the charts (a bad file names the file and the item,
and nothing is written); lessons.json lists them; a teacher builds and reorders one."""

from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.core.management import CommandError, call_command
from django.test import Client

from penaltyflow.classroom.loader import LessonError, load_lessons
from penaltyflow.classroom.models import Lesson, LessonItem

from .conftest import WHO, make_teacher

pytestmark = pytest.mark.django_db
LESSON_FILES = sorted((settings.CONTENT_DIR / "lessons").glob("*.yaml"))


def write(tmp_path: Path, data: dict, name: str = "lesson.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


GOOD = {
    "slug": "mini",
    "title": "The small chart",
    "items": [
        {"step": "mini-56/lead"},
        {"step": "mini-56/accept", "hide": True},
        {"question": WHO},
    ],
}


def test_the_shipped_lessons_load_with_charts_and_questions(content):
    assert len(LESSON_FILES) >= 3
    lessons = load_lessons(LESSON_FILES)
    for lesson in lessons:
        kinds = {item.spec()["kind"] for item in lesson.items.all()}
        assert kinds == {"step", "question"}, lesson.slug
    listed = Client().get("/lessons.json").json()["lessons"]
    assert {(x["slug"], x["items"]) for x in listed} == {
        (lesson.slug, lesson.items.count()) for lesson in lessons
    }


def test_a_good_file_loads_and_loading_again_updates_in_place(mini, tmp_path):
    (lesson,) = load_lessons([write(tmp_path, GOOD)])
    assert [i.spec()["kind"] for i in lesson.items.all()] == ["step", "step", "question"]
    assert lesson.items.get(position=1).hide_targets is True
    changed = dict(GOOD, items=GOOD["items"][:1], title="Shorter")
    (again,) = load_lessons([write(tmp_path, changed)])
    assert again.pk == lesson.pk and again.title == "Shorter" and again.items.count() == 1


def test_a_question_filter_takes_the_banks_first_questions(mini, tmp_path):
    data = dict(GOOD, items=[{"questions": {"law": "56", "kind": "decider", "count": 2}}])
    (lesson,) = load_lessons([write(tmp_path, data)])
    qids = [i.question for i in lesson.items.all()]
    assert len(qids) == 2 and all(q.startswith("g-defender-lead-who-") for q in qids)


@pytest.mark.parametrize(
    "items, message",
    [
        ([{"step": "law-99/start"}], "item 1 (step law-99/start): there is no chart 'law-99'"),
        (
            [{"step": "mini-56/nope"}],
            "item 1 (step mini-56/nope): chart 'mini-56' has no step 'nope'",
        ),
        (
            [{"step": "mini-56/lead"}, {"step": "mini-56/retract", "path": "lead.stands"}],
            "item 2 (step mini-56/retract): 'lead.stands' is not a way through chart 'mini-56'",
        ),
        (
            [{"question": "no-such-question"}],
            "item 1 (question no-such-question): there is no quiz question",
        ),
        ([{"step": "mini-56/lead", "question": WHO}], "item 1: name exactly one of"),
        ([{"step": "mini-56/lead", "colour": "red"}], "item 1: unknown field(s) colour"),
        ([{"step": "mini-56"}], "item 1: 'step' is chart/step"),
        ([{"questions": {"law": "56", "count": 99}}], "item 1: 'count' is a number from 1 to 20"),
        ([], "'items' must be a list of one item or more"),
    ],
)
def test_a_bad_file_names_the_file_and_the_item_and_loads_nothing(mini, tmp_path, items, message):
    good = write(tmp_path, dict(GOOD, slug="fine"), "fine.yaml")
    bad = write(tmp_path, dict(GOOD, items=items), "bad.yaml")
    with pytest.raises(LessonError) as caught:
        load_lessons([good, bad])
    assert str(caught.value).startswith(f"{bad}: ")
    assert message in str(caught.value)
    assert not Lesson.objects.exists()  # all or nothing


def test_the_command_says_what_is_wrong_and_loads_nothing(mini, tmp_path):
    bad = write(tmp_path, dict(GOOD, slug="Not A Slug"))
    with pytest.raises(
        CommandError, match="(?s)Nothing was loaded.*lesson.yaml: 'slug' must be lowercase"
    ):
        call_command("loadlessons", str(bad))
    assert not Lesson.objects.exists()


def test_createteacher_makes_or_updates_a_teacher(db, monkeypatch):
    from django.contrib.auth import authenticate

    monkeypatch.setenv("TEACHER_PASSWORD", "first-secret")
    call_command("createteacher", "tina")
    assert authenticate(username="tina", password="first-secret").groups.filter(name="teachers")
    monkeypatch.setenv("TEACHER_PASSWORD", "second-secret")
    call_command("createteacher", "tina")
    assert authenticate(username="tina", password="second-secret") is not None
    monkeypatch.delenv("TEACHER_PASSWORD")
    monkeypatch.setattr("os.isatty", lambda fd: False)
    with pytest.raises(CommandError, match="Set TEACHER_PASSWORD"):
        call_command("createteacher", "tom")


def test_a_teacher_builds_and_reorders_a_lesson(mini, teacher_client):
    response = teacher_client.post("/classroom/lessons/new", {"title": "My first lesson"})
    assert response.status_code == 302
    lesson = Lesson.objects.get(title="My first lesson")
    url = f"/classroom/lessons/{lesson.slug}/"
    page = teacher_client.get(url).content.decode()
    assert 'value="mini-56/accept"' in page and f'value="{WHO}"' in page
    teacher_client.post(url, {"action": "add-step", "step": "mini-56/lead"})
    teacher_client.post(url, {"action": "add-step", "step": "mini-56/accept", "hide": "1"})
    teacher_client.post(url, {"action": "add-question", "question": WHO})
    bad = teacher_client.post(url, {"action": "add-step", "step": "mini-56/nope"})
    assert bad.status_code == 400 and "no step" in bad.content.decode()

    def order():
        return [str(i) for i in LessonItem.objects.filter(lesson=lesson)]

    assert order() == ["mini-56/lead", "mini-56/accept", WHO]
    positions = list(lesson.items.values_list("position", flat=True))
    teacher_client.post(url, {"action": "up", "position": positions[2]})
    assert order() == ["mini-56/lead", WHO, "mini-56/accept"]
    teacher_client.post(url, {"action": "down", "position": positions[0]})
    assert order() == [WHO, "mini-56/lead", "mini-56/accept"]
    first = lesson.items.first()
    teacher_client.post(url, {"action": "remove", "position": first.position})
    assert order() == ["mini-56/lead", "mini-56/accept"]
    assert teacher_client.post(url, {"action": "up", "position": "x"}).status_code == 400
    # it can be started, and another teacher cannot change it
    assert teacher_client.post("/classroom/start", {"lesson": lesson.slug}).status_code == 302
    other = Client()
    other.force_login(make_teacher("other"))
    assert other.post(url, {"action": "remove", "position": 1}).status_code == 403
    # a lesson a teacher built is theirs: another teacher can neither copy it nor start it
    assert other.post("/classroom/lessons/new", {"copy": lesson.slug}).status_code == 400
    assert other.post("/classroom/start", {"lesson": lesson.slug}).status_code == 400
    assert not Lesson.objects.filter(owner__username="other").exists()


def test_the_handout_prints_steps_hands_questions_and_answers(mini, quiz_lesson, teacher_client):
    client = teacher_client
    html = client.get(f"/lessons/{quiz_lesson.slug}/handout/").content.decode()
    assert "Who decides?" in html and "A defender leads out of turn" in html
    assert "Who chooses now?" in html and 'class="bridge-table"' in html  # the deal, drawn
    assert "paper-a4.css" in html and "<svg" in html  # the chart's diagram
    assert "Answers" in html and "North (declarer)" in html.split("Answers")[1]
    letter = client.get(f"/lessons/{quiz_lesson.slug}/handout/?paper=letter").content.decode()
    assert "paper-letter.css" in letter
