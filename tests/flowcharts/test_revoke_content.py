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
