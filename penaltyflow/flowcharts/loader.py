"""Content files in, charts in the database out.

One YAML file a chart (see content/README.md). Every file is read and checked
before anything is written; then all of them are written in one transaction,
so a bad file leaves the database as it was.
"""

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from django.db import transaction
from django.db.models import Q

from penaltyflow.engine.scenario import replay
from penaltyflow.hands.analysis import option_tricks
from penaltyflow.hands.examples import ExampleError, check_example, parse_example
from penaltyflow.hands.models import Example

from .graph import ChartGraph, ChoiceSpec, NodeSpec, validate
from .models import Choice, Flowchart, Node

CHART_FIELDS = {"slug", "title", "laws", "summary", "edition", "order", "nodes"}
NODE_FIELDS = {
    "key",
    "kind",
    "label",
    "text",
    "cite",
    "changes",
    "jump",
    "jump_to",
    "choices",
    "example",
}
CHOICE_FIELDS = {"label", "to", "loop", "example"}


class ContentError(Exception):
    """A content file that cannot be loaded; the message names the file and the node."""


@dataclass
class ChartFile:
    path: Path
    meta: dict
    graph: ChartGraph


def _where(path: Path, node: str | None) -> str:
    return f"{path}: node '{node}'" if node else f"{path}"


def _text(value, path: Path, node: str | None, name: str, required: bool = True) -> str:
    if value is None:
        if required:
            raise ContentError(f"{_where(path, node)}: '{name}' is missing")
        return ""
    if not isinstance(value, str | int | float) or isinstance(value, bool):
        raise ContentError(f"{_where(path, node)}: '{name}' must be text")
    text = str(value).strip()
    if required and not text:
        raise ContentError(f"{_where(path, node)}: '{name}' is empty")
    return _checked(text, path, node, name)


_SLUG = re.compile(r"[a-z0-9][a-z0-9_-]*")
# The longest text each field may hold: the model's max_length (PostgreSQL enforces it).
_FIELDS = {
    "slug": (Flowchart, "slug"),
    "title": (Flowchart, "title"),
    "laws": (Flowchart, "laws"),
    "edition": (Flowchart, "edition"),
    "key": (Node, "key"),
    "label": (Node, "label"),
    "cite": (Node, "citations"),
    "choice label": (Choice, "label"),
}
LIMITS = {name: model._meta.get_field(field).max_length for name, (model, field) in _FIELDS.items()}


def _checked(value: str, path: Path, node: str | None, name: str) -> str:
    if name in ("slug", "key", "jump", "jump_to", "to") and value and not (_SLUG.fullmatch(value)):
        raise ContentError(
            f"{_where(path, node)}: '{name}' {value!r} may hold only lower-case letters, "
            "digits, - and _ (it goes in URLs)"
        )
    if name in LIMITS and len(value) > LIMITS[name]:
        raise ContentError(
            f"{_where(path, node)}: '{name}' is {len(value)} characters long; "
            f"at most {LIMITS[name]}"
        )
    return value


def read_chart_file(path: Path) -> ChartFile:
    """Parse one file into plain data, checking its shape (not yet its graph)."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"{path}: cannot be read ({exc})") from None
    except yaml.YAMLError as exc:
        raise ContentError(f"{path}: is not valid YAML ({exc})") from None
    if not isinstance(data, dict):
        raise ContentError(f"{path}: must be a mapping with slug, title, laws, summary and nodes")
    unknown = set(data) - CHART_FIELDS
    if unknown:
        raise ContentError(f"{path}: unknown field(s) {', '.join(sorted(map(str, unknown)))}")
    meta = {
        "slug": _text(data.get("slug"), path, None, "slug"),
        "title": _text(data.get("title"), path, None, "title"),
        "laws": _text(data.get("laws"), path, None, "laws"),
        "summary": _text(data.get("summary"), path, None, "summary"),
        "edition": _text(data.get("edition", "2017"), path, None, "edition"),
        "order": data.get("order", 0),
    }
    if not isinstance(meta["order"], int) or isinstance(meta["order"], bool) or meta["order"] < 0:
        raise ContentError(f"{path}: 'order' must be a whole number, 0 or more")
    raw_nodes = data.get("nodes")
    if not isinstance(raw_nodes, list) or not raw_nodes:
        raise ContentError(f"{path}: 'nodes' must be a list of nodes")
    nodes = []
    for index, raw in enumerate(raw_nodes):
        if not isinstance(raw, dict):
            raise ContentError(f"{path}: node number {index + 1} must be a mapping")
        key = _text(raw.get("key"), path, f"number {index + 1}", "key")
        unknown = set(raw) - NODE_FIELDS
        if unknown:
            raise ContentError(
                f"{_where(path, key)}: unknown field(s) {', '.join(sorted(map(str, unknown)))}"
            )
        raw_choices = raw.get("choices") or []
        if not isinstance(raw_choices, list):
            raise ContentError(f"{_where(path, key)}: 'choices' must be a list")
        choices = []
        for choice in raw_choices:
            if not isinstance(choice, dict) or set(choice) - CHOICE_FIELDS:
                raise ContentError(
                    f"{_where(path, key)}: each choice is a mapping of label, to, loop and example"
                )
            loop = choice.get("loop", False)
            if not isinstance(loop, bool):
                raise ContentError(f"{_where(path, key)}: 'loop' must be true or false")
            label = _text(choice.get("label"), path, key, "choice label")
            choices.append(
                ChoiceSpec(
                    label=label,
                    to=_text(choice.get("to"), path, key, "to"),
                    loop=loop,
                    example=_example(choice.get("example"), path, f"{key}' choice '{label}"),
                )
            )
        nodes.append(
            NodeSpec(
                key=key,
                kind=_text(raw.get("kind"), path, key, "kind"),
                label=_text(raw.get("label"), path, key, "label"),
                text=_text(raw.get("text"), path, key, "text"),
                citations=_text(raw.get("cite"), path, key, "cite"),
                changes=_text(raw.get("changes"), path, key, "changes", required=False),
                jump=_text(raw.get("jump"), path, key, "jump", required=False),
                jump_to=_text(raw.get("jump_to"), path, key, "jump_to", required=False),
                choices=choices,
                example=_example(raw.get("example"), path, key),
            )
        )
    return ChartFile(path, meta, ChartGraph(meta["slug"], nodes))


def _example(raw, path: Path, where: str):
    if raw is None:
        return None
    try:
        return parse_example(raw)
    except ExampleError as exc:
        raise ContentError(f"{path}: node '{where}': {exc}") from None


def check_files(files: list[ChartFile]) -> None:
    """Raise ContentError listing every problem in every file, each with its file and node."""
    slugs: dict[str, Path] = {}
    for file in files:
        slug = file.meta["slug"]
        if slug in slugs:
            raise ContentError(f"{file.path}: slug '{slug}' is also used by {slugs[slug]}")
        slugs[slug] = file.path
    known = {
        slug: set(Node.objects.filter(chart__slug=slug).values_list("key", flat=True))
        for slug in Flowchart.objects.exclude(slug__in=slugs).values_list("slug", flat=True)
    }
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
    for file in files:
        for node in file.graph.nodes:
            examples = [(node.key, node.example)] + [
                (f"{node.key}' choice '{c.label}", c.example) for c in node.choices
            ]
            for where, example in examples:
                if example is None:
                    continue
                try:
                    check_example(example)
                except ExampleError as exc:
                    problems.append(f"{file.path}: node '{where}': {exc}")
    if problems:
        raise ContentError("\n".join(problems))


@transaction.atomic
def load_charts(paths: list[Path]) -> list[Flowchart]:
    """Create or update the charts in `paths`; all of them, or on any error none."""
    files = [read_chart_file(path) for path in paths]
    check_files(files)
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
        chart.nodes.filter(kind=Node.Kind.START).exclude(
            key__in=[n.key for n in file.graph.nodes if n.kind == "start"]
        ).update(kind=Node.Kind.ACTION)
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

    for file in files:
        slug = file.meta["slug"]
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
            owned = [(None, node, spec.example)] + [
                (choice, None, c.example) for choice, c in zip(created, spec.choices, strict=True)
            ]
            for choice, owner, example in owned:
                if example is not None:
                    _save_example(example, choice, owner, analyses)

    # Charts that jump into these show their titles: they are drawn anew too if need be.
    Flowchart.refresh_all()
    return list(Flowchart.objects.filter(slug__in=charts))


def _save_example(example, choice, node, analyses: dict) -> Example:
    digest = Example.hash_scenario(example.scenario)
    analysis = analyses.get(digest)
    if analysis is None:
        analysis = analyse(example.scenario)
        analyses[digest] = analysis
    return Example.objects.create(
        choice=choice,
        node=node,
        story=example.story,
        scenario=example.scenario,
        shows=example.shows,
        analysis=analysis,
        scenario_hash=digest,
    )


def analyse(scenario: dict) -> dict:
    """Double-dummy tricks for each option at each decision of the example, by event index."""
    return _analyse(json.dumps(scenario, sort_keys=True))


@functools.lru_cache(maxsize=4096)  # a process that loads the content again reuses it
def _analyse(scenario_json: str) -> dict:
    scenario = json.loads(scenario_json)
    found = {}
    for upto in range(len(scenario.get("events", [])) + 1):
        if replay(scenario, upto=upto).pending is not None:
            found[str(upto)] = option_tricks(scenario, upto)
    return found
