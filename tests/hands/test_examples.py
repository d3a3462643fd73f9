"""Every example of every chart, replayed by the engine and held to what it states."""

import copy

import pytest
from django.core.management import call_command

from penaltyflow.engine import replay_board
from penaltyflow.flowcharts.loader import ContentError, load_charts
from penaltyflow.flowcharts.models import Choice, Flowchart
from penaltyflow.hands.examples import check_example, parse_example
from penaltyflow.hands.models import Example

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]


def test_every_choice_of_every_chart_has_an_example(content):
    missing = [
        f"{c.source.chart.slug}/{c.source.key} -> {c.label}"
        for c in Choice.objects.filter(example__isnull=True).select_related("source__chart")
    ]
    assert missing == []
    assert Flowchart.objects.count() >= 10


def test_every_example_replays_to_what_it_states(content):
    examples = list(Example.objects.all())
    assert len(examples) >= Choice.objects.count()
    for example in examples:
        spec = parse_example(
            {"story": example.story, "scenario": example.scenario, "shows": example.shows}
        )
        check_example(spec)  # raises with the difference
        state = replay_board(example.scenario).to_json()  # from the first call too
        if "penalty_cards" in example.shows:
            assert len(state["penalty_cards"]) == len(example.shows["penalty_cards"])


def test_every_start_node_has_a_hand_to_show(content):
    for chart in Flowchart.objects.all():
        assert Example.objects.filter(node__chart=chart, node__kind="start").exists(), chart.slug


def choice_example(chart: dict) -> dict:
    return chart["nodes"][1]["choices"][1]["example"]


def test_a_card_not_in_that_hand_is_refused_with_file_node_and_choice(good_chart, write_chart):
    choice_example(good_chart)["scenario"]["events"][0] = {"play": "SA", "seat": "W"}
    path = write_chart(good_chart)
    with pytest.raises(ContentError) as error:
        load_charts([path])
    message = str(error.value)
    assert f"{path}: node 'accept' choice 'No': the example cannot be replayed: its event 0:" in (
        message
    )
    assert "West does not hold SA" in message
    assert not Flowchart.objects.filter(slug="mini-56").exists()


def test_a_wrong_stated_kind_is_refused_and_the_database_is_unchanged(good_chart, write_chart):
    load_charts([write_chart(good_chart)])
    before = list(Example.objects.values_list("story", "shows"))
    broken = copy.deepcopy(good_chart)
    choice_example(broken)["shows"]["penalty_cards"][0]["kind"] = "minor"
    choice_example(broken)["story"] = "Changed"
    path = write_chart(broken)
    with pytest.raises(ContentError) as error:
        load_charts([path])
    assert f"{path}: node 'accept' choice 'No': the example contradicts the laws:" in str(
        error.value
    )
    assert "'minor'" in str(error.value) and "'major'" in str(error.value)
    assert list(Example.objects.values_list("story", "shows")) == before


def test_stated_options_must_be_every_option_declarer_has(good_chart, write_chart):
    choice_example(good_chart)["shows"]["pending"] = ["require H", "forbid H"]
    with pytest.raises(ContentError, match="it shows pending"):
        load_charts([write_chart(good_chart)])


def test_an_example_that_says_nothing_is_refused(good_chart, write_chart):
    choice_example(good_chart)["shows"] = {}
    with pytest.raises(ContentError, match="an example must say what it shows"):
        load_charts([write_chart(good_chart)])


def test_an_unknown_statement_is_named(good_chart, write_chart):
    choice_example(good_chart)["shows"]["vulnerable"] = True
    with pytest.raises(ContentError, match=r"unknown 'shows' field\(s\) vulnerable"):
        load_charts([write_chart(good_chart)])


def test_the_content_command_names_the_file_of_a_broken_example(good_chart, write_chart):
    choice_example(good_chart)["scenario"]["contract"] = "8S"
    path = write_chart(good_chart)
    with pytest.raises(Exception, match=str(path)):
        call_command("loadcharts", str(path))


def test_every_example_belongs_to_one_step_or_one_choice(content):
    assert not Example.objects.filter(choice__isnull=True, node__isnull=True).exists()
    assert not Example.objects.filter(choice__isnull=False, node__isnull=False).exists()


def test_a_hand_goes_with_its_choice_and_none_is_left_behind(good_chart, write_chart):
    path = write_chart(good_chart)
    load_charts([path])
    mini = Example.objects.filter(choice__source__chart__slug="mini-56")
    assert mini.count() == 2
    count = Example.objects.count()
    load_charts([path])  # loading again puts new hands in the old ones' place
    assert Example.objects.count() == count

    del good_chart["nodes"][1]["choices"][1]
    good_chart["nodes"][1]["kind"] = "action"  # one way on: no question any more
    good_chart["nodes"][3:] = []  # 'retract' and 'major' are reached no more
    load_charts([write_chart(good_chart)])
    yes = good_chart["nodes"][1]["choices"][0]["example"]["story"]
    assert list(mini.values_list("story", flat=True)) == [yes]
    assert Example.objects.count() == count - 1

    Flowchart.objects.get(slug="mini-56").delete()
    assert Example.objects.count() == count - 2
    assert not Example.objects.filter(choice__isnull=True, node__isnull=True).exists()
