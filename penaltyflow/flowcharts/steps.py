"""Where a learner is in a chart, and the path that brought them there.

The path travels in the URL (`?path=start.question`), so every step, with its
history, has an address that can be shared, bookmarked and reloaded. It is
checked against the chart: a path that the chart cannot produce is a 400.
"""

from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from django import forms
from django.core.exceptions import BadRequest
from django.urls import reverse

from penaltyflow.core.percontent import per_content
from penaltyflow.hands.tableview import TableQuery

from .diagrams import dom_id, edge_id
from .graph import ChartGraph, NodeSpec
from .journey import MOST_LEGS, Journey, Leg, landing_key, situation
from .models import Flowchart, Node, chart_graphs

if TYPE_CHECKING:
    from penaltyflow.hands.models import Example

SEPARATOR = "."  # never in a slug, so keys split cleanly


@per_content
def _graphs() -> dict[int, ChartGraph]:
    """Every chart's graph, read once per content generation (in two queries): the step
    pages, the chart pages and the journeys read them, and change none."""
    return chart_graphs()


def graph_of(chart: Flowchart) -> ChartGraph:
    """The chart's graph as the content now holds it."""
    graph = _graphs().get(chart.pk)
    return graph if graph is not None else chart.graph()  # a chart newer than what is kept


class StepQuery(TableQuery):
    """Every query parameter a step page reads: the path, then the table's own.

    The page cache keys the step pages on exactly these fields, so a parameter
    added here can never be served a page built without it.
    """

    path = forms.CharField(required=False)
    came = forms.CharField(required=False)  # the charts before this one (journey.py)


@dataclass(frozen=True)
class ChoiceLink:
    label: str
    target: NodeSpec
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


class StepPath:
    def __init__(
        self,
        chart: Flowchart,
        node: Node,
        graph: ChartGraph,
        keys: list[str],
        journey: Journey | None = None,
    ):
        self.chart = chart
        self.node = node
        self.graph = graph
        self.keys = keys
        self.journey = journey or Journey([], None)
        self.case_lost = False  # the carried deal cannot show this step (see example())

    @classmethod
    def for_node(cls, node: Node, raw: str | None, came: str | None = None) -> "StepPath":
        graph = graph_of(node.chart)
        journey = Journey.parse(came, node.chart, graph_of)
        first = journey.entry or graph.start
        if not raw:
            if journey and node.key != journey.entry:
                raise BadRequest("That path is not a way through this chart.")
            keys = [] if journey else graph.route_to(node.key)
            return cls(node.chart, node, graph, keys, journey)
        keys = raw.split(SEPARATOR)
        walk = keys + [node.key]
        if (
            len(walk) > len(graph.by_key)
            or len(set(walk)) != len(walk)
            or keys[0] != first
            or any(not graph.joined(a, b) for a, b in zip(walk, walk[1:], strict=False))
        ):
            raise BadRequest("That path is not a way through this chart.")
        return cls(node.chart, node, graph, keys, journey)

    def _own_examples(self, walk: list[str]) -> list["Example | None"]:
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

    def _decided(self, walk: list[str]) -> list[bool]:
        """For each step of `walk` after the first: was it reached by an answer (a choice of a
        step with two or more), rather than by a step's one way on?"""
        return [len(self.graph.choices_of(key)) > 1 for key in walk[:-1]]

    def example(self) -> "Example | None":
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
            for decided, example in zip(self._decided(walk), own, strict=True):
                # a step reached by "Next" decides nothing: its example's moment does not count
                if decided and example is not None and situation(example.scenario) != wanted:
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

    def _carried(self) -> "Example | None":
        """The deal the jump page showed: the case the learner brought into this chart."""
        earlier, leg = self.journey.back()
        jump = Node.objects.select_related("chart", "jump_chart", "jump_node").get(
            chart=leg.chart, key=leg.keys[-1]
        )
        return StepPath(leg.chart, jump, graph_of(leg.chart), leg.keys[:-1], earlier).example()

    @property
    def came_from_law(self) -> str:
        return self.journey.legs[-1].chart.laws if self.journey else ""

    @property
    def visited(self) -> list[NodeSpec]:
        return [self.graph.by_key[key] for key in self.keys]

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
        for choice in self.graph.choices_of(self.node.key):
            target = choice.to
            onward = self.keys + [self.node.key]
            if target in onward:  # a loop back: the path shrinks to where it was then
                onward = onward[: onward.index(target)]
            links.append(
                ChoiceLink(
                    choice.label,
                    self.graph.by_key[target],
                    step_url(self.chart.slug, target, onward, self.journey.raw),
                    choice.loop,
                )
            )
        return links

    @property
    def jump_url(self) -> str | None:
        node = self.node
        if node.kind != Node.Role.JUMP or node.jump_chart is None:
            return None
        leg = Leg(node.chart, [*self.keys, node.key], [])
        came = self.journey.onward(leg) if len(self.journey.legs) < MOST_LEGS else ""
        return step_url(node.jump_chart.slug, landing_key(node), [], came)

    @property
    def pbn_query(self) -> str:
        """ "?came=...&path=..." for this step's hand.pbn: the hand depends on the way here."""
        params = {"came": self.journey.raw, "path": SEPARATOR.join(self.keys)}
        query = urlencode({k: v for k, v in params.items() if v})
        return f"?{query}" if query else ""

    @property
    def marks(self) -> dict[str, str]:
        """The diagram's groups to mark: the path taken and the current node (see site.css)."""
        walk = self.keys + [self.node.key]
        marks = {dom_id(key): "visited" for key in self.keys}
        marks |= {edge_id(a, b): "walked" for a, b in zip(walk, walk[1:], strict=False)}
        if self.journey.entry:  # where the learner came in from another chart (a jump)
            entry = dom_id(self.journey.entry)
            marks[entry] = " ".join(filter(None, [marks.get(entry), "entry"]))
        marks[dom_id(self.node.key)] = " ".join(
            filter(None, ["entry" if self.node.key == self.journey.entry else "", "current"])
        )
        return marks


def chart_outline(chart: Flowchart) -> list[tuple[NodeSpec, list[tuple[str, NodeSpec]]]]:
    """Every node in reading order with where its choices lead: the diagram as text."""
    graph = graph_of(chart)
    return [
        (graph.by_key[key], [(c.label, graph.by_key[c.to]) for c in graph.choices_of(key)])
        for key in graph.reading_order()
    ]
