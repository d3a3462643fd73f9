"""The auction on the table (issue 29): what a learner sees on a step whose example starts at
the first call, read from the real Law 27 chart, and from a small chart for Laws 24, 30A and
31A1 (cards face up during the auction, a bar for one turn, a call owed)."""

import html as htmllib
import re

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from penaltyflow.flowcharts.loader import load_charts
from penaltyflow.hands.models import Example
from penaltyflow.hands.tableview import before_ruling, build_table

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]

DEAL = "N:K72.AKJ65.43.AQ8 A93.82.AKJ97.J64 QJ84.Q73.Q82.KT3 T65.T94.T65.9752"


def page(client, url: str, **params) -> str:
    response = client.get(url, params)
    assert response.status_code == 200, url
    return response.content.decode()


def auction_of(html: str) -> str:
    start = html.index('<div class="auction')
    return html[start : html.index("</div>", start)]


def rows(auction: str) -> list[list[str]]:
    """The auction's body as the words in each cell, row by row (tags dropped)."""
    body = auction[auction.index("<tbody>") : auction.index("</tbody>")]
    out = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        out.append([" ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", c)).split()) for c in cells])
    return out


def facts(html: str) -> str:
    start = html.index('<dl class="table-facts">')
    block = html[start : html.index("</dl>", start)]
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", block)).split())


def test_four_columns_from_west_the_dealer_first_with_a_blank_before(client, content):
    html = page(client, "/charts/law-27/partner-passes/")
    auction = auction_of(html)
    heads = re.findall(r'<th scope="col">(\w+)</th>', auction)
    assert heads == ["West", "North", "East", "South"]
    assert "<caption>The auction" in auction and "Dealer North" in auction
    first = rows(auction)[0]
    assert first[0] == ""  # North dealt: West's cell is blank before his first call
    assert "One heart" in first[1]
    # A bid as level and suit symbol (coloured), its words for a screen reader.
    assert (
        '<span class="call-label" aria-hidden="true">1<span class="suit red" title="hearts">♥'
        in auction
    )
    assert '<span class="sr-only">One heart</span>' in auction
    assert '<span class="sr-only">Pass</span>' in auction and ">Pass</span>" in auction


def test_a_withdrawn_call_is_struck_through_with_its_clause_and_the_bar_is_said(client, content):
    auction = auction_of(page(client, "/charts/law-27/partner-passes/"))
    east = rows(auction)[0][2]
    # East's 1♦ struck through, the pass that replaced it beside it, each with its clause
    assert re.search(r"<del><span class=\"call-label\" aria-hidden=\"true\">1<span", auction)
    assert "One diamond insufficient, withdrawn, Law 27B" in east
    assert "Pass Law 27B2" in east
    bar = "West must pass for the rest of the auction (Law 27B2)"
    assert f'<li class="barred">{bar}</li>' in auction


def test_the_irregular_call_awaiting_its_ruling_is_marked(client, content):
    html = page(client, "/charts/law-27/insufficient-bid/")
    auction = auction_of(html)
    assert '<span class="call call-pending irregular">' in auction
    assert "insufficient, awaiting a ruling" in rows(auction)[0][2]
    assert "South must first choose (Law 27)" in auction
    # the Law 27A1 choice is offered as options to try on the deal
    assert "Accept the insufficient bid" in html and "Refuse it" in html


def test_during_the_auction_no_play_field_is_shown(client, content):
    html = page(client, "/charts/law-27/partner-passes/")
    said = facts(html)
    assert said == "Dealer North Vulnerable North–South To call South"
    assert 'class="trick' not in html  # no trick, no "Trick 1"
    assert '<span class="role">' not in html  # no declarer, dummy or defender yet
    assert "Contract" not in said and "Tricks" not in said


def test_whose_turn_it_is_is_marked_in_the_auction_and_at_the_seat(client, content):
    html = page(client, "/charts/law-27/partner-passes/")
    auction = auction_of(html)
    assert len(rows(auction)) == 1 and "South to call" in rows(auction)[0][3]
    south = html[html.index('class="hand hand-south') :]
    assert re.match(r'class="hand hand-south to-play"\s+aria-label="South, to call"', south)
    assert '<span class="turn">to call</span>' in south[: south.index("</h3>")]


def test_the_auction_stays_beside_the_deal_in_the_play_that_follows(client, content):
    html = page(client, "/charts/law-27/offender-defends/")
    assert '<div class="auction auction-over">' in html
    assert html.index('class="bridge-table') < html.index('<div class="auction')
    said = facts(html)
    assert said.startswith("Contract 3NT by South Tricks North–South 0, East–West 0")
    assert "Dealer" not in said
    # 26B at the opening lead: declarer's choice, as options
    assert "Forbid a spade lead" in html and "No lead restriction" in html


def test_each_call_is_an_event_to_step_through(client, content):
    url = "/charts/law-27/partner-passes/"
    first = page(client, url, event=1)
    assert "1 of 4:</strong> North bids 1" in first
    cells = rows(auction_of(first))[0]
    assert cells[0] == "" and "One heart" in cells[1] and cells[2] == "? East to call"
    second = page(client, url, event=2)
    assert "East bids 1" in second and "awaiting a ruling" in auction_of(second)
    third = page(client, url, event=3)
    assert "Decision: Refuse it." in third
    assert "insufficient, withdrawn, Law 27B" in auction_of(third)
    fourth = page(client, url, event=4)
    assert "4 of 4:</strong> East passes in its place." in fourth
    accepted = page(client, "/charts/law-27/accepted/")  # South calls over the 1♦: accepted
    assert "South bids 3NT over it." in accepted
    start = page(client, url, event=0)
    assert "Start:</strong> The deal, before the first call." in start
    assert "North to call" in rows(auction_of(start))[0][1]


def test_the_table_before_a_ruling_hides_the_bar_and_the_clauses(content):
    example = Example.objects.get(
        choice__source__chart__slug="law-27",
        choice__target__key="partner-passes",
        choice__label__startswith="Any other",
    )
    table = before_ruling(build_table(example.scenario, story=example.story))
    html = render_to_string(
        "hands/table.html", {"table": table, "still": True}, request=RequestFactory().get("/")
    )
    auction = auction_of(html)
    assert "One diamond" in auction and "<del>" in auction  # what happened at the table
    assert "Law 27B" not in auction and "must pass" not in auction  # not what the ruling is
    ruled = render_to_string(
        "hands/table.html",
        {"table": build_table(example.scenario), "still": True},
        request=RequestFactory().get("/"),
    )
    assert "West must pass for the rest of the auction (Law 27B2)" in ruled


# --- Laws 24, 30A and 31A1 on a small chart -----------------------------------------------


def auction_chart(good_chart) -> dict:
    """The good chart, its examples starting at the first call."""
    chart = good_chart
    chart["slug"] = "mini-auction"
    exposed = {
        "story": "East drops the ♠A during the auction.",
        "scenario": {
            "deal": DEAL,
            "dealer": "N",
            "events": [{"call": "1H", "seat": "N"}, {"expose": "SA", "seat": "E"}],
        },
        "shows": {"barred": [{"seat": "W", "until": "next_turn", "law": "24B"}]},
    }
    repeat = {
        "story": "East bid 1♠ before North had called; South did not accept it; North passed.",
        "scenario": {
            "deal": DEAL,
            "dealer": "N",
            "events": [
                {"call": "1S", "seat": "E"},
                {"decide": "refuse"},
                {"call": "pass", "seat": "N"},
            ],
        },
        "shows": {"required_call": {"seat": "E", "call": "1S", "law": "31A1"}},
    }
    chart["nodes"][0]["example"] = exposed
    for node in chart["nodes"]:
        for i, choice in enumerate(node.get("choices", [])):
            choice["example"] = exposed if i == 0 else repeat
    return chart


@pytest.fixture
def mini(good_chart, write_chart):
    (chart,) = load_charts([write_chart(auction_chart(good_chart))])
    return chart


def test_a_card_exposed_during_the_auction_lies_face_up_and_bars_for_one_turn(client, mini):
    html = page(client, "/charts/mini-auction/lead/")
    east = html[html.index('class="hand hand-east') :]
    east = east[: east.index("</section>")]
    assert 'aria-label="Cards face up before East during the auction"' in east
    assert '<span class="face">♠A</span>' in east
    spades = east[east.index("spades:</span>") :]
    spades = spades[: spades.index("</li>")]
    assert '<span class="rank">9</span>' in spades  # his other spades are in his hand
    assert '<span class="rank">A</span>' not in spades  # the ♠A not twice
    assert "West must pass at his next turn (Law 24B)" in html


def test_the_call_a_player_owes_is_said(client, mini):
    html = page(client, "/charts/mini-auction/retract/", path="lead.accept")
    assert '<li class="required">East must repeat his call, One spade (Law 31A1)</li>' in html
