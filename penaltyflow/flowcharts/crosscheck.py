"""The checks that need every file at once, the database, or the rules engine.

Slugs used twice, jumps into charts not being loaded, the graph rules of
`graph.validate`, and every example replayed by the engine.
"""

from pathlib import Path

from penaltyflow.hands.examples import ExampleError, Replayed, check_replayed
from penaltyflow.hands.models import Example

from .chartfile import ChartFile, ContentError, _where
from .graph import validate
from .models import Flowchart, Node


def check_files(files: list[ChartFile]) -> dict[str, Replayed]:
    """Raise ContentError listing every problem in every file, each with its file and node.
    Returns each example's replay by its scenario's digest, for the analysis to start from."""
    slugs: dict[str, Path] = {}
    for file in files:
        slug = file.meta["slug"]
        if slug in slugs:
            raise ContentError(f"{file.path}: slug '{slug}' is also used by {slugs[slug]}")
        slugs[slug] = file.path
    # The steps of the charts already in the database, two queries whatever their number.
    known: dict[str, set[str]] = {
        slug: set()
        for slug in Flowchart.objects.exclude(slug__in=slugs).values_list("slug", flat=True)
    }
    for slug, key in Node.objects.exclude(chart__slug__in=slugs).values_list("chart__slug", "key"):
        known[slug].add(key)
    known |= {f.meta["slug"]: {n.key for n in f.graph.nodes} for f in files}
    problems = [
        f"{_where(file.path, error.node)}: {error.message}"
        for file in files
        for error in validate(file.graph, known)
    ]
    # Charts not being loaded that jump into these must still land on a node that exists.
    for slug, key, target, target_key in (
        Node.objects.filter(jump_chart__slug__in=slugs, jump_node__isnull=False)
        .exclude(chart__slug__in=slugs)
        .values_list("chart__slug", "key", "jump_chart__slug", "jump_node__key")
    ):
        if target_key not in known[target]:
            problems.append(
                f"{slugs[target]}: node '{target_key}' is gone, but chart '{slug}' "
                f"(node '{key}') jumps to it: load that chart's file too, with its jump changed"
            )
    replays: dict[str, Replayed] = {}
    for file in files:
        for node in file.graph.nodes:
            examples = [(node.key, node.example)] + [
                (f"{node.key}' choice '{c.label}", c.example) for c in node.choices
            ]
            for where, example in examples:
                if example is None:
                    continue
                try:
                    replays[Example.hash_scenario(example.scenario)] = check_replayed(example)
                except ExampleError as exc:
                    problems.append(f"{file.path}: node '{where}': {exc}")
    if problems:
        raise ContentError("\n".join(problems))
    return replays
