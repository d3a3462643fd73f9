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
from .journey import MOST_LEGS, Journey, Leg, landing_key, situation
from .models import Choice, Flowchart, Node

SEPARATOR = "."  # never in a slug, so keys split cleanly


class StepQuery(TableQuery):
    """Every query parameter a step page reads: the path, then the table's own.

    The page cache keys the step pages on exactly these fields, so a parameter
    added here can never be served a page built without it.
    """

    path = forms.CharField(required=False)
    came = forms.CharField(required=False)  # the charts before this one (journey.py)


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


def step_url(slug: str, key: str, path: list[str], came: str = "") -> str:
    """A step's address: the way through its chart, and the charts before it (`came`)."""
    url = reverse("flowcharts:step", args=[slug, key])
    query = urlencode({k: v for k, v in (("came", came), ("path", SEPARATOR.join(path))) if v})
    return f"{url}?{query}" if query else url


@dataclass(frozen=True)
class TrailStep:
    label: str
    law: str  # "Law 56" on the first step of each chart left behind, else ""


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
    def __init__(
        self,
        chart: Flowchart,
        node: Node,
        chart_map: ChartMap,
        keys: list[str],
        journey: Journey | None = None,
    ):
        self.chart = chart
        self.node = node
        self.map = chart_map
        self.keys = keys
        self.journey = journey or Journey([], None)
        self.case_lost = False  # the carried deal cannot show this step (see example())

    @classmethod
    def for_node(cls, node: Node, raw: str | None, came: str | None = None) -> "StepPath":
        chart_map = ChartMap(node.chart)
        maps = {node.chart.pk: chart_map}
        journey = Journey.parse(came, node.chart, lambda c: maps.get(c.pk) or ChartMap(c))
        first = journey.entry or chart_map.start
        if not raw:
            if journey and node.key != journey.entry:
                raise BadRequest("That path is not a way through this chart.")
            keys = [] if journey else chart_map.shortest_path(node.key)
            return cls(node.chart, node, chart_map, keys, journey)
        keys = raw.split(SEPARATOR)
        walk = keys + [node.key]
        if (
            len(walk) > len(chart_map.nodes)
            or len(set(walk)) != len(walk)
            or keys[0] != first
            or any(not chart_map.joined(a, b) for a, b in zip(walk, walk[1:], strict=False))
        ):
            raise BadRequest("That path is not a way through this chart.")
        return cls(node.chart, node, chart_map, keys, journey)

    def _own_examples(self, walk: list[str]) -> list:
        """The example each step of `walk` shows on its own: the choice's that led there."""
        from penaltyflow.hands.models import Example

        pairs = set(zip(walk, walk[1:], strict=False))
        found = {
            (e.choice.source.key, e.choice.target.key): e
            for e in Example.objects.filter(choice__source__chart=self.chart).select_related(
                "choice__source", "choice__target"
            )
            if (e.choice.source.key, e.choice.target.key) in pairs
        }
        return [found.get(pair) for pair in zip(walk, walk[1:], strict=False)]

    def example(self):
        """The hand for this step.

        Reached inside one chart: the example on the choice that led here (or the step's
        own). Reached by a jump: the deal the learner brought, for as long as it is in
        the situation each step's own example shows; from the first step where it is
        not, the step's own example, and `case_lost` says so.
        """
        from penaltyflow.hands.models import Example

        if self.journey:
            carried = self._carried()
            walk = self.keys + [self.node.key]
            own = self._own_examples(walk)
            if carried is None:
                return own[-1] if own else None
            wanted = situation(carried.scenario)
            for example in own:
                if example is not None and situation(example.scenario) != wanted:
                    self.case_lost = True
                    return own[-1]
            return carried
        if self.keys:
            return Example.objects.filter(
                choice__source__chart=self.chart,
                choice__source__key=self.keys[-1],
                choice__target=self.node,
            ).first()
        return Example.objects.filter(node=self.node).first()

    def _carried(self):
        """The deal the jump page showed: the case the learner brought into this chart."""
        earlier, leg = self.journey.back()
        jump = Node.objects.select_related("chart", "jump_chart", "jump_node").get(
            chart=leg.chart, key=leg.keys[-1]
        )
        return StepPath(leg.chart, jump, ChartMap(leg.chart), leg.keys[:-1], earlier).example()

    @property
    def came_from_law(self) -> str:
        return self.journey.legs[-1].chart.laws if self.journey else ""

    @property
    def visited(self) -> list[NodeInfo]:
        return [self.map.nodes[key] for key in self.keys]

    @property
    def trail(self) -> list[TrailStep]:
        """The way you came: the steps of the charts left behind, then this chart's."""
        steps = []
        for leg in self.journey.legs:
            for i, label in enumerate(leg.labels):
                steps.append(TrailStep(label, f"Law {leg.chart.laws}" if i == 0 else ""))
        here = [TrailStep(info.label, "") for info in self.visited]
        if here and steps:
            here[0] = TrailStep(here[0].label, f"Law {self.chart.laws}")
        return steps + here

    @property
    def back_url(self) -> str | None:
        if self.keys:
            return step_url(self.chart.slug, self.keys[-1], self.keys[:-1], self.journey.raw)
        if self.journey:  # back across the jump
            earlier, leg = self.journey.back()
            return step_url(leg.chart.slug, leg.keys[-1], leg.keys[:-1], earlier.raw)
        return None

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
                    step_url(self.chart.slug, target, onward, self.journey.raw),
                    is_loop,
                )
            )
        return links

    @property
    def jump_url(self) -> str | None:
        node = self.node
        if node.kind != Node.Kind.JUMP or node.jump_chart is None:
            return None
        leg = Leg(node.chart, [*self.keys, node.key], [])
        came = self.journey.onward(leg) if len(self.journey.legs) < MOST_LEGS else ""
        return step_url(node.jump_chart.slug, landing_key(node), [], came)

    @property
    def pbn_query(self) -> str:
        """ "?came=...&path=..." for this step's hand.pbn: the hand depends on the way here."""
        query = {"came": self.journey.raw, "path": SEPARATOR.join(self.keys)}
        query = urlencode({k: v for k, v in query.items() if v})
        return f"?{query}" if query else ""

    @property
    def marks(self) -> dict[str, str]:
        """The diagram's groups to mark: the path taken and the current node (see site.css)."""
        walk = self.keys + [self.node.key]
        marks = {dom_id(key): "visited" for key in self.keys}
        marks |= {edge_id(a, b): "walked" for a, b in zip(walk, walk[1:], strict=False)}
        if self.journey:  # where the learner came in from another chart
            entry = dom_id(self.journey.entry)
            marks[entry] = " ".join(filter(None, [marks.get(entry), "entry"]))
        marks[dom_id(self.node.key)] = " ".join(
            filter(None, ["entry" if self.node.key == self.journey.entry else "", "current"])
        )
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
