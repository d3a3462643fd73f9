"""Loading content files: messages that name the file and the node, all or nothing."""

import pytest
from django.core.management import CommandError, call_command

from penaltyflow.flowcharts.loader import ContentError, load_charts
from penaltyflow.flowcharts.models import Choice, Flowchart, Node

pytestmark = pytest.mark.django_db


def jump_to(chart: str, key: str) -> dict:
    """The mini chart's last step, made a jump into `chart` landing on `key`."""
    return {
        "key": "major",
        "kind": "jump",
        "label": "On to Law 50",
        "cite": "Law 56B",
        "text": "Law 50D applies.",
        "jump": chart,
        "jump_to": key,
    }


def snapshot():
    return (
        list(Flowchart.objects.values_list("slug", "title", "version")),
        list(Node.objects.values_list("chart__slug", "key", "kind", "label", "text")),
        list(Choice.objects.values_list("source__key", "target__key", "label")),
    )


def test_it_loads_a_chart_with_its_nodes_and_choices(good_chart, write_chart):
    (chart,) = load_charts([write_chart(good_chart)])
    assert chart.title == "A defender leads out of turn"
    assert list(chart.nodes.values_list("key", flat=True)) == [
        "lead",
        "accept",
        "stands",
        "retract",
        "major",
    ]
    accept = chart.nodes.get(key="accept")
    assert [(c.label, c.target.key) for c in accept.choices.all()] == [
        ("Yes", "stands"),
        ("No", "retract"),
    ]
    assert chart.svg.startswith("<?xml") and chart.version == chart.rendered_version


def test_loading_again_changes_nothing(good_chart, write_chart):
    path = write_chart(good_chart)
    load_charts([path])
    node_ids = list(Node.objects.order_by("key").values_list("pk", flat=True))
    before = snapshot()
    load_charts([path])
    assert snapshot() == before
    assert list(Node.objects.order_by("key").values_list("pk", flat=True)) == node_ids


def test_loading_an_edited_file_updates_the_chart_in_place(good_chart, write_chart):
    path = write_chart(good_chart)
    (chart,) = load_charts([path])
    old_version, major_pk = chart.version, chart.nodes.get(key="major").pk
    good_chart["nodes"][4]["label"] = "A major penalty card"
    good_chart["nodes"][2]["text"] = "Play goes on from the lead."
    load_charts([write_chart(good_chart)])
    chart.refresh_from_db()
    assert chart.nodes.get(key="major").pk == major_pk  # same node, same URL
    assert chart.nodes.get(key="major").label == "A major penalty card"
    assert chart.version != old_version
    assert "A major penalty card" in chart.svg


def test_a_node_removed_from_the_file_is_removed(good_chart, write_chart):
    load_charts([write_chart(good_chart)])
    good_chart["nodes"][1]["choices"][1]["to"] = "major"
    del good_chart["nodes"][3]
    load_charts([write_chart(good_chart)])
    assert not Node.objects.filter(key="retract").exists()


def test_a_broken_graph_names_the_file_and_the_node(good_chart, write_chart):
    good_chart["nodes"][1]["choices"] = [{"label": "Yes", "to": "stands"}]
    path = write_chart(good_chart)
    with pytest.raises(ContentError) as error:
        load_charts([path])
    assert f"{path}: node 'accept': a question needs two or more choices" in str(error.value)


def test_a_missing_field_names_the_file_and_the_node(good_chart, write_chart):
    del good_chart["nodes"][2]["cite"]
    path = write_chart(good_chart)
    with pytest.raises(ContentError, match=f"{path}: node 'stands': 'cite' is missing"):
        load_charts([path])


def test_an_unknown_field_is_refused(good_chart, write_chart):
    good_chart["nodes"][2]["colour"] = "red"
    path = write_chart(good_chart)
    with pytest.raises(ContentError, match=r"node 'stands': unknown field\(s\) colour"):
        load_charts([path])


def test_a_file_that_is_not_yaml_is_named(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("slug: [unclosed\n")
    with pytest.raises(ContentError, match=f"{path}: is not valid YAML"):
        load_charts([path])


def test_a_bad_file_leaves_the_database_as_it_was(good_chart, write_chart):
    load_charts([write_chart(good_chart)])
    before = snapshot()
    edited = {**good_chart, "title": "Changed title"}
    other = {**good_chart, "slug": "mini-other", "nodes": good_chart["nodes"][:2]}
    with pytest.raises(ContentError):
        load_charts([write_chart(edited), write_chart(other)])
    assert snapshot() == before


def test_a_failure_while_writing_rolls_everything_back(good_chart, write_chart):
    """Even past validation (here, a jump into a chart deleted meanwhile), nothing stays."""
    before = snapshot()
    good_chart["nodes"][4] = jump_to("mini-56", "no-such-node")
    with pytest.raises(ContentError, match="node 'major': it jumps to 'mini-56/no-such-node'"):
        load_charts([write_chart(good_chart)])
    assert snapshot() == before


def test_charts_that_jump_to_each_other_load_together(good_chart, write_chart):
    target = {**good_chart, "slug": "mini-50", "title": "Penalty cards", "laws": "50"}
    good_chart["nodes"][4] = jump_to("mini-50", "major")
    load_charts([write_chart(good_chart), write_chart(target)])
    jump = Node.objects.get(chart__slug="mini-56", key="major")
    assert (jump.jump_chart.slug, jump.jump_node.key) == ("mini-50", "major")
    assert "Penalty cards" in Flowchart.objects.get(slug="mini-56").svg


def test_the_command_reports_every_problem_and_loads_nothing(good_chart, write_chart):
    good_chart["nodes"][2]["choices"] = [{"label": "Again", "to": "lead"}]
    good_chart["nodes"].append(
        {"key": "orphan", "kind": "outcome", "label": "Orphan", "cite": "-", "text": "-"}
    )
    path = write_chart(good_chart)
    with pytest.raises(CommandError) as error:
        call_command("loadcharts", str(path))
    message = str(error.value)
    assert message.startswith("Nothing was loaded.")
    assert f"{path}: node 'stands': an outcome node ends the path" in message
    assert f"{path}: node 'orphan': it cannot be reached from the start" in message
    assert not Flowchart.objects.filter(slug="mini-56").exists()


def test_the_projects_own_content_loads(content):
    assert Flowchart.objects.filter(slug__in=["law-50", "law-53", "law-56"]).count() == 3
    for chart in Flowchart.objects.all():
        assert chart.svg and chart.rendered_version == chart.version


@pytest.mark.parametrize("key", ["stands.now", "ständs", "Stands", "a" * 51])
def test_a_key_that_cannot_be_a_url_is_named(good_chart, write_chart, key):
    good_chart["nodes"][2]["key"] = key
    good_chart["nodes"][1]["choices"][0]["to"] = key
    path = write_chart(good_chart)
    with pytest.raises(ContentError, match=f"{path}: node '[^']+': '(key|to)' "):
        load_charts([path])
    assert not Flowchart.objects.filter(slug="mini-56").exists()


def test_loading_one_file_cannot_strand_another_charts_jump(good_chart, write_chart):
    target = {**good_chart, "slug": "mini-50", "title": "Penalty cards", "laws": "50"}
    good_chart["nodes"][4] = jump_to("mini-50", "major")
    load_charts([write_chart(good_chart), write_chart(target)])
    target["nodes"] = [n for n in target["nodes"] if n["key"] != "major"]
    target["nodes"][3]["choices"] = [{"label": "Next", "to": "stands"}]
    path = write_chart(target)
    with pytest.raises(ContentError, match="node 'major' is gone, but chart 'mini-56'"):
        load_charts([path])
    assert Node.objects.filter(chart__slug="mini-50", key="major").exists()
