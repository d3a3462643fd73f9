"""The end of play on the table after a revoke (issue 20 item 3): the tricks as played, the
tricks the offending side won from the revoke on, the transfer and its clause, the tricks
credited, and Law 64C's double-dummy comparison stored when the content loads."""

import html as htmllib
import re

import pytest

from penaltyflow.engine import replay
from penaltyflow.hands.analysis import analyse_example, revoke_redress
from penaltyflow.hands.models import Example
from penaltyflow.hands.tableview import build_table

from ..engine.helpers import played_out, scenario

pytestmark = pytest.mark.same_on_any_database

# DEAL 4S by South: West leads the ♥4, dummy the ♥2, East ruffs with the ♠6 holding ♥Q J.
EAST_RUFFS = [{"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "S6", "revoke": True}]


def words(page: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def finished(events):
    return scenario(played_out(events))


def test_a_deal_played_to_the_end_shows_the_tricks_the_transfer_and_the_credit():
    sc = finished(EAST_RUFFS)
    state = replay(sc).to_json()
    end = build_table(sc, analysis=analyse_example(sc)).end_of_play
    assert end is not None and len(end.tricks) == 13
    assert [t.winner[0] for t in end.tricks] == [t["winner"] for t in state["tricks"]]
    # marked: every trick East-West won, from the revoke trick (1) on
    assert [t.number for t in end.tricks if t.offenders_won] == [
        i for i, t in enumerate(state["tricks"], start=1) if t["winner"] in "EW"
    ]
    assert end.tricks[0].revoked == ["East revoked with the ♠6"]
    (r,) = end.revokes
    assert (r.offender, r.trick, r.law, r.transfer, r.status) == (
        "East",
        1,
        "64A1",
        2,
        "established",
    )
    assert "Law 64A1" in r.words
    assert end.won == (state["tricks_won"]["NS"], state["tricks_won"]["EW"])
    assert end.credited == (end.won[0] + 2, end.won[1] - 2) and end.transferred == 2


def test_no_end_of_play_before_the_end_or_without_a_revoke():
    sc = finished(EAST_RUFFS)
    assert build_table(sc, event=20).end_of_play is None
    assert build_table(finished([])).end_of_play is None


def test_the_64c_figure_is_double_dummy_with_the_offender_following_suit():
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    from penaltyflow.engine.core.cards import card_name, deal_pbn

    sc = finished(EAST_RUFFS)
    (found,) = revoke_redress(sc)
    # Independently: the position before East's revoke, solved by DDS for East to play;
    # East picks his best card among those that follow suit (his hearts).
    before = replay(scenario(EAST_RUFFS[:2]))
    hands = list(before.hands)
    for seat, card in before.trick:
        hands[seat] |= 1 << card
    deal = Deal(deal_pbn(hands))
    deal.first, deal.trump = Player(before.leader), Denom(before.strain)
    for _, card in before.trick:
        deal.play(card_name(card))
    scores = {str(c): s for c, s in solve_board(deal, SolveMode.Default)}
    hearts = [c for c in scores if c[0] == "♥"]
    assert hearts, scores
    east_best = max(scores[c] for c in hearts)
    assert found["side"] == "NS" and found["dd_tricks"] == 13 - east_best
    credited = replay(sc).to_json()["tricks_adjusted"]["NS"]
    assert found["adjusted"] == credited
    assert found["short"] == max(0, found["dd_tricks"] - credited)


def test_a_corrected_revoke_has_no_64c_figure():
    sc = finished([*EAST_RUFFS, {"correct": "HJ"}])
    assert revoke_redress(sc) == []
    table = build_table(sc)
    assert table.event_texts[3] == "The revoke is corrected: East plays ♥J instead."
    end = table.end_of_play
    assert end is not None and end.revokes[0].status == "corrected" and end.transferred == 0
    assert "62B" in end.revokes[0].words


@pytest.mark.django_db
def test_the_step_page_shows_the_end_of_play_and_where_the_director_adjusts(client):
    example = Example.objects.get(
        choice__source__chart__slug="law-64", choice__source__key="one-trick"
    )
    (redress,) = example.analysis["revokes"]  # computed once, when the content loaded
    assert redress["short"] >= 1
    response = client.get(
        "/charts/law-64/redress/", {"path": "play-ends.no-adjustment-case.who-won.one-trick"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Play is over: the revoke adjustment" in html
    s = "s" if redress["short"] > 1 else ""
    said = words(html)
    assert f"Double dummy suggests North–South are {redress['short']} trick{s} short" in said
    assert "a guide, not the ruling: the Director judges the likely result" in said
    assert "This is where the Director adjusts" not in said
    assert html.count('<th scope="row">') == 13
    # a step whose hand is not played to the end shows none of it
    html = client.get("/charts/law-61/did-not-follow/").content.decode()
    assert "the revoke adjustment" not in html


@pytest.mark.django_db
def test_every_revoke_example_played_to_the_end_stores_its_64c_figure():
    examples = [
        e
        for e in Example.objects.filter(choice__source__chart__slug="law-64")
        if replay(e.scenario).finished
    ]
    assert len(examples) >= 10
    for e in examples:
        table = replay(e.scenario)
        established = [r for r in table.revokes if r.status == "established"]
        both = len({r.seat & 1 for r in established}) == 2  # 64C2(b): one figure
        assert len(e.analysis.get("revokes", [])) == (1 if both else len(established)), e.story
        for item in e.analysis["revokes"]:
            assert 0 <= item["dd_tricks"] <= 13 and item["side"] in ("NS", "EW")


def test_before_a_ruling_the_table_shows_the_tricks_but_nothing_of_the_count():
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    from penaltyflow.hands.tableview import before_ruling

    request = RequestFactory().get("/")

    sc = finished(EAST_RUFFS)
    table = build_table(sc, analysis=analyse_example(sc))
    ruled = render_to_string("hands/table.html", {"table": table}, request=request)
    assert "Credited" in ruled and "64A1" in ruled and "offending side" in ruled
    html = render_to_string("hands/table.html", {"table": before_ruling(table)}, request=request)
    assert "Play is over: the tricks as played" in html and html.count('<th scope="row">') == 13
    for secret in ("Credited", "Transferred", "64A1", "offending side", "64C"):
        assert secret not in html, secret


# East discards the C5 on trick 1; on trick 3 South discards the C4 holding diamonds.
BOTH_SIDES = [
    {"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "C5", "revoke": True}, {"play": "HA"},
    {"play": "D4"}, {"play": "D5"}, {"play": "DQ"}, {"play": "D2"},
    {"play": "D7"}, {"play": "D3"}, {"play": "C4", "revoke": True}, {"play": "D6"},
]  # fmt: skip


def test_both_sides_revoked_one_64c2b_figure_with_neither_revoke_and_no_make_up():
    """64C2(b): the likely result had no revoke occurred, one figure for the deal (not one
    per revoke), and nothing said to 'make up' the damage when nothing went across."""
    sc = finished(BOTH_SIDES)
    assert [r["law"] for r in replay(sc).to_json()["revokes"]] == ["64B7", "64B7"]
    (found,) = revoke_redress(sc)  # one figure, from before East's revoke (the first)
    assert found["both"] is True and (found["seat"], found["trick"]) == ("E", 1)
    dd_ns = found["dd_tricks"] if found["side"] == "NS" else 13 - found["dd_tricks"]
    east_alone = revoke_redress(scenario(played_out(BOTH_SIDES[:3] + [{"play": "HA"}])))
    assert dd_ns == east_alone[0]["dd_tricks"]  # the same position, East following suit
    table = build_table(sc, analysis=analyse_example(sc))
    (d,) = table.end_of_play.redress
    assert d.both and d.moved == 0
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    page = render_to_string("hands/table.html", {"table": table}, request=RequestFactory().get("/"))
    said = words(page)
    assert "Had neither revoke occurred" in said and "Law 64C2(b)" in said
    assert said.count("Double dummy suggests") == 1 and "makes up" not in said


@pytest.mark.django_db
def test_after_a_trick_12_revoke_the_64c_figure_says_62d1_would_not_let_it_stand():
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    example = Example.objects.get(
        choice__source__chart__slug="law-64", choice__source__key="b6-trick-12"
    )
    table = build_table(example.scenario, analysis=example.analysis)
    (d,) = table.end_of_play.redress
    assert d.trick == 12 and d.trick12
    page = render_to_string("hands/table.html", {"table": table}, request=RequestFactory().get("/"))
    said = words(page)
    assert "Law 62D1" in said and "this figure does not arise" in said
