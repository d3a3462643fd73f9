"""Phones follow the teacher: state.json and the phone's fragment move with next, back,
reveal and end; a poll with nothing new costs a 304; everything lives in the database."""

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from penaltyflow.classroom.models import Session

from .conftest import HTMX, join

pytestmark = pytest.mark.django_db


def state(client, session):
    response = client.get(f"/classroom/{session.code}/state.json")
    assert response.status_code == 200
    return response.json()


def test_state_json_follows_the_teacher(session, teacher_client, student):
    first = state(student, session)
    assert first == {
        "code": session.code,
        "item": 0,
        "items": 3,
        "kind": "step",
        "question": None,
        "open": False,
        "revealed": False,
        "students": 1,
        "ended": False,
        "title": session.title,
        "version": 0,
    }
    teacher_client.post(f"/classroom/{session.code}/present/next")
    teacher_client.post(f"/classroom/{session.code}/present/next")
    teacher_client.post(f"/classroom/{session.code}/present/next")  # past the end: stays
    assert state(student, session)["item"] == 2
    teacher_client.post(f"/classroom/{session.code}/present/prev")
    assert state(student, session)["item"] == 1
    teacher_client.post(f"/classroom/{session.code}/present/end")
    assert state(student, session)["ended"] is True


def test_a_poll_with_no_change_is_a_304_that_costs_one_query(session, teacher_client, student):
    page = student.get(f"/classroom/{session.code}/")
    etag = page["ETag"]
    headers = json.loads(
        page.content.decode()
        .split('id="live"')[1]
        .split('hx-headers="')[1]
        .split('"', 1)[0]
        .replace("&quot;", '"')
    )
    assert headers == {"If-None-Match": etag}
    with CaptureQueriesContext(connection) as queries:
        again = student.get(f"/classroom/{session.code}/", HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert again.status_code == 304 and again.content == b""
    assert len(queries) == 1
    teacher_client.post(f"/classroom/{session.code}/present/next")
    moved = student.get(f"/classroom/{session.code}/", HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert moved.status_code == 200 and moved["ETag"] != etag
    html = moved.content.decode()
    assert "Does declarer accept the lead?" in html
    assert "<html" not in html  # the fragment alone
    state_etag = student.get(f"/classroom/{session.code}/state.json")["ETag"]
    unchanged = student.get(f"/classroom/{session.code}/state.json", HTTP_IF_NONE_MATCH=state_etag)
    assert unchanged.status_code == 304


def test_a_phone_and_the_tally_ask_every_second_the_stage_every_two(
    session, teacher_client, student, settings
):
    """What a club's server gets from a room (the tests poll faster: tests/settings.py)."""
    from penaltyflow import settings as site_settings

    settings.CLASSROOM_POLL_SECONDS = site_settings.CLASSROOM_POLL_SECONDS
    phone = student.get(f"/classroom/{session.code}/").content.decode()
    assert re.findall(r'hx-trigger="(every [^"]+)"', phone) == ["every 1000ms"]
    projector = teacher_client.get(f"/classroom/{session.code}/present/").content.decode()
    assert sorted(re.findall(r'hx-trigger="(every [^"]+)"', projector)) == [
        "every 1000ms",
        "every 2000ms",
    ]


def test_hidden_targets_show_the_choices_but_not_where_they_lead(session, teacher_client, student):
    teacher_client.post(f"/classroom/{session.code}/present/next")
    html = student.get(f"/classroom/{session.code}/").content.decode()
    assert "Yes" in html and "No" in html
    assert "The lead stands" not in html and "The card is taken back" not in html
    teacher_client.post(f"/classroom/{session.code}/present/next")
    html = student.get(f"/classroom/{session.code}/").content.decode()
    assert "Major penalty card" in html  # this step's choice shows where it leads


def test_the_session_lives_in_the_database(session, teacher_client, student):
    """A new process (here: a fresh read, no cache) sees exactly what the teacher did."""
    teacher_client.post(f"/classroom/{session.code}/present/next")
    fresh = Session.objects.get(code=session.code)
    assert (fresh.item, fresh.version) == (1, 1)
    late = join(session, "Late")
    assert state(late, session)["item"] == 1


CURRENT = re.compile(r'class="node[^"]* current')
VISITED = re.compile(r'class="node[^"]* visited')


def test_the_projector_shows_code_qr_item_table_and_marked_diagram(session, teacher_client):
    html = teacher_client.get(f"/classroom/{session.code}/present/").content.decode()
    assert session.code in html
    assert "<svg" in html.split('class="qr"')[1][:300]  # the QR code, drawn here
    assert f"/join/{session.code}/" in html
    assert "A defender leads out of turn" in html
    assert CURRENT.search(html)  # the current box
    assert "<script>" not in html and 'style="' not in html  # CSP: no inline script or style
    teacher_client.post(f"/classroom/{session.code}/present/next")
    html = teacher_client.get(f"/classroom/{session.code}/present/").content.decode()
    assert not CURRENT.search(html)  # where the answers lead is hidden: so is the chart
    teacher_client.post(f"/classroom/{session.code}/present/next")
    html = teacher_client.get(f"/classroom/{session.code}/present/").content.decode()
    assert VISITED.search(html) and CURRENT.search(html)
    assert "out of turn; declarer does not accept it." in html  # the story of the hand
    assert 'class="bridge-table"' in html


def test_teacher_actions_by_htmx_return_the_stage(session, teacher_client):
    response = teacher_client.post(f"/classroom/{session.code}/present/next", **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="stage"') and "Does declarer accept" in html


def test_the_phone_loads_the_chart_only_when_asked(session, teacher_client, student):
    teacher_client.post(f"/classroom/{session.code}/present/next")
    teacher_client.post(f"/classroom/{session.code}/present/next")
    page = student.get(f"/classroom/{session.code}/", **HTMX).content.decode()
    assert "<svg" not in page and f"/classroom/{session.code}/diagram" in page
    chart = student.get(f"/classroom/{session.code}/diagram").content.decode()
    assert "<svg" in chart and CURRENT.search(chart)


def test_phones_with_the_same_answer_share_one_built_fragment(session, teacher_client):
    """After the teacher moves on, every phone asks at once: the fragment is built once."""
    phones = [join(session, f"P{n}") for n in range(3)]
    teacher_client.post(f"/classroom/{session.code}/present/next")
    bodies = {p.get(f"/classroom/{session.code}/", **HTMX).content for p in phones}
    assert len(bodies) == 1
    assert b"csrfmiddlewaretoken" not in bodies.pop()  # htmx sends the page's own token
    full = phones[0].get(f"/classroom/{session.code}/").content.decode()
    assert "X-CSRFToken" in full.split("<body")[1].split(">")[0]


def test_a_big_chart_is_framed_around_the_current_box_on_the_projector():
    from penaltyflow.classroom.items import zoom_diagram

    svg = (
        '<svg class="chart-svg" viewBox="0.00 0.00 1400.00 1600.00">'
        '<g id="graph0" class="graph" transform="scale(1 1) rotate(0) translate(4 1596)">'
        '<g id="node&#45;far" class="node current kind&#45;action"><title>far</title>'
        '<g id="a_node&#45;far"><polygon points="1200,-100 1300,-100 1300,-60 1200,-60"/></g></g>'
        "</g></svg>"
    )
    framed = zoom_diagram(svg, "far")
    left, top, width, height = map(float, framed.split('viewBox="')[1].split('"')[0].split())
    assert (width, height) == (700.0, 805.0)  # half the chart's width, a portrait frame
    assert left == 700.0  # the box (x 1204-1304) is in the frame, which stays on the chart
    assert top <= 1596 - 80 <= top + height
    small = svg.replace("1400.00 1600.00", "600.00 500.00")
    assert zoom_diagram(small, "far") == small  # a small chart is shown whole
