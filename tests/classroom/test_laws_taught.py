"""One list of laws (engine/core/laws.py), read by every page: each law a loaded chart teaches
can be quizzed, picked in the lesson builder's filter, and is named by the tagline, the
page's description and the web app manifest. A law not taught is a clear 400 in the builder,
never a search that quietly drops its other filters."""

import json
import re

import pytest
from django.test import Client

from penaltyflow.classroom import questions
from penaltyflow.classroom.models import Lesson
from penaltyflow.flowcharts.models import Flowchart

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]


def chart_laws() -> list[int]:
    found = set()
    for laws in Flowchart.objects.values_list("laws", flat=True):
        found |= {int(n) for n in re.findall(r"\d+", laws)}
    return sorted(found)


def spans(text: str) -> list[tuple[int, int]]:
    """The stretches of laws a text names: "48–57", "48 to 57", or one law alone ("27")."""
    return [(int(a), int(b or a)) for a, b in re.findall(r"(\d+)(?:(?:–| to )(\d+))?", text)]


def named(law: int, text: str) -> bool:
    return any(a <= law <= b for a, b in spans(text))


@pytest.fixture
def lesson(teacher_client, content) -> Lesson:
    teacher_client.post("/classroom/lessons/new", {"title": "Club night"})
    return Lesson.objects.get(title="Club night")


def listed(page: str) -> list[str]:
    return re.findall(r'name="question" value="([^"]+)"', page)


def test_every_law_a_chart_teaches_is_quizzed_filtered_and_named(client, teacher_client, lesson):
    laws = chart_laws()
    assert {48, 57, 61, 64} <= set(laws)
    home = client.get("/").content.decode()
    tagline = re.search(r'<span class="tagline">([^<]*)</span>', home).group(1)
    description = re.search(r'<meta name="description" content="([^"]*)"', home).group(1)
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    quiz_home = client.get("/quiz/").content.decode()
    builder = teacher_client.get(f"/classroom/lessons/{lesson.slug}/").content.decode()
    law_filter = builder.split('name="law"')[1].split("</select>")[0]
    for law in laws:
        assert named(law, tagline) and named(law, description), (law, tagline, description)
        assert named(law, manifest["description"]), (law, manifest["description"])
        assert f'<option value="{law}">Law {law}</option>' in law_filter, law
        assert f'value="{law}"' in quiz_home.split("<form")[1], law  # a law to pick a round by
        learner = Client()
        learner.get("/quiz/")
        started = learner.post("/quiz/start", {"mode": "practice", "law": [str(law)]})
        assert started.status_code == 302, law
        assert learner.get(started["Location"]).status_code == 200
        page = teacher_client.get(f"/classroom/lessons/{lesson.slug}/", {"law": law})
        ids = listed(page.content.decode())
        assert page.status_code == 200 and ids, law
        assert all(questions.get_question(q).law.startswith(str(law)) for q in ids), law


def test_the_builder_keeps_every_filter_on_a_revoke_law(teacher_client, lesson):
    """?law=64 with a kind: both filters hold (they were all dropped past Law 57)."""
    url = f"/classroom/lessons/{lesson.slug}/"
    everything = listed(teacher_client.get(url).content.decode())
    kinds = {
        questions.get_question(q).kind
        for q in listed(teacher_client.get(url, {"law": "64"}).content.decode())
    }
    kind = sorted(kinds)[0]
    page = teacher_client.get(url, {"law": "64", "kind": kind})
    ids = listed(page.content.decode())
    assert page.status_code == 200 and ids and ids != everything
    assert all(
        questions.get_question(q).law.startswith("64") and questions.get_question(q).kind == kind
        for q in ids
    )


def test_a_law_not_taught_is_a_clear_400_that_lists_nothing(teacher_client, lesson):
    page = teacher_client.get(
        f"/classroom/lessons/{lesson.slug}/", {"law": "99", "kind": "true-false"}
    )
    html = page.content.decode()
    assert page.status_code == 400
    assert "Law 99 is not one of the laws taught here" in html
    assert "pick a law from the list" in html
    assert listed(html) == []  # not the whole bank with the kind dropped
