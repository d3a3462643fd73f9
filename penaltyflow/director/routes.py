"""The quick mode as a route through the charts.

A quick-mode situation starts at a chart's start node (`from: law-53/lead-faced-out-of-turn`).
Each of its answers says which answers of the charts it stands for
(`chart: {law-53/told-to-lead: is-trick-13}`: the chart question, and the node its
choice leads to), and may send the walk into another chart's start (`enter:`).

For every way from the first question to a ruling, `walk` follows the charts with
the answers given so far: through a step with one way on, across a jump, and at a
chart question only with an answer the director gave. It must arrive at the
ruling's `step`. It fails, naming the quick node, when the charts ask a question
the quick mode did not, when they reach another step with the same answers, or
when an answer stands for a chart answer that no route through it uses. And every
clause a ruling cites must be cited on the chart's way to its step (or just past it).
"""

import re
from dataclasses import dataclass, field

from penaltyflow.flowcharts.graph import ChartGraph

_CLAUSE = re.compile(r"Law (\d+[A-Z]?\d*(?:\([a-z0-9]+\))?)")


class RouteError(Exception):
    """A quick route that the charts do not take; `node` is the quick node where it shows."""

    def __init__(self, node: str, message: str):
        super().__init__(message)
        self.node = node


@dataclass
class Route:
    """One way through a quick situation, from its first question to one ruling."""

    ruling: str  # the quick node key
    answers: list[tuple[str, dict]]  # (quick question key, its answer), in order
    visited: list[str] = field(default_factory=list)  # chart nodes walked, "chart/key"
    used: set[tuple[str, str]] = field(default_factory=set)  # (quick question, chart node)


def routes(nodes: dict[str, dict], start: str) -> list[Route]:
    """Every way from `start` to a ruling, with the answers given on the way."""
    found: list[Route] = []

    def down(key: str, answers: list[tuple[str, dict]]) -> None:
        node = nodes[key]
        if "ruling" in node:
            found.append(Route(key, answers))
            return
        for answer in node["answers"]:
            down(answer["to"], [*answers, (key, answer)])

    down(start, [])
    return found


def _follow_on(graphs: dict[str, ChartGraph], chart: str, key: str) -> tuple[str, str] | None:
    """Where the charts go from a node with no question to ask: its one way on, or its jump."""
    node = graphs[chart].by_key[key]
    if node.kind == "jump":
        target = graphs.get(node.jump)
        if target is None:
            return None
        return node.jump, node.jump_to or target.start or ""
    onward = [c for c in node.choices if not c.loop]
    if len(node.choices) == 1 and onward:
        return chart, onward[0].to
    return None


def walk(route: Route, entry: str, graphs: dict[str, ChartGraph], step: str) -> None:
    """Follow the charts from `entry` with the route's answers; arrive at `step` or raise."""
    given: dict[str, tuple[str, str]] = {}  # "chart/node" -> (target key, quick question)
    for question, answer in route.answers:
        for chart_node, target in answer.get("chart", {}).items():
            if chart_node in given and given[chart_node][0] != target:
                raise RouteError(
                    question,
                    f"answer {answer['label']!r} says {chart_node} leads to {target!r}, "
                    f"but an earlier answer on the way here says {given[chart_node][0]!r}",
                )
            given[chart_node] = (target, question)
        if answer.get("enter"):
            entry = answer["enter"]
    chart, key = entry.split("/")
    trail = " > ".join(answer["label"] for _, answer in route.answers)
    seen: set[str] = set()
    while True:
        here = f"{chart}/{key}"
        if here in seen:
            raise RouteError(route.ruling, f"the charts loop at {here} with the answers {trail}")
        seen.add(here)
        route.visited.append(here)
        if here == step:
            return
        node = graphs[chart].by_key[key]
        onward = _follow_on(graphs, chart, key)
        if onward is not None:
            chart, key = onward
            continue
        if not node.choices or node.kind == "jump":
            raise RouteError(
                route.ruling,
                f"with the answers {trail}, the charts reach {here} ({node.label!r}), "
                f"not this ruling's step {step}",
            )
        if here not in given:
            asked = "; ".join(f"{c.label!r} -> {c.to}" for c in node.choices)
            raise RouteError(
                route.ruling,
                f"reached without asking what the chart asks at {here} "
                f"({node.label!r}: {asked}); answers given: {trail}",
            )
        target, question = given[here]
        if not any(c.to == target for c in node.choices):
            raise RouteError(
                question,
                f"stands for {here} -> {target!r}, but that chart question has no such choice",
            )
        route.used.add((question, here))
        key = target


def clauses(cite: str) -> set[str]:
    """'Law 50D2(a), Law 59' -> {'50D2(a)', '59'}."""
    return set(_CLAUSE.findall(cite))


def _covers(cited: set[str], clause: str) -> bool:
    """A clause is covered by the same clause, a part of it, or the law it belongs to."""
    return any(c.startswith(clause) or clause.startswith(c) for c in cited)


def check_guide(guide: dict, graphs: dict[str, ChartGraph]) -> list[Route]:
    """Walk every route of one checked guide (see loader.py); raise RouteError at a fault."""
    entry = guide["from"]
    chart, key = entry.split("/")
    if chart not in graphs or graphs[chart].start != key:
        raise RouteError(guide["start"], f"'from' {entry!r} is not the start step of a chart")
    nodes = guide["nodes"]
    for qkey, node in nodes.items():
        for answer in node.get("answers", ()):
            if not answer.get("chart") and not answer.get("enter"):
                raise RouteError(
                    qkey,
                    f"answer {answer['label']!r} says nothing about the charts: give it "
                    "'chart' (the chart answers it stands for) or 'enter' (a chart's start)",
                )
            for chart_node in answer.get("chart", {}):
                c, _, k = chart_node.partition("/")
                if c not in graphs or k not in graphs[c].by_key:
                    raise RouteError(
                        qkey, f"answer {answer['label']!r}: {chart_node!r} is not a chart step"
                    )
            if answer.get("enter"):
                c, _, k = answer["enter"].partition("/")
                if c not in graphs or graphs[c].start != k:
                    raise RouteError(
                        qkey,
                        f"answer {answer['label']!r}: 'enter' {answer['enter']!r} "
                        + "is not a chart's start",
                    )
    found = routes(nodes, guide["start"])
    for route in found:
        ruling = nodes[route.ruling]
        walk(route, entry, graphs, ruling["step"])
        cited: set[str] = set()
        for place in route.visited:
            c, k = place.split("/")
            cited |= clauses(graphs[c].by_key[k].citations)
        c, k = ruling["step"].split("/")
        onward = _follow_on(graphs, c, k)
        for _ in range(3):  # the step's own "Next" and the jump after it say the same ruling
            if onward is None:
                break
            cited |= clauses(graphs[onward[0]].by_key[onward[1]].citations)
            onward = _follow_on(graphs, *onward)
        missing = sorted(c for c in clauses(ruling["cite"]) if not _covers(cited, c))
        if missing:
            raise RouteError(
                route.ruling,
                f"cites Law {', Law '.join(missing)}, which the charts do not cite on the way "
                f"to {ruling['step']}",
            )
    used = {pair for route in found for pair in route.used}
    for qkey, node in nodes.items():
        for answer in node.get("answers", ()):
            for chart_node in answer.get("chart", {}):
                if (qkey, chart_node) not in used:
                    raise RouteError(
                        qkey,
                        f"answer {answer['label']!r} stands for an answer at {chart_node}, "
                        "but the charts never ask it on any way through this answer",
                    )
    return found
