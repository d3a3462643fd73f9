"""A chart as plain data, and the rules every chart's graph must keep.

The same checks run on a content file before it is loaded and on the
database after an edit in the admin, so both are built into `ChartGraph`.
"""

from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

KINDS = ("start", "question", "action", "outcome", "jump")
TERMINAL = ("outcome", "jump")


@dataclass(frozen=True)
class ChoiceSpec:
    label: str
    to: str
    loop: bool = False
    example: Any = field(default=None, compare=False)  # an ExampleSpec, checked by the loader


@dataclass
class NodeSpec:
    key: str
    kind: str
    label: str
    text: str = ""
    citations: str = ""
    changes: str = ""
    jump: str = ""  # slug of the chart a jump leads into
    jump_to: str = ""  # key of the node it lands on; its start if empty
    choices: list[ChoiceSpec] = field(default_factory=list)
    example: Any = None  # a hand for the step itself, shown when no choice led there


@dataclass
class ChartGraph:
    """A chart's nodes, each with its choices in order.

    The lookups below are worked out once, on first use: build the graph whole,
    then read it (the validator, the diagram and the step pages all do).
    """

    slug: str
    nodes: list[NodeSpec]

    @cached_property
    def by_key(self) -> dict[str, NodeSpec]:
        return {node.key: node for node in self.nodes}

    @cached_property
    def start(self) -> str | None:
        """The start node's key (the first, if a broken chart has more); None if none."""
        return next((n.key for n in self.nodes if n.kind == "start"), None)

    def choices_of(self, key: str) -> list[ChoiceSpec]:
        node = self.by_key.get(key)
        return node.choices if node else []

    def joined(self, source: str, target: str) -> bool:
        """Whether a choice of `source` leads to `target`."""
        return any(c.to == target for c in self.choices_of(source))

    @cached_property
    def _routes(self) -> dict[str, str | None]:
        return breadth_first(self.by_key, self.start, loops=False) if self.start else {}

    def route_to(self, key: str) -> list[str]:
        """The nodes from the start up to (not including) `key`, by the fewest steps.

        Choices marked as loops are not followed; a node the start cannot reach has
        no route (an empty list, as the start has).
        """
        route, current = [], self._routes.get(key)
        while current is not None:
            route.append(current)
            current = self._routes[current]
        return route[::-1]

    def reading_order(self) -> list[str]:
        """Every node key, breadth first from the start, then the unreachable ones sorted."""
        seen = list(breadth_first(self.by_key, self.start)) if self.start else []
        return seen + sorted(set(self.by_key) - set(seen))


def breadth_first(
    by_key: dict[str, NodeSpec], start: str, loops: bool = True
) -> dict[str, str | None]:
    """Every node reachable from `start`, in the order first reached, with the node it
    was first reached from (None for the start). With `loops=False`, choices marked
    as loops are not followed. Choices to keys not in `by_key` are skipped.
    """
    came_from: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        for choice in by_key[current].choices:
            if choice.to in by_key and choice.to not in came_from and (loops or not choice.loop):
                came_from[choice.to] = current
                queue.append(choice.to)
    return came_from


@dataclass(frozen=True)
class GraphError:
    node: str | None  # the node key the problem is at; None for the chart as a whole
    message: str

    def __str__(self) -> str:
        return f"node '{self.node}': {self.message}" if self.node else self.message


def validate(graph: ChartGraph, charts: dict[str, set[str]]) -> list[GraphError]:
    """Every broken rule of `graph`, with the node it is at.

    `charts` maps each chart slug that exists (or is being loaded with this one)
    to its node keys, so that jumps can be checked.
    """
    errors: list[GraphError] = []
    by_key: dict[str, NodeSpec] = {}
    for node in graph.nodes:
        if node.key in by_key:
            errors.append(GraphError(node.key, "the key is used by two nodes"))
        by_key[node.key] = node
        if node.kind not in KINDS:
            errors.append(
                GraphError(node.key, f"unknown kind '{node.kind}' (use one of {', '.join(KINDS)})")
            )
        if not node.label.strip():
            errors.append(GraphError(node.key, "it has no label"))

    starts = [n.key for n in graph.nodes if n.kind == "start"]
    if len(starts) != 1:
        found = ", ".join(starts) if starts else "none"
        errors.append(GraphError(None, f"a chart needs exactly one start node (found {found})"))

    for node in graph.nodes:
        for choice in node.choices:
            if not choice.label.strip():
                errors.append(
                    GraphError(node.key, f"its choice leading to '{choice.to}' has no label")
                )
            if choice.to not in by_key:
                errors.append(
                    GraphError(
                        node.key,
                        f"a choice leads to '{choice.to}', which is not a node of this chart",
                    )
                )
        targets = [c.to for c in node.choices]
        if len(set(targets)) != len(targets):
            errors.append(GraphError(node.key, "two of its choices lead to the same node"))
        if node.kind == "question" and len(node.choices) < 2:
            errors.append(GraphError(node.key, "a question needs two or more choices"))
        if node.kind in ("start", "action") and not node.choices:
            errors.append(
                GraphError(
                    node.key, f"a path stops here: a {node.kind} node needs a choice leading on"
                )
            )
        if node.kind in TERMINAL and node.choices:
            errors.append(
                GraphError(node.key, f"an {node.kind} node ends the path and can have no choices")
            )
        if node.kind == "jump":
            if not node.jump:
                errors.append(GraphError(node.key, "a jump must name the chart it leads into"))
            elif node.jump not in charts:
                errors.append(
                    GraphError(node.key, f"it jumps to chart '{node.jump}', which does not exist")
                )
            elif node.jump_to and node.jump_to not in charts[node.jump]:
                errors.append(
                    GraphError(
                        node.key, f"it jumps to '{node.jump}/{node.jump_to}', which does not exist"
                    )
                )
        elif node.jump or node.jump_to:
            errors.append(GraphError(node.key, "only a jump node can name a chart to jump to"))

    dangling = any(c.to not in by_key for n in graph.nodes for c in n.choices)
    if len(starts) == 1 and not dangling:
        errors += _check_paths(by_key, starts[0])
    return errors


def _check_paths(by_key: dict[str, NodeSpec], start: str) -> list[GraphError]:
    errors = []
    seen = breadth_first(by_key, start)
    for key in by_key:
        if key not in seen:
            errors.append(GraphError(key, "it cannot be reached from the start"))

    # Without the choices marked as loops, the graph must have no cycle: then every
    # path, followed far enough, ends in an outcome or a jump.
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(key: str, path: list[str]) -> None:
        state[key] = 1
        for choice in by_key[key].choices:
            if choice.loop:
                continue
            if state.get(choice.to) == 1:
                cycle = " -> ".join(path[path.index(choice.to) :] + [choice.to])
                errors.append(
                    GraphError(
                        key,
                        f"its choice '{choice.label}' closes a loop ({cycle}) not marked as one: "
                        "mark it `loop: true` only where the law itself repeats",
                    )
                )
            elif choice.to not in state:
                visit(choice.to, path + [choice.to])
        state[key] = 2

    visit(start, [start])
    for node in by_key.values():
        if node.choices and all(c.loop for c in node.choices):
            errors.append(
                GraphError(node.key, "every choice here loops back: a path must be able to end")
            )
    return errors
