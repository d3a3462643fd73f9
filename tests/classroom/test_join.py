"""Joining: a code (any case) and an optional name; guessing codes is slowed down per
address, while a whole room behind one address joins at once."""

import pytest
from django.test import Client

from penaltyflow.classroom import throttle
from penaltyflow.classroom.models import Session, Student

from .conftest import join

pytestmark = pytest.mark.django_db


def test_joining_by_code_in_any_case_with_or_without_a_name(session):
    form = Client().get("/join/")
    assert form.status_code == 200 and 'name="code"' in form.content.decode()
    lower = Client()
    response = lower.post("/join/", {"code": session.code.lower(), "name": "  Bea  Smith "})
    assert response.status_code == 302 and response["Location"] == f"/classroom/{session.code}/"
    assert lower.get(f"/classroom/{session.code}/").status_code == 200
    join(session)  # no name
    names = sorted(Student.objects.filter(session=session).values_list("name", flat=True))
    assert names == ["", "Bea Smith"]
    assert Session.objects.get(pk=session.pk).students == 2


def test_joining_twice_from_one_phone_counts_one_student(session):
    phone = join(session, "Cy")
    phone.post(f"/join/{session.code}/", {"name": "Cyril"})
    assert Student.objects.filter(session=session).count() == 1
    assert Student.objects.get(session=session).name == "Cyril"
    assert Session.objects.get(pk=session.pk).students == 1


def _form(response) -> str:
    html = response.content.decode()
    assert 'name="code"' in html, "the form is gone"
    assert html.count("<header") == 1
    return html


@pytest.mark.parametrize(
    "typed, status, says",
    [
        ("12", 400, "never use I, O, 0 or 1"),
        ("ABC", 400, "A class code is 6 characters; you typed 3."),
        ("ABC12Z", 400, "you typed 1"),
        ("GOOD22", 400, "you typed O"),
        ("QWERTY", 404, "There is no class with the code QWERTY"),
        ("AB*DEF", 400, "only letters and digits, not *"),
        ("", 400, "Type the code shown on the teacher"),
    ],
)
def test_a_mistyped_code_keeps_the_form_and_says_what_is_wrong(session, typed, status, says):
    response = Client().post("/join/", {"code": typed, "name": "Flo"})
    assert response.status_code == status
    html = _form(response)
    assert says in html.replace("&#x27;", "'")
    assert f'value="{typed}"' in html and 'value="Flo"' in html  # what was typed stays
    assert 'aria-invalid="true"' in html


def test_a_code_is_read_as_people_type_it(session):
    spaced = f" {session.code[:3].lower()} - {session.code[3:]}  "
    response = Client().post("/join/", {"code": spaced})
    assert response.status_code == 302 and response["Location"] == f"/classroom/{session.code}/"


def test_guessing_codes_is_slowed_down_per_address(session):
    guesser = Client(REMOTE_ADDR="10.0.0.66")
    for n in range(int(throttle.CAPACITY)):
        assert (
            guesser.get(f"/join/ZZZZ{n % 10}Z/".replace("0", "A").replace("1", "B")).status_code
            == 404
        )
    response = guesser.get("/join/ZZZZZ9/")
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 10
    assert "Too many" in response.content.decode()
    # out of guesses, even the right code waits: a guesser learns nothing
    assert guesser.get(f"/join/{session.code}/").status_code == 429
    assert guesser.get(f"/classroom/{session.code}/state.json").status_code == 429
    # another address is not slowed down, nor are students who joined, nor the teacher
    dee = join(session, "Dee", REMOTE_ADDR="10.0.0.7")
    assert dee.get(f"/classroom/{session.code}/").status_code == 200
    joined = join(session, "Eve", REMOTE_ADDR="10.0.0.8")
    throttle.GuessThrottle.objects.filter(address="10.0.0.8").update(tokens=0)
    assert (
        joined.get(f"/classroom/{session.code}/state.json", REMOTE_ADDR="10.0.0.8").status_code
        == 200
    )


def test_the_bucket_refills_with_time(session, monkeypatch):
    """On a clock that stands still until the test moves it (a busy machine cannot refill
    the bucket between two lines)."""
    now = throttle.timezone.now()
    monkeypatch.setattr(throttle.timezone, "now", lambda: now)
    guesser = Client(REMOTE_ADDR="10.0.0.67")
    throttle.GuessThrottle.objects.create(address="10.0.0.67", tokens=0, updated=now)
    assert guesser.get("/join/ZZZZZ9/").status_code == 429
    now += throttle.timezone.timedelta(seconds=throttle.REFILL_SECONDS)
    assert guesser.get("/join/ZZZZZ9/").status_code == 404


def test_a_room_behind_one_address_joins_past_the_guessing_limit(session):
    """Joining with the right code takes no guess: more phones than the bucket holds all join.
    (How long 300 phones take: bench/join_bench.py.)"""
    phones = int(throttle.CAPACITY) + 10
    for n in range(phones):
        phone = Client(REMOTE_ADDR="192.168.1.1")
        assert phone.get(f"/join/{session.code}/").status_code == 200
        response = phone.post(f"/join/{session.code}/", {"name": f"Player {n}"})
        assert response.status_code == 302, n
    assert Session.objects.get(pk=session.pk).students == phones
    assert Student.objects.filter(session=session).count() == phones
