"""The example hand on a step page: the table, its events, trying a card, declarer's options."""

import re

import pytest

from penaltyflow.flowcharts.loader import load_charts

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]
HTMX = {"HTTP_HX_REQUEST": "true"}
STEP = "/charts/mini-56/retract/"  # reached by "No": West's ♥4 becomes a major penalty card


@pytest.fixture
def mini(good_chart, write_chart):
    (chart,) = load_charts([write_chart(good_chart)])
    return chart


def page(client, **params) -> str:
    response = client.get(STEP, {"path": "lead.accept", **params})
    assert response.status_code == 200
    return response.content.decode()


def hand_of(html: str, seat: str) -> str:
    start = html.index(f'class="hand hand-{seat}')
    return html[start : html.index("</section>", start)]


def test_the_table_shows_four_hands_in_their_places(client, mini):
    html = page(client)
    for seat, name in (("north", "North"), ("east", "East"), ("south", "South"), ("west", "West")):
        assert f"<h3>{name} " in hand_of(html, seat)
    north = hand_of(html, "north")
    assert "dummy" in north and re.search(
        r"♠</span><span class=\"sr-only\">spades:</span>\s*"
        r"<span class=\"rank\">A</span>",
        north,
    )
    west = hand_of(html, "west")
    # The ten is written 10, and the ♥4 is face up before West, marked major, not in his hand.
    assert '<span class="rank">10</span>' in west
    assert 'aria-label="Penalty cards face up before West"' in west
    assert '<span class="face">♥4</span><span class="kind-tag">major</span>' in west
    assert '<span class="rank">4</span>' not in west.split("penalty-cards")[0].split("♥")[1]


def test_the_facts_of_the_table_are_shown(client, mini):
    html = page(client)
    assert '4<span class="suit black" title="spades">♠</span> by South' in html
    assert "North–South 0, East–West 1" in html
    assert "nobody: a decision is due" in html
    assert 'West must play <span class="suit red" title="hearts">♥</span>4 at the first' in html


def test_the_learner_steps_through_the_events(client, mini):
    html = page(client, event=0)
    assert "Start:</strong> The deal, before the opening lead." in html
    assert (
        'href="?path=lead.accept&amp;event=1" hx-get="?path=lead.accept&amp;event=1" rel="next"'
        in html
    )
    html = page(client, event=3)
    assert "3 of 6:</strong> East plays" in html
    trick = html[html.index('class="trick"') :]
    assert 'aria-label="West: ten of clubs"' in trick and 'aria-label="East: ace of clubs"' in trick
    fragment = client.get(STEP, {"path": "lead.accept", "event": 5}, **HTMX).content.decode()
    assert "<html" not in fragment and "5 of 6:</strong> West plays" in fragment


def test_what_one_player_sees(client, mini):
    html = page(client, view="E")
    assert "cards, face down" in hand_of(html, "west")
    assert "cards, face down" in hand_of(html, "south")
    assert "cards, face down" not in hand_of(html, "east")
    assert "cards, face down" not in hand_of(html, "north")  # dummy is on the table


def test_declarers_options_can_each_be_tried_on_the_deal(client, mini):
    html = page(client)
    assert "Require a heart lead" in html and "Forbid a heart lead" in html
    assert "No lead restriction (the penalty card stays)" in html
    forbid = page(client, option=1)
    assert 'class="option chosen"' in forbid
    assert "Lead restriction" in forbid and "hearts forbidden" in forbid
    assert "♥4" not in hand_of(forbid, "west").split("penalty-cards")[-1]  # picked up
    stays = page(client, option=2)
    assert '<span class="kind-tag">major</span>' in hand_of(stays, "west")


def test_a_legal_card_is_allowed_and_played(client, mini):
    html = page(client, event=3, **{"try": "C7"})
    assert '✓ <span class="suit black" title="clubs">♣</span>7 may be played.' in html


def test_a_wrong_card_is_refused_with_the_law_and_the_legal_cards_are_shown(client, mini):
    html = page(client, event=3, **{"try": "SJ"})
    assert "✗" in html and "may not be played" in html and "Law" in html
    south = hand_of(html, "south")
    assert re.findall(r'class="rank card-link legal"[^>]*>(\w+)<', south) == ["Q", "7", "4"]


def test_with_no_restriction_partner_may_lead_any_card(client, mini):
    for card in ("HQ", "DK", "S6"):
        assert "may be played" in page(client, option=2, **{"try": card})


def test_a_required_lead_must_be_obeyed(client, mini):
    assert "may not be played" in page(client, option=0, **{"try": "DK"})
    assert "may be played" in page(client, option=0, **{"try": "HJ"})


@pytest.mark.parametrize(
    "params",
    [
        {"event": "99"},
        {"event": "-1"},
        {"event": "x"},
        {"view": "Q"},
        {"option": "7"},
        {"event": "3", "option": "0"},
        {"try": "ZZ"},
        {"try": "HK"},
        {"event": "3", "try": "SK"},
    ],
)
def test_a_tampered_table_link_is_a_400(client, mini, params):
    response = client.get(STEP, {"path": "lead.accept", **params})
    assert response.status_code == 400
    assert "Nothing has been changed" in response.content.decode()


def test_the_hand_downloads_as_pbn_that_parses_back_to_the_deal_and_play(client, mini):
    from endplay.parsers import pbn
    from endplay.types import Deal

    from tests.conftest import DEAL

    html = page(client)
    assert 'href="/charts/mini-56/retract/hand.pbn?path=lead.accept" download' in html
    response = client.get("/charts/mini-56/retract/hand.pbn", {"path": "lead.accept"})
    assert response.status_code == 200
    assert 'filename="penaltyflow-mini-56-retract.pbn"' in response["Content-Disposition"]
    (board,) = pbn.loads(response.content.decode())
    assert board.deal.to_pbn() == Deal(DEAL).to_pbn()
    # Trick 1 was played; West's ♥4, led out of turn and taken back, is no play.
    assert [str(card) for card in board.play] == ["♣T", "♣2", "♣A", "♣4"]


def test_the_hand_opens_in_bbos_handviewer_by_a_link_only(client, mini):
    html = page(client)
    link = re.search(r'href="(https://www.bridgebase.com/tools/handviewer.html\?[^"]+)"', html)
    assert link and "n=sakq2hk32dq87cj32" in link.group(1).replace("&amp;", "&")


def test_a_step_without_a_hand_has_no_pbn(client, mini):
    assert client.get("/charts/mini-56/major/hand.pbn").status_code == 404
