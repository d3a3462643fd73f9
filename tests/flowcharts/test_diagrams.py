"""The DOT built from a chart, as a string; and one real render by Debian's `dot`."""

import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings

from penaltyflow.flowcharts.diagrams import PALETTE, STYLE, build_digraph, inline_svg, render_svg
from penaltyflow.flowcharts.graph import ChartGraph, ChoiceSpec, NodeSpec
from penaltyflow.flowcharts.loader import load_charts


def mini() -> ChartGraph:
    return ChartGraph(
        "law-56",
        [
            NodeSpec(
                "lead",
                "start",
                'East leads "out of turn" <♥J>',
                citations="Law 56",
                choices=[ChoiceSpec("Next", "accept")],
            ),
            NodeSpec(
                "accept",
                "question",
                "Does declarer accept the lead?",
                citations="Law 56A",
                choices=[ChoiceSpec("No", "to-50"), ChoiceSpec("Yes", "stands")],
            ),
            NodeSpec("stands", "outcome", "The lead stands", citations="Law 53A"),
            NodeSpec("to-50", "jump", "Major penalty card", citations="Law 56B", jump="law-50"),
        ],
    )


def test_each_node_is_drawn_by_its_kind_with_a_link_and_a_tooltip():
    dot = build_digraph(mini(), {"law-50": "Penalty cards"}).source
    assert re.search(r'accept \[label="Does declarer\\naccept the lead\?".*shape=diamond', dot)
    assert 'href="/charts/law-56/accept/"' in dot
    assert 'tooltip="Question: Does declarer accept the lead? (Law 56A)"' in dot
    assert re.search(r"stands \[.*peripheries=2.*shape=box.*style=\"rounded,filled\"", dot)
    assert re.search(r"\"to-50\" \[.*shape=cds", dot)
    assert "→ Penalty cards" in dot  # a jump names the chart it leads into
    assert 'id="node-accept"' in dot


def test_choice_labels_are_on_the_arrows():
    dot = build_digraph(mini()).source
    assert 'accept -> stands [label=Yes id="edge-accept--stands"]' in dot
    assert 'accept -> "to-50" [label=No id="edge-accept--to-50"]' in dot


def test_teachers_text_cannot_break_the_dot():
    dot = build_digraph(mini()).source
    assert r'label="East leads \"out of turn\"' in dot


def test_the_dot_is_the_same_whatever_order_the_nodes_come_in():
    shuffled = mini()
    shuffled.nodes.reverse()
    assert build_digraph(shuffled).source == build_digraph(mini()).source


def test_a_loop_is_drawn_dashed():
    graph = mini()
    graph.nodes[2] = NodeSpec(
        "stands",
        "action",
        "Partner leads again",
        choices=[ChoiceSpec("Again", "accept", loop=True), ChoiceSpec("Done", "to-50")],
    )
    assert re.search(r"stands -> accept \[.*style=dashed", build_digraph(graph).source)


@pytest.mark.skipif(not shutil.which("dot"), reason="needs Debian's graphviz")
def test_a_real_render_gives_svg_whose_nodes_carry_links():
    svg = render_svg(build_digraph(mini(), {"law-50": "Penalty cards"}))
    assert svg.startswith("<?xml")
    links = re.findall(r'<a xlink:href="([^"]+)" xlink:title="([^"]+)"', svg)
    assert sorted(href for href, _ in links) == [
        "/charts/law-56/accept/",
        "/charts/law-56/lead/",
        "/charts/law-56/stands/",
        "/charts/law-56/to-50/",
    ]
    assert 'id="node&#45;accept"' in svg
    inline = inline_svg(svg)
    assert inline.startswith('<svg class="chart-svg"') and "<?xml" not in inline


@pytest.mark.django_db
def test_a_chart_is_rendered_once_per_content_version(good_chart, write_chart, monkeypatch):
    (chart,) = load_charts([write_chart(good_chart)])
    calls = []
    monkeypatch.setattr("graphviz.Digraph.pipe", lambda *a, **k: calls.append(1))
    chart.refresh_rendering()
    load_charts([write_chart(good_chart)])
    assert calls == []  # unchanged content: `dot` never runs again


def test_a_label_in_angle_brackets_is_text_not_graphviz_html():
    graph = mini()
    graph.nodes[2] = NodeSpec("stands", "outcome", "<B>The lead stands</B>")
    dot = build_digraph(graph).source
    assert 'label="<B>The lead stands</B>"' in dot
    if shutil.which("dot"):
        assert "&lt;B&gt;The lead stands&lt;/B&gt;" in render_svg(build_digraph(graph))


def stylesheet_colours() -> dict[str, str]:
    """The custom properties of `:root` in the site's stylesheet, as {name: value}."""
    css = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text()
    root = re.search(r":root\s*\{(.*?)\}", css, re.S).group(1)
    return dict(re.findall(r"--([\w-]+):\s*([^;]+);", root))


def test_the_pages_colour_each_kind_of_box_as_the_diagram_does():
    """One palette: the legend and badges (site.css) read the colours the diagram is drawn in."""
    css = stylesheet_colours()
    assert {name: css.get(name, "missing").lower() for name in PALETTE} == PALETTE
    for kind, style in STYLE.items():
        assert style["fillcolor"] == PALETTE[kind]
        assert style["color"] == PALETTE.get(f"{kind}-edge", PALETTE[kind])


@pytest.mark.skipif(not shutil.which("dot"), reason="needs Debian's graphviz")
def test_the_downloaded_svg_is_coloured_without_the_stylesheet():
    svg = render_svg(build_digraph(mini(), {"law-50": "Penalty cards"}))
    for colour in ("question", "question-edge", "outcome", "jump"):
        assert PALETTE[colour] in svg
