"""The options list follows the deal: after "Refuse", declarer's Law 50D2 choice on the same deal.

And after a card allowed and played, no card is offered on top of the try: every
link the table draws answers.
"""

import html
import re

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]

START = "/charts/law-56/lead-out-of-turn/"


def options(page: str) -> list[str]:
    return re.findall(r'class="option-text">([^<]*)<', page)


def table_links(page: str, path: str) -> list[str]:
    """The table's links, made absolute ({% querystring %} writes "?event=2...")."""
    found = re.findall(r'href="([^"]*[?&](?:try|option|event)=[^"]*)"', page)
    return [html.unescape(path + u if u.startswith("?") else u) for u in found]


def test_after_refuse_declarer_chooses_under_law_50d2_on_the_same_deal(client, content):
    first = client.get(START).content.decode()
    assert options(first) == ["Accept the lead out of turn", "Refuse the lead: it is taken back"]
    assert "South chooses (Law 56A)" in first or "South chooses (Law 56" in first

    refused = client.get(START, {"option": "1"}).content.decode()
    assert "South chooses (Law 50D2)" in refused
    assert options(refused) == [
        "Require a spade lead",
        "Forbid a spade lead",
        "No lead restriction (the penalty card stays)",
    ]
    assert "Chosen before this: Refuse the lead: it is taken back." in refused
    assert '<span class="kind-tag">major</span>' in refused  # East's ♠K, face up
    assert re.search(r'href="\?option=1\.0&amp;event=\d+"', refused)

    required = client.get(START, {"option": "1.0"}).content.decode()
    assert 'class="option chosen"' in required and "spades required" in required
    assert options(required)[0] == "Require a spade lead"
    for link in table_links(required, START):
        assert client.get(link).status_code == 200, link


@pytest.mark.parametrize("option", ["2", "1.3", "0.0", "1.0.0", "1.", "x"])
def test_an_option_the_deal_cannot_have_is_a_400(client, content, option):
    assert client.get(START, {"option": option}).status_code == 400


def test_no_plain_text_option_names_in_the_notes(client, content):
    page = client.get(START, {"option": "1"}).content.decode()
    assert "no_restriction" not in page and "require S" not in page


def test_after_a_legal_card_every_link_of_the_table_answers(client, content):
    step = "/charts/law-51/cards-stay/"
    tries = [u for u in table_links(client.get(step).content.decode(), step) if "try=" in u]
    assert tries
    for url in tries:
        page = client.get(url).content.decode()
        if "may be played" not in page:
            continue
        assert "Take it back and try another card" in page
        assert 'class="rank card-link' not in page  # nothing to try on top of the try
        for link in table_links(page, step):
            assert client.get(link).status_code == 200, (url, link)
