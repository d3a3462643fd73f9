"""Where a learner is in a chart, and the path that brought them there.

The path travels in the URL (`?path=start.question`), so every step, with its
history, has an address that can be shared, bookmarked and reloaded. It is
checked against the chart: a path that the chart cannot produce is a 400.
"""

from collections import deque
from dataclasses import dataclass
from urllib.parse import urlencode

from django import forms
from django.core.exceptions import BadRequest
from django.urls import reverse

from penaltyflow.hands.tableview import TableQuery

from .diagrams import dom_id, edge_id
from .models import Choice, Flowchart, Node

SEPARATOR = "."  # never in a slug, so keys split cleanly


class StepQuery(TableQuery):
    """Every query parameter a step page reads: the path, then the table's own.

    The page cache keys the step pages on exactly these fields, so a parameter
    added here can never be served a page built without it.
    """

    path = forms.CharField(required=False)


@dataclass(frozen=True)
class NodeInfo:
    key: str
    kind: str
    label: str
    citations: str


@dataclass(frozen=True)
class ChoiceLink:
    label: str
    target: NodeInfo
    url: str
    is_loop: bool


def step_url(slug: str, key: str, path: list[str]) -> str:
    url = reverse("flowcharts:step", args=[slug, key])
    return f"{url}?{urlencode({'path': SEPARATOR.join(path)})}" if path else url


class ChartMap:
    """A chart's nodes and arrows, read in two queries."""

    def __init__(self, chart: Flowchart):
        rows = Node.objects.filter(chart=chart).values_list(
            "id", "key", "kind", "label", "citations"
        )
        by_id = {row[0]: NodeInfo(*row[1:]) for row in rows}
        self.nodes = {info.key: info for info in by_id.values()}
        self.start = next((n.key for n in self.nodes.values() if n.kind == "start"), None)
        self.arrows: dict[str, list[tuple[str, str, bool]]] = {key: [] for key in self.nodes}
        choices = Choice.objects.filter(source__chart=chart).order_by("order", "id")
        for source, target, label, is_loop in choices.values_list(
            "source_id", "target_id", "label", "is_loop"
        ):
            self.arrows[by_id[source].key].append((label, by_id[target].key, is_loop))

    def shortest_path(self, key: str) -> list[str]:
        """The nodes from the start up to (not including) `key`, by the fewest steps."""
        if self.start is None or key == self.start:
            return []
        came_from = {self.start: None}
        queue = deque([self.start])
        while queue:
            current = queue.popleft()
            for _, target, is_loop in self.arrows[current]:
                if target not in came_from and not is_loop:
                    came_from[target] = current
                    queue.append(target)
        path, current = [], came_from.get(key)
        while current is not None:
            path.append(current)
            current = came_from[current]
        return path[::-1]

    def joined(self, source: str, target: str) -> bool:
        return any(t == target for _, t, _ in self.arrows.get(source, ()))

    def breadth_first(self) -> list[str]:
        order, seen = [], set()
        queue = deque([self.start] if self.start else [])
        while queue:
            key = queue.popleft()
            if key in seen:
                continue
            seen.add(key)
            order.append(key)
            queue.extend(t for _, t, _ in self.arrows[key])
        return order + sorted(set(self.nodes) - seen)


class StepPath:
    def __init__(self, chart: Flowchart, node: Node, chart_map: ChartMap, keys: list[str]):
        self.chart = chart
        self.node = node
        self.map = chart_map
        self.keys = keys

    @classmethod
    def for_node(cls, node: Node, raw: str | None) -> "StepPath":
        chart_map = ChartMap(node.chart)
        if not raw:
            return cls(node.chart, node, chart_map, chart_map.shortest_path(node.key))
        keys = raw.split(SEPARATOR)
        walk = keys + [node.key]
        if (
            len(walk) > len(chart_map.nodes)
            or len(set(walk)) != len(walk)
            or keys[0] != chart_map.start
            or any(not chart_map.joined(a, b) for a, b in zip(walk, walk[1:], strict=False))
        ):
            raise BadRequest("That path is not a way through this chart.")
        return cls(node.chart, node, chart_map, keys)

    def example(self):
        """The hand for this step: the one on the choice that led here, or the step's own."""
        from penaltyflow.hands.models import Example

        if self.keys:
            return Example.objects.filter(
                choice__source__chart=self.chart,
                choice__source__key=self.keys[-1],
                choice__target=self.node,
            ).first()
        return Example.objects.filter(node=self.node).first()

    @property
    def visited(self) -> list[NodeInfo]:
        return [self.map.nodes[key] for key in self.keys]

    @property
    def back_url(self) -> str | None:
        if not self.keys:
            return None
        return step_url(self.chart.slug, self.keys[-1], self.keys[:-1])

    @property
    def choices(self) -> list[ChoiceLink]:
        links = []
        for label, target, is_loop in self.map.arrows.get(self.node.key, ()):
            onward = self.keys + [self.node.key]
            if target in onward:  # a loop back: the path shrinks to where it was then
                onward = onward[: onward.index(target)]
            links.append(
                ChoiceLink(
                    label,
                    self.map.nodes[target],
                    step_url(self.chart.slug, target, onward),
                    is_loop,
                )
            )
        return links

    @property
    def jump_url(self) -> str | None:
        node = self.node
        if node.kind != Node.Kind.JUMP or node.jump_chart is None:
            return None
        if node.jump_node is not None:
            key = node.jump_node.key
        else:
            key = node.jump_chart.nodes.filter(kind=Node.Kind.START).values_list("key", flat=True)[
                0
            ]
        return step_url(node.jump_chart.slug, key, [])

    @property
    def pbn_query(self) -> str:
        """ "?path=..." for this step's hand.pbn: the hand depends on the way that led here."""
        return f"?{urlencode({'path': SEPARATOR.join(self.keys)})}" if self.keys else ""

    @property
    def marks(self) -> dict[str, str]:
        """The diagram's groups to mark: the path taken and the current node (see site.css)."""
        walk = self.keys + [self.node.key]
        marks = {dom_id(key): "visited" for key in self.keys}
        marks |= {edge_id(a, b): "walked" for a, b in zip(walk, walk[1:], strict=False)}
        marks[dom_id(self.node.key)] = "current"
        return marks


def chart_outline(chart: Flowchart) -> list[tuple[NodeInfo, list[tuple[str, NodeInfo]]]]:
    """Every node in reading order with where its choices lead: the diagram as text."""
    chart_map = ChartMap(chart)
    return [
        (
            chart_map.nodes[key],
            [(label, chart_map.nodes[t]) for label, t, _ in chart_map.arrows[key]],
        )
        for key in chart_map.breadth_first()
    ]
