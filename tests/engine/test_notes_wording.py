"""Issue 27: the notes on the example tables cite the clause that applies and read as
English: Law 51B only when the defender has two or more penalty cards (Law 51 is for
them), "go back" for several cards, and never a doubled full stop."""

import re
from pathlib import Path

import yaml

from penaltyflow.engine import replay
from penaltyflow.engine.play.words.text import state_notes

CHARTS = Path(__file__).resolve().parents[2] / "content" / "charts"
# East holds S 74  H 652  D 87532  C A53; West is on lead to trick 1 (South declares 4S).
DEAL = "N:AJ53.K84.AQ6.K72 74.652.87532.A53 KQT96.A73.K4.Q94 82.QJT9.JT9.JT86"


def table(*events):
    return replay({"deal": DEAL, "contract": "4S", "declarer": "S", "events": list(events)})


def said(t) -> str:
    return " ".join([note for _, note in t.log] + state_notes(t))


def test_one_penalty_card_forbidden_cites_50d2a_not_51b():
    t = table({"expose": "CA", "seat": "E"}, {"decide": "forbid", "suit": "C"})
    text = said(t)
    assert "may not lead clubs while he keeps the lead (Law 50D2(a))" in text
    assert "51B" not in text
    assert "CA goes back to East's hand and is no longer a penalty card" in text


def test_two_penalty_cards_in_one_suit_cite_51b_and_go_back():
    t = table(
        {"expose": "CA", "seat": "E"},
        {"expose": "C5", "seat": "E"},
        {"decide": "forbid", "suit": "C"},
    )
    text = said(t)
    assert "(Law 51B1(b))" in text and "50D2(a)" not in text
    assert re.search(
        r"C[A5] and C[A5] go back to East's hand and are no longer penalty cards", text
    )
    assert "goes back" not in text


def test_a_revoke_against_a_restriction_has_one_full_stop():
    found = 0
    for path in sorted(CHARTS.glob("*.yaml")):
        for node in yaml.safe_load(path.read_text(encoding="utf-8"))["nodes"]:
            for choice in node.get("choices", []):
                scenario = choice.get("example", {}).get("scenario")
                if not scenario or not any(e.get("revoke") for e in scenario["events"]):
                    continue
                text = said(replay(scenario))
                if "against the restriction" in text:
                    found += 1
                    assert not re.search(r"(?<!\.)\.\.(?!\.)", text), (path.name, node["key"])
    assert found >= 2


def test_a_51b_prohibition_ends_citing_51b():
    t = table(
        {"expose": "CA", "seat": "E"},
        {"expose": "C5", "seat": "E"},
        {"decide": "forbid", "suit": "C"},
        {"play": "HQ", "seat": "W"},
        {"play": "H4", "seat": "N"},
        {"play": "H2", "seat": "E"},
        {"play": "HA", "seat": "S"},
    )
    text = said(t)
    assert "West has lost the lead: the prohibition on leading clubs ends (Law 51B1(b))." in text
