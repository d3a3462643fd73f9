"""Content files in, charts in the database out.

One YAML file a chart (see content/README.md). Every file is read and checked
before anything is written (`chartfile.py`: each file's shape; `crosscheck.py`:
across files, the database and the engine); then all of them are written here in
one transaction, so a bad file leaves the database as it was.
"""

from collections.abc import Callable
from pathlib import Path

from django.db import transaction
from django.db.models import Q

from penaltyflow.hands.analysis import analyse_example
from penaltyflow.hands.examples import ExampleSpec, Replayed
from penaltyflow.hands.models import Example

from .chartfile import ContentError, read_chart_file
from .crosscheck import check_files
from .models import Choice, Flowchart, Node

__all__ = ["ContentError", "check_files", "load_charts", "read_chart_file"]


@transaction.atomic
def load_charts(
    paths: list[Path], progress: Callable[[str], None] | None = None
) -> list[Flowchart]:
    """Create or update the charts in `paths`; all of them, or on any error none.
    `progress` is told each step as it starts (which chart, n of N)."""
    say = progress or (lambda line: None)
    say(f"Checking {len(paths)} chart files...")
    files = [read_chart_file(path) for path in paths]
    replays = check_files(files)  # each example replayed once, passed on to the analysis
    charts = {}
    for file in files:
        chart, _ = Flowchart.objects.update_or_create(
            slug=file.meta["slug"],
            defaults={**file.meta, "source_file": str(file.path)},
        )
        charts[chart.slug] = chart

    # What was computed for an unchanged scenario is kept (double-dummy takes time).
    analyses = dict(
        Example.objects.filter(
            Q(choice__source__chart__in=charts.values()) | Q(node__chart__in=charts.values())
        ).values_list("scenario_hash", "analysis")
    )
    nodes: dict[tuple[str, str], Node] = {}
    for file in files:
        chart = charts[file.meta["slug"]]
        keys = [n.key for n in file.graph.nodes]
        Choice.objects.filter(source__chart=chart).delete()
        # A chart's start node can only change once the old one is out of the way.
        chart.nodes.exclude(key__in=keys).delete()
        chart.nodes.filter(kind=Node.Role.START).exclude(
            key__in=[n.key for n in file.graph.nodes if n.kind == "start"]
        ).update(kind=Node.Role.ACTION)
        for spec in file.graph.nodes:
            node, _ = Node.objects.update_or_create(
                chart=chart,
                key=spec.key,
                defaults={
                    "kind": spec.kind,
                    "label": spec.label,
                    "text": spec.text,
                    "citations": spec.citations,
                    "changes": spec.changes,
                    # Every chart exists by now; nodes it lands on may not yet.
                    "jump_chart": (charts.get(spec.jump) or Flowchart.objects.get(slug=spec.jump))
                    if spec.kind == "jump"
                    else None,
                    "jump_node": None,
                },
            )
            nodes[chart.slug, spec.key] = node

    def node_of(slug: str, key: str) -> Node:
        return nodes.get((slug, key)) or Node.objects.get(chart__slug=slug, key=key)

    for n, file in enumerate(files, 1):
        slug = file.meta["slug"]
        hands = sum(spec.example is not None for spec in file.graph.nodes)
        hands += sum(c.example is not None for spec in file.graph.nodes for c in spec.choices)
        say(f"Chart {n} of {len(files)}: {slug}, {hands} example hands")
        for spec in file.graph.nodes:
            node = nodes[slug, spec.key]
            if spec.jump_to:
                node.jump_node = node_of(spec.jump, spec.jump_to)
                node.save(update_fields=["jump_node"])
            created = Choice.objects.bulk_create(
                Choice(
                    source=node,
                    target=nodes[slug, choice.to],
                    label=choice.label,
                    order=order,
                    is_loop=choice.loop,
                )
                for order, choice in enumerate(spec.choices)
            )
            Example.objects.filter(node=node).delete()
            owned: list[tuple[Node | Choice, ExampleSpec | None]] = [(node, spec.example)]
            owned += [(choice, c.example) for choice, c in zip(created, spec.choices, strict=True)]
            for owner, example in owned:
                if example is not None:
                    owner.example = _save_example(example, analyses, replays)
                    owner.save(update_fields=["example"])

    # Charts that jump into these show their titles: they are drawn anew too if need be.
    say("Drawing the diagrams that changed...")
    Flowchart.refresh_all(charts.values())
    return list(Flowchart.objects.filter(slug__in=charts))


def _save_example(
    example: ExampleSpec, analyses: dict[str, dict], replays: dict[str, Replayed]
) -> Example:
    digest = Example.hash_scenario(example.scenario)
    analysis = analyses.get(digest)
    if analysis is None:
        analysis = analyse_example(example.scenario, replays.get(digest))
        analyses[digest] = analysis
    return Example.objects.create(
        story=example.story,
        scenario=example.scenario,
        shows=example.shows,
        analysis=analysis,
        scenario_hash=digest,
    )
