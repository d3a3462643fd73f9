"""Issue 27: play that goes on before the Director is called after a lead out of turn, as a
learner reads it on the real charts (law-55's played-on branch; the offender's partner
leading too in law-54 and law-56, left to the Director with both readings)."""

import html as htmllib
import re

import pytest

pytestmark = pytest.mark.django_db


def step(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def words(page: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_defenders_choice_offers_declarer_playing_on(client, content):
    text = words(step(client, "/charts/law-55/played-on/"))
    assert "Law 57C3" in text and "Law 60C" in text
    for label in (
        "No: the Director was called at once",
        "Yes, the defender on the left of the lead",
        "Yes, the defender on the right of the lead",
    ):
        assert label in text


def test_every_card_stands_when_the_defender_on_the_right_plays_after_both_hands(client, content):
    page = step(client, "/charts/law-55/every-card-stands/")
    for label in ("South: ace of clubs", "North: two of clubs", "East: eight of clubs"):
        assert f'aria-label="{label}"' in page  # all three cards are on the trick
    assert 'class="hand hand-west to-play"' in page  # and West plays next, freely
    text = words(page)
    assert "Law 53C" in text and "Law 57C1" in text
    assert "not an acceptance under Law 53A" in text


def test_a_refusal_after_playing_on_gives_both_readings(client, content):
    text = words(step(client, "/charts/law-55/played-on-still-open/"))
    assert "the Director decides" in text
    assert "Law 57C3" in text and "Law 47A" in text and "Law 55B2" in text


@pytest.mark.parametrize(
    "url, refused",
    [
        ("/charts/law-54/partner-face-up/", "Law 54D"),
        ("/charts/law-56/partner-led-too/", "Law 56B"),
    ],
)
def test_the_offenders_partner_leading_too_is_the_directors_ruling(client, content, url, refused):
    text = words(step(client, url))
    assert "Law 81C3" in text and "Two readings" in text
    assert "Law 49" in text and refused in text  # a penalty card, or the first lead refused
    assert "Law 53B" in text and "opponent of the offender" in text


def test_the_partners_face_down_opening_lead_leaves_declarers_options(client, content):
    text = words(step(client, "/charts/law-54/partner-face-down/"))
    assert "taken back" in text and "Law 54" in text
    assert "spread his hand, accept the lead, or refuse it" in text
