"""The content loader refuses an example with bad revoke input (issue 20), naming the file,
the node, the choice and the event, and loads nothing."""

import pytest

from penaltyflow.flowcharts.loader import ContentError, load_charts
from penaltyflow.flowcharts.models import Flowchart

from ..engine.test_scenario_command import REVOKE_CASES

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("case", REVOKE_CASES, ids=list(REVOKE_CASES))
def test_a_bad_revoke_in_an_example_names_the_file_node_choice_and_event(
    case, good_chart, write_chart
):
    events, index = REVOKE_CASES[case]
    example = good_chart["nodes"][1]["choices"][0]["example"]
    example["scenario"]["events"] = events
    example["shows"] = {"penalty_cards": []}
    path = write_chart(good_chart)
    with pytest.raises(ContentError, match=f"{path}: node 'accept' choice 'Yes': .*event {index}"):
        load_charts([path])
    assert not Flowchart.objects.filter(slug="mini-56").exists()


def test_an_example_may_show_the_revokes_and_the_tricks_credited(good_chart, write_chart):
    example = good_chart["nodes"][1]["choices"][0]["example"]
    example["scenario"]["events"] = [
        {"play": "H4", "seat": "W"},
        {"play": "H2"},
        {"play": "C5", "revoke": True},
    ]
    example["shows"] = {
        "revokes": [{"seat": "E", "trick": 1, "card": "C5", "status": "open"}],
        "tricks_adjusted": None,
    }
    path = write_chart(good_chart)
    load_charts([path])
    example["shows"]["revokes"][0]["status"] = "established"
    path = write_chart(good_chart)
    with pytest.raises(ContentError, match="it shows revokes"):
        load_charts([path])


# --- issue 27: what the revoke charts and the quick route say, checked against the Laws ------


def node(chart, key):
    from penaltyflow.flowcharts.models import Node

    return Node.objects.get(chart__slug=chart, key=key)


def test_the_1997_extra_trick_is_told_on_law_64a2_not_on_64a1():
    """1997's second trick applied when the offender did NOT win the revoke trick (64A2)."""
    assert "1997" in node("law-64", "one-trick").changes
    assert "1997" not in node("law-64", "two-tricks").changes


def test_64c_double_dummy_is_a_guide_and_both_revokes_go_together():
    redress = node("law-64", "redress")
    assert "Double dummy suggests" in redress.text and "judges the likely result" in redress.text
    assert "62D1" in redress.text  # the trick-12 figure is of a position that would not stand
    assert "Where that is more, the Director adjusts" not in redress.text
    assert "make up the damage" not in redress.label
    both = node("law-64", "b7-both-sides").text
    assert "neither revoke" in both and "not each judged alone" in both


def test_61a_covers_cards_the_laws_require_and_a_penalty_card_not_played_goes_to_law_52():
    rule = node("law-61", "which-rule")
    assert "Laws require" in rule.text and "57D" in rule.text and "50D1" in rule.text
    to_52 = rule.choices.get(label="A penalty card he had to play").target
    assert to_52.kind == "jump" and to_52.jump_chart.slug == "law-52"
    assert "64B3" in to_52.citations


def test_quick_revoke_says_play_a_legal_card_and_routes_a_penalty_card_to_law_52():
    import yaml
    from django.conf import settings

    guide = yaml.safe_load((settings.CONTENT_DIR / "quick" / "revoke.yaml").read_text())
    nodes = {n["key"]: n for n in guide["nodes"]}
    tell = nodes["must-correct"]["tell"]
    assert "legal card" in tell and "Take that card back and follow suit." not in tell
    penalty = nodes["penalty-card"]
    assert penalty["step"] == "law-52/penalty-card-not-played"
    assert penalty["next"] == "penalty-card-not-played" and "52" in penalty["cite"]
    twelve = nodes["trick-twelve"]["more"]
    assert "62D2" in twelve and "16C" in twelve and "judges" in twelve


def test_the_trick_12_example_corrects_an_established_revoke_after_trick_13():
    from penaltyflow.engine import replay

    choice = node("law-62", "trick-twelve").choices.get()
    table = replay(choice.example.scenario)
    assert table.finished and table.revokes[0].law == "62D1"
    assert "62D2" in node("law-62", "trick-twelve").text


def test_both_sides_revoking_on_one_trick_is_a_route_with_its_hand():
    """62C3: one side has played on, so one revoke is established and one is not; both are
    corrected (63B's exception) and nothing is transferred for them (64B8)."""
    from penaltyflow.engine import replay

    established = node("law-63", "established")
    choice = established.choices.get(target__key="both-same-trick")
    table = replay(choice.example.scenario)
    assert [(r.trick, r.status) for r in table.revokes] == [(1, "established"), (1, "open")]
    assert table.revokes[0].seat & 1 != table.revokes[1].seat & 1
    both = node("law-63", "both-same-trick")
    assert {"Law 62C3", "Law 64B8"} <= set(both.citations.split(", "))
    assert "64B7" in both.text and "64C2(b)" in both.text


def test_law_67b1_a_trick_played_to_by_nobody_is_a_deemed_revoke_counted_as_64a2():
    """The club ruling: a player with a card too many, found after both sides played on; the
    card placed does not change who won the trick, and one trick goes as 64A2 counts."""
    from penaltyflow.engine import replay

    rule = node("law-61", "which-rule")
    choice = rule.choices.get(target__key="defective-trick")
    table = replay(choice.example.scenario)
    (r,) = table.revokes
    assert (r.rule, r.status, table.tricks[0][2]) == ("67B1", "established", 2)  # South won
    step = node("law-61", "defective-trick")
    assert "67B1" in step.citations and "64A2" in step.citations
    (onward,) = step.choices.all()
    end = replay(onward.example.scenario)
    assert end.finished and (end.revokes[0].transfer, end.revokes[0].law) == (1, "64A2")
    assert onward.target.jump_chart.slug == "law-64"


def test_a_67b1_card_is_placed_only_once_both_sides_have_played_to_the_next_trick(content):
    """Law 67B applies once a player of each side has played to the trick after the defective
    one; before that it is Law 67A (he simply plays a card to it, and the trick may change
    hands). Every example that places a card under 67B1 shows that moment or later."""
    from penaltyflow.engine import replay
    from penaltyflow.hands.models import Example

    placed = [
        e
        for e in Example.objects.all()
        if any(isinstance(ev, dict) and ev.get("defective") for ev in e.scenario.get("events", []))
    ]
    assert placed
    for example in placed:
        table = replay(example.scenario)
        for r in (r for r in table.revokes if r.rule == "67B1"):
            if len(table.tricks) > r.trick:
                continue  # the next trick is complete
            sides = {seat & 1 for seat, _ in table.trick}
            assert sides == {0, 1}, (example.story, [str(c) for c in table.trick])
