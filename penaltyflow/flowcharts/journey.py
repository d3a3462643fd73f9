"""One case across charts: the route through earlier charts that jumped into this one.

A jump ("Continue in Law 50") carries the learner's case on: the deal and its
events, and the way through the earlier chart. It travels in the URL as `came`:

    came=law-56.lead-out-of-turn.is-trick-13.does-declarer-accept.lead-taken-back.to-law-50

one leg per chart left (the chart's slug, then its steps up to the jump), legs
joined by "~". Inside the chart jumped into, `path` starts at the step the jump
lands on. Every leg is checked against its chart, and each jump against the leg
that follows: anything the charts cannot produce is a 400.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import BadRequest

from penaltyflow.engine import ScenarioError, replay

from .graph import ChartGraph
from .models import Flowchart, Node

LEG_SEPARATOR = "~"
KEY_SEPARATOR = "."
MOST_LEGS = 8  # Law 56 -> 53 -> 56 ... could go round; nobody needs more


@dataclass(frozen=True)
class Leg:
    chart: Flowchart
    keys: list[str]  # the steps taken in this chart, the jump last
    labels: list[str]

    @property
    def raw(self) -> str:
        return KEY_SEPARATOR.join([self.chart.slug, *self.keys])


def _bad() -> BadRequest:
    return BadRequest("That link is not a way through the charts.")


def landing_key(jump: Node) -> str:
    """The step a jump node leads to: its target step, or the other chart's start."""
    if jump.jump_node is not None:
        return jump.jump_node.key
    assert jump.jump_chart is not None  # a jump node names its chart (graph.validate)
    start = jump.jump_chart.nodes.filter(kind=Node.Role.START).values_list("key", flat=True)
    return start[0]


class Journey:
    """The legs before this chart; empty when the learner started in this chart."""

    def __init__(self, legs: list[Leg], entry: str | None):
        self.legs = legs
        self.entry = entry  # where this chart was entered; None: at its start

    def __bool__(self) -> bool:
        return bool(self.legs)

    @classmethod
    def parse(
        cls, raw: str | None, chart: Flowchart, graph_of: Callable[[Flowchart], ChartGraph]
    ) -> "Journey":
        """`graph_of(chart)` gives a chart's graph, so a caller can read each chart once."""
        if not raw:
            return cls([], None)
        parts = raw.split(LEG_SEPARATOR)
        if len(parts) > MOST_LEGS:
            raise _bad()
        legs: list[Leg] = []
        entry: str | None = None
        for part in parts:
            slug, *keys = part.split(KEY_SEPARATOR)
            leg_chart = Flowchart.objects.filter(slug=slug).first()
            if leg_chart is None or not keys:
                raise _bad()
            graph = graph_of(leg_chart)
            first = entry if legs else graph.start
            if (
                keys[0] != first
                or len(keys) > len(graph.by_key)
                or len(set(keys)) != len(keys)
                or any(k not in graph.by_key for k in keys)
                or any(not graph.joined(a, b) for a, b in zip(keys, keys[1:], strict=False))
            ):
                raise _bad()
            jump = (
                Node.objects.select_related("jump_chart", "jump_node")
                .filter(chart=leg_chart, key=keys[-1], kind=Node.Role.JUMP)
                .first()
            )
            if jump is None or jump.jump_chart is None:
                raise _bad()
            legs.append(Leg(leg_chart, keys, [graph.by_key[k].label for k in keys]))
            entry = landing_key(jump)
            next_chart = jump.jump_chart
            expected = parts[len(legs)].split(KEY_SEPARATOR)[0] if len(legs) < len(parts) else None
            if next_chart.slug != (expected or chart.slug):
                raise _bad()
        return cls(legs, entry)

    @property
    def raw(self) -> str:
        return LEG_SEPARATOR.join(leg.raw for leg in self.legs)

    def onward(self, leg: Leg) -> str:
        """The `came` of a jump out of the current chart, after `leg`."""
        return LEG_SEPARATOR.join([*(x.raw for x in self.legs), leg.raw])

    def back(self) -> tuple["Journey", Leg]:
        """The journey before the last jump, and the leg it jumped from."""
        earlier = self.legs[:-1]
        entry = None
        if earlier:
            jump = Node.objects.select_related("jump_node", "jump_chart").get(
                chart=earlier[-1].chart, key=earlier[-1].keys[-1]
            )
            entry = landing_key(jump)
        return Journey(earlier, entry), self.legs[-1]


def situation(scenario: dict) -> frozenset[str] | None:
    """What the example's last moment asks for: the decision due, if any (names of options).

    A carried deal goes on showing the chart's steps while it is in the same
    situation as the step's own example; when it is not, the step says so and
    shows its own example.
    """
    try:
        pending = replay(scenario).to_json()["pending"]
    except ScenarioError:
        return None
    return frozenset(o["decide"] for o in pending["options"]) if pending else frozenset()
