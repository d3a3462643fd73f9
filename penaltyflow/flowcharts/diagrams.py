"""Charts to Graphviz: models to plain graph data, data to DOT, DOT to SVG and PDF.

`graphviz.Digraph` quotes every label, and `nohtml` keeps a label in angle
brackets from being read as Graphviz HTML, so nothing a teacher writes can break
the DOT. Nodes and edges are sorted so the same chart always gives the same DOT.
"""

import html
import re
import textwrap
from functools import lru_cache

import graphviz
from django.urls import reverse

from penaltyflow.engine.core import laws

from .graph import ChartGraph

# The colours of the boxes: the one palette. The downloaded SVG and PDF carry them in
# the DOT; the pages' legend and step badges read the same names as custom properties
# in static/css/site.css (`--question-edge`), which tests/flowcharts/test_diagrams.py
# holds to these values.
PALETTE = {
    "start": "#1d3557",
    "question": "#fff3c4",
    "question-edge": "#b08900",
    "action": "#dcebfa",
    "action-edge": "#2f6fb0",
    "outcome": "#d9f2dd",
    "outcome-edge": "#2e7d32",
    "jump": "#f6dccb",
    "jump-edge": "#b4532a",
}
# What a learner should tell apart at a glance.
STYLE = {
    "start": {
        "shape": "box",
        "style": "rounded,filled,bold",
        "fillcolor": PALETTE["start"],
        "fontcolor": "white",
        "color": PALETTE["start"],
    },
    "question": {
        "shape": "diamond",
        "style": "filled",
        "fillcolor": PALETTE["question"],
        "color": PALETTE["question-edge"],
    },
    "action": {
        "shape": "box",
        "style": "filled",
        "fillcolor": PALETTE["action"],
        "color": PALETTE["action-edge"],
    },
    "outcome": {
        "shape": "box",
        "style": "rounded,filled",
        "fillcolor": PALETTE["outcome"],
        "color": PALETTE["outcome-edge"],
        "peripheries": "2",
    },
    "jump": {
        "shape": "cds",
        "style": "filled",
        "fillcolor": PALETTE["jump"],
        "color": PALETTE["jump-edge"],
    },
}
KIND_NAMES = {
    "start": "Start",
    "question": "Question",
    "action": "Action",
    "outcome": "Ruling",
    "jump": "Continues in another chart",
}


def dom_id(key: str) -> str:
    return f"node-{key}"


def edge_id(source: str, target: str) -> str:
    return f"edge-{source}--{target}"


def _wrap(text: str, width: int) -> str:
    return "\\n".join(textwrap.wrap(text, width=width)) or text  # DOT: centred line break


def build_digraph(graph: ChartGraph, titles: dict[str, str] | None = None) -> graphviz.Digraph:
    """The DOT for a chart. `titles` names the charts jumps lead into, for their labels."""
    titles = titles or {}
    dot = graphviz.Digraph(name=graph.slug, format="svg")
    dot.attr(
        rankdir="TB", nodesep="0.35", ranksep="0.45", bgcolor="transparent", fontname="DejaVu Sans"
    )
    dot.attr("node", fontname="DejaVu Sans", fontsize="13", margin="0.15,0.08", penwidth="1.6")
    dot.attr("edge", fontname="DejaVu Sans", fontsize="12", color="#444444", penwidth="1.4")
    for node in sorted(graph.nodes, key=lambda n: n.key):
        label = _wrap(node.label, 18 if node.kind == "question" else 24)
        if node.kind == "jump" and node.jump:
            label += "\\n→ " + _wrap(titles.get(node.jump, node.jump), 24)
        tooltip = f"{KIND_NAMES.get(node.kind, node.kind)}: {node.label}"
        if node.citations:
            tooltip += f" ({node.citations})"
        dot.node(
            node.key,
            label=graphviz.nohtml(label),  # "<...>" would be read as a Graphviz HTML label
            id=dom_id(node.key),
            href=reverse("flowcharts:step", args=[graph.slug, node.key]),
            target="_top",
            tooltip=graphviz.nohtml(tooltip),
            **{"class": f"kind-{node.kind}"},
            **STYLE.get(node.kind, {}),
        )
    for node in sorted(graph.nodes, key=lambda n: n.key):
        for choice in sorted(node.choices, key=lambda c: c.to):
            attrs = {
                "id": edge_id(node.key, choice.to),
                "label": graphviz.nohtml(_wrap(choice.label, 20)),
            }
            if choice.loop:
                attrs |= {"style": "dashed", "constraint": "false"}
            dot.edge(node.key, choice.to, **attrs)
    return dot


_PROLOGUE = re.compile(r"^.*?(?=<svg)", re.S)
_SIZE = re.compile(r'<svg (width="[\d.]+pt" height="[\d.]+pt")')


@lru_cache(maxsize=64)
def _dot(source: str, format: str) -> bytes:
    """What `dot` draws of this DOT source: the same source always gives the same drawing,
    so a chart loaded again unchanged (a test's small chart, an edit taken back) is not
    drawn again."""
    return graphviz.pipe("dot", format, source.encode())


def render_svg(dot: graphviz.Digraph) -> str:
    """A standalone SVG document, as downloaded."""
    return _dot(dot.source, "svg").decode()


_TITLE = re.compile(r"<title>[^<]*</title>\n?")


def inline_svg(svg: str) -> str:
    """The SVG ready to inline in a page: no XML prologue, and it scales to its container.

    Graphviz titles each group with its internal key ("d2-declarer-chooses"), which a
    screen reader would read; they go. Each box's link keeps its tooltip in plain words.
    """
    svg = _TITLE.sub("", _PROLOGUE.sub("", svg, count=1))
    # Its natural size at most: CSS shrinks it to fit, never blows a small chart up.
    return _SIZE.sub(r'<svg class="chart-svg" \1', svg, count=1)


_GROUP = re.compile(r'<g id="([^"]*)" class="([^"]*)"')


def mark_groups(svg: str, marks: dict[str, str]) -> str:
    """Add a class to the SVG groups (nodes, edges) whose id is a key of `marks`.

    The stylesheet says how a marked group looks; Graphviz writes "-" in ids as "&#45;".
    """

    def mark(match: re.Match) -> str:
        extra = marks.get(html.unescape(match.group(1)))
        if not extra:
            return match.group(0)
        return f'<g id="{match.group(1)}" class="{match.group(2)} {extra}"'

    return _GROUP.sub(mark, svg)


# The drawing's largest size: with the half-inch margin `dot` adds on every side of a PDF,
# the page is at most 8 x 10.6 in (576 x 763 pt): inside A4 (595 x 842) and Letter (612 x 792).
PAPER_INCHES = "7,9.6"


def render_pdf(dot: graphviz.Digraph, title: str = "") -> bytes:
    """One page that prints on A4 and on Letter: the chart shrunk to fit, with its title."""
    paper = dot.copy()
    paper.attr(size=PAPER_INCHES)
    if title:
        paper.attr(label=graphviz.nohtml(title), labelloc="t", fontsize="18")
    return _dot(paper.source, "pdf")


def build_overview(
    charts: list[tuple[str, str, str, int]], jumps: set[tuple[str, str]]
) -> graphviz.Digraph:
    """One diagram of all the charts (slug, title, laws, order) and the jumps between them,
    each chart in the box of its stage of the deal (engine/core/laws.py STAGES)."""
    dot = graphviz.Digraph(name="penaltyflow", format="svg")
    dot.attr(rankdir="LR", nodesep="0.3", ranksep="0.6", bgcolor="transparent")
    dot.attr(
        "node",
        fontname="DejaVu Sans",
        fontsize="13",
        shape="box",
        style="rounded,filled",
        fillcolor=PALETTE["action"],
        color=PALETTE["start"],
        penwidth="1.6",
        margin="0.15,0.08",
    )
    dot.attr("edge", color=PALETTE["jump-edge"], penwidth="1.4", arrowsize="0.8")
    stages: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for slug, title, laws_, order in sorted(charts, key=lambda c: (c[3], c[0])):
        stage = laws.stage_of(order) or ("other", "More charts")
        stages.setdefault(stage, []).append((slug, title, laws_))
    for (key, heading), members in stages.items():
        with dot.subgraph(name=f"cluster_{key}") as box:
            box.attr(
                label=graphviz.nohtml(heading),
                id=f"stage-{key}",
                fontname="DejaVu Sans",
                fontsize="14",
                style="rounded,dashed",
                color=PALETTE["start"],
                labeljust="l",
            )
            for slug, title, laws_ in members:
                box.node(
                    slug,
                    label=graphviz.nohtml(f"Law {laws_}\\n{_wrap(title, 22)}"),
                    id=f"chart-{slug}",
                    href=reverse("flowcharts:chart", args=[slug]),
                    target="_top",
                    tooltip=graphviz.nohtml(f"Law {laws_}: {title}"),
                )
    for source, target in sorted(jumps):
        if source != target:
            dot.edge(source, target, id=f"jump-{source}--{target}")
    return dot
