"""The quick mode is a route through the charts (issue 17, "One source for every ruling").

Every way through a quick situation is walked through the charts with the answers the
director gave: it must ask each question the charts ask on the way, and arrive at the
chart step its ruling names. The corrections of issue 17 (errors 4 to 6) are held here.
"""

import copy
import re
from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.core.management import call_command

from penaltyflow.director.loader import read_guide_file
from penaltyflow.director.models import QuickGuide
from penaltyflow.director.routes import RouteError, check_guide
from penaltyflow.flowcharts.models import Flowchart

from .test_quick_loader import load_fails as load_fails_at

pytestmark = pytest.mark.same_on_any_database

QUICK = settings.CONTENT_DIR / "quick"


@pytest.fixture
def graphs(content):
    return {chart.slug: chart.graph() for chart in Flowchart.objects.all()}


@pytest.fixture
def quick(content):
    call_command("loadquick", verbosity=0)


def raw(name: str) -> dict:
    return yaml.safe_load((QUICK / f"{name}.yaml").read_text(encoding="utf-8"))


def node_of(data: dict, key: str) -> dict:
    return next(node for node in data["nodes"] if node["key"] == key)


def answer_of(data: dict, key: str, label: str) -> dict:
    return next(a for a in node_of(data, key)["answers"] if a["label"] == label)


def load_fails(tmp_path: Path, data: dict, *words: str) -> str:
    path = tmp_path / f"{data['slug']}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return load_fails_at(path, *words)


@pytest.mark.parametrize("path", sorted(QUICK.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_quick_route_walks_the_charts_to_its_ruling(graphs, path):
    guide = read_guide_file(path)
    found = check_guide(guide, graphs)
    rulings = {key for key, node in guide["nodes"].items() if "ruling" in node}
    assert {route.ruling for route in found} == rulings  # one route to each ruling
    for route in found:
        step = guide["nodes"][route.ruling]["step"]
        assert route.visited[-1] == step
        questions = {
            place
            for place in route.visited[:-1]  # the ruling's own step asks nothing more
            if len(graphs[place.split("/")[0]].choices_of(place.split("/")[1])) > 1
        }
        # each chart question on the way was answered by a quick answer on this route
        assert questions == {place for _, place in route.used}


def test_a_route_that_skips_a_chart_question_is_refused(quick, tmp_path):
    data = raw("lead-out-of-turn")
    del answer_of(data, "next-hand-played", "Nothing yet")["chart"]["law-56/told-to-lead"]
    load_fails(tmp_path, data, "node 'lead-stands'", "law-56/told-to-lead", "without asking")


def test_a_route_the_charts_take_elsewhere_is_refused(quick, tmp_path):
    data = raw("played-too-early")
    node_of(data, "no-rectification")["step"] = "law-57/must-play-at-turn"
    node_of(data, "no-rectification")["cite"] = "Law 57D"
    load_fails(
        tmp_path, data, "node 'no-rectification'", "law-57/no-rectification", "not this ruling"
    )


def test_an_answer_for_a_question_the_charts_never_ask_there_is_refused(quick, tmp_path):
    data = raw("played-too-early")
    answer_of(data, "both-hands", "Yes")["chart"]["law-57/legal-at-his-turn"] = "must-play-at-turn"
    load_fails(tmp_path, data, "node 'both-hands'", "never ask", "law-57/legal-at-his-turn")


def test_an_answer_that_says_nothing_about_the_charts_is_refused(quick, tmp_path):
    data = raw("played-too-early")
    del answer_of(data, "both-hands", "Yes")["chart"]
    load_fails(tmp_path, data, "node 'both-hands'", "says nothing about the charts")


def test_a_ruling_citing_a_clause_the_charts_do_not_is_refused(quick, tmp_path):
    data = raw("played-too-early")
    node_of(data, "plays-at-turn")["cite"] = "Law 57D, Law 50D2"
    load_fails(tmp_path, data, "node 'plays-at-turn'", "Law 50D2")


def test_a_situation_must_start_at_a_chart_start(quick, tmp_path):
    data = raw("played-too-early")
    data["from"] = "law-57/partner-played"
    load_fails(tmp_path, data, "not the start step of a chart")


def test_check_guide_names_the_quick_node(graphs):
    guide = read_guide_file(QUICK / "card-exposed.yaml")
    broken = copy.deepcopy(guide)
    broken["nodes"]["what-card"]["answers"][3]["chart"] = {
        "law-49/other-penalty-cards": "to-law-50"
    }
    with pytest.raises(RouteError) as error:
        check_guide(broken, graphs)
    assert error.value.node == "two-cards" and "law-50/how-many-cards" in str(error.value)


# --- Errors 4 to 6 of issue 17, and the quick-mode items of "Missing" --------------------


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def test_the_47e1_question_comes_first_for_every_kind_of_lead(client, quick):
    guide = QuickGuide.objects.get(slug="lead-out-of-turn")
    rulings = {key: node for key, node in guide.nodes.items() if "ruling" in node}
    misled = [key for key, node in rulings.items() if node["cite"] == "Law 47E1"]
    assert sorted(misled) == ["declarer-misinformed", "misinformed", "opening-misinformed"]
    for key in misled:
        text = page(client, guide.node_url(key))
        assert "Taken back: no rectification" in text
        assert "nobody may accept it" in text or "may not accept it" in text
        assert "penalty card" not in rulings[key]["ruling"]


def test_two_cards_played_together_he_names_the_one_he_meant(client, quick):
    text = page(client, "/table/card-exposed/two-cards/")
    assert "Law 58B2" in text and "meant" in text and "minor if it is 9 or lower" in text
    assert "All of them are major" not in text


def test_an_early_lead_after_partner_played_is_not_57d(client, quick):
    guide = QuickGuide.objects.get(slug="played-too-early")
    assert [a["to"] for a in guide.nodes["partner-played"]["answers"]] == [
        "both-hands",
        "play-or-lead",
    ]
    early = guide.nodes["early-lead"]
    assert early["step"] == "law-57/early-lead-after-partner" and "57D" not in early["tell"]
    assert "the Director decides" in page(client, guide.node_url("early-lead"))
    assert guide.nodes["legal-at-turn"]["parent"] == "play-or-lead"


@pytest.mark.parametrize(
    "slug, key, cite",
    [
        ("lead-out-of-turn", "declarer-last-trick", "Law 53A (footnote 17)"),
        ("lead-out-of-turn", "proper-lead", "Law 53B"),
        ("lead-out-of-turn", "wrong-defender", "Law 53C"),
        ("card-exposed", "declarer-played", "Law 45C2"),
        ("card-exposed", "claim-this-trick", "Law 68"),
        ("penalty-card-partner-leads", "leader-has-one-too", "Law 50D1(b)"),
    ],
)
def test_the_missing_rulings_are_in_the_quick_mode(client, quick, slug, key, cite):
    guide = QuickGuide.objects.get(slug=slug)
    assert cite in guide.nodes[key]["cite"] and guide.nodes[key]["taps"] <= 4
    assert cite in page(client, guide.node_url(key))


def test_55c_says_law_16_applies(quick):
    guide = QuickGuide.objects.get(slug="lead-out-of-turn")
    for key in ("defender-leads", "right-hand-leads"):
        assert "Law 16 applies (Law 55C)" in guide.nodes[key]["more"]


# --- Issue 20 item 5: "A revoke" ---------------------------------------------------------


def test_a_revoke_reaches_the_number_of_tricks_in_four_answers_at_most(client, quick):
    from penaltyflow.director.views import kept_urls

    guide = QuickGuide.objects.get(slug="revoke")
    assert guide.nodes[guide.start]["ask"] == "Is the revoke established?"
    transfers = {
        "two-tricks": "Transfer two tricks",
        "revoke-trick-only": "Transfer one trick",
        "partner-won": "Transfer one trick",
        "dummy-won": "Transfer one trick",
        "one-later": "Transfer one trick",
        "nothing-won": "No transfer",
    }
    kept = set(kept_urls())
    for key, words in transfers.items():
        node = guide.nodes[key]
        assert node["taps"] <= 4 and node["ruling"].startswith(words)
        assert node["step"].startswith("law-64/")
        text = page(client, guide.node_url(key))
        assert "Tell the players" in text and node["cite"] in text
        assert guide.node_url(key) in kept  # cached offline like the rest
    assert guide.nodes["must-correct"]["step"] == "law-63/still-open"
