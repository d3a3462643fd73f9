"""Quick-mode content files in, checked guides in the database out.

One YAML file a situation in content/quick/ (see content/README.md, "Quick mode").
Every file is read and checked before anything is written, then all are written
in one transaction; a bad file stops the load with the file and the node named.
"""

import re
from collections import deque
from pathlib import Path

from django.db import transaction

from penaltyflow.core.contentfile import read_yaml
from penaltyflow.core.pagecache import content_changed
from penaltyflow.flowcharts.models import Node, chart_graphs

from .models import QuickGuide
from .routes import RouteError, check_guide

MAX_TAPS = 4  # any ruling within four answers of the start of its situation
MAX_ANSWERS = 5  # big buttons: more would not fit a phone's screen
MAX_SENTENCES = 2  # "what to tell the players" is read out: one or two sentences
LIMITS = {"title": 120, "laws": 50, "summary": 200, "ask": 120, "label": 80, "ruling": 80}
LIMITS |= {"cite": 120, "tell": 320, "hint": 600, "more": 800}
GUIDE_FIELDS = {"slug", "title", "laws", "order", "summary", "from", "nodes"}
ANSWER_FIELDS = {"label", "to", "chart", "enter"}
QUESTION_FIELDS = {"key", "ask", "hint", "answers"}
RULING_FIELDS = {"key", "ruling", "cite", "tell", "more", "step", "next"}
_SLUG = re.compile(r"[a-z0-9][a-z0-9_-]*")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
_LAW = re.compile(r"Law (\d+)")


class QuickContentError(Exception):
    """A quick-mode file that cannot be loaded; the message names the file and the node."""


def _fail(path: Path, node: str | None, message: str) -> QuickContentError:
    where = f"{path}: node '{node}'" if node else f"{path}"
    return QuickContentError(f"{where}: {message}")


def _text(raw: dict, name: str, path: Path, node: str | None, required: bool = True) -> str:
    value = raw.get(name)
    if value is None or value == "":
        if required:
            raise _fail(path, node, f"'{name}' is missing")
        return ""
    if not isinstance(value, str):
        raise _fail(path, node, f"'{name}' must be text")
    value = " ".join(value.split())
    if name in LIMITS and len(value) > LIMITS[name]:
        raise _fail(path, node, f"'{name}' is {len(value)} characters long; at most {LIMITS[name]}")
    return value


def _slug(raw: dict, name: str, path: Path, node: str | None) -> str:
    value = _text(raw, name, path, node)
    if not _SLUG.fullmatch(value):
        raise _fail(path, node, f"'{name}' {value!r} may hold only a-z, 0-9, - and _")
    return value


def _step(raw: dict, name: str, path: Path, node: str | None) -> str:
    step = _text(raw, name, path, node)
    if step.count("/") != 1 or not all(_SLUG.fullmatch(part) for part in step.split("/")):
        raise _fail(path, node, f"'{name}' {step!r} must be chart/step, e.g. law-50/d2-require")
    return step


def _node(raw, index: int, path: Path) -> dict:
    if not isinstance(raw, dict):
        raise _fail(path, None, f"node number {index + 1} must be a mapping")
    key = _slug(raw, "key", path, f"number {index + 1}")
    if "ask" in raw and "ruling" in raw:
        raise _fail(path, key, "a node is a question ('ask') or a ruling ('ruling'), not both")
    if "ask" in raw:
        if unknown := set(raw) - QUESTION_FIELDS:
            raise _fail(path, key, f"unknown field(s) {', '.join(sorted(map(str, unknown)))}")
        answers = raw.get("answers")
        if not isinstance(answers, list) or not 2 <= len(answers) <= MAX_ANSWERS:
            raise _fail(path, key, f"a question needs 2 to {MAX_ANSWERS} answers")
        checked = []
        for answer in answers:
            if not isinstance(answer, dict) or not {"label", "to"} <= set(answer) <= ANSWER_FIELDS:
                raise _fail(
                    path, key, "each answer is a mapping of label and to (and chart, enter)"
                )
            label = _text(answer, "label", path, key)
            one = {"label": label, "to": _slug(answer, "to", path, key)}
            chart = answer.get("chart", {})
            if not isinstance(chart, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in chart.items()
            ):
                raise _fail(
                    path,
                    key,
                    f"answer {label!r}: 'chart' maps a chart question (law-53/told-to-lead) "
                    "to the step its answer leads to",
                )
            if chart:
                one["chart"] = dict(chart)
            if answer.get("enter"):
                one["enter"] = _step(answer, "enter", path, key)
            checked.append(one)
        return {
            "key": key,
            "ask": _text(raw, "ask", path, key),
            "hint": _text(raw, "hint", path, key, required=False),
            "answers": checked,
        }
    if "ruling" in raw:
        if unknown := set(raw) - RULING_FIELDS:
            raise _fail(path, key, f"unknown field(s) {', '.join(sorted(map(str, unknown)))}")
        tell = _text(raw, "tell", path, key)
        sentences = len(_SENTENCE_END.findall(tell))
        if not 1 <= sentences <= MAX_SENTENCES:
            raise _fail(path, key, f"'tell' has {sentences} sentences; the players hear one or two")
        step = _step(raw, "step", path, key)
        cite = _text(raw, "cite", path, key)
        if not _LAW.search(cite):
            raise _fail(path, key, f"'cite' {cite!r} must name the law, e.g. Law 50D2(a)")
        return {
            "key": key,
            "ruling": _text(raw, "ruling", path, key),
            "cite": cite,
            "tell": tell,
            "more": _text(raw, "more", path, key, required=False),
            "step": step,
            "next": _slug(raw, "next", path, key) if raw.get("next") else "",
        }
    raise _fail(path, key, "a node needs 'ask' (a question) or 'ruling' (the answer)")


def read_guide_file(path: Path) -> dict:
    """Parse and check one file on its own: its shape and its tree."""
    data = read_yaml(path, QuickContentError)
    if not isinstance(data, dict):
        raise _fail(path, None, "must be a mapping with slug, title, laws, summary and nodes")
    if unknown := set(data) - GUIDE_FIELDS:
        raise _fail(path, None, f"unknown field(s) {', '.join(sorted(map(str, unknown)))}")
    order = data.get("order", 0)
    if not isinstance(order, int) or isinstance(order, bool) or order < 0:
        raise _fail(path, None, "'order' must be a whole number, 0 or more")
    raw_nodes = data.get("nodes")
    if not isinstance(raw_nodes, list) or not raw_nodes:
        raise _fail(path, None, "'nodes' must be a list of nodes, the first one the start")
    nodes: dict[str, dict] = {}
    for index, raw in enumerate(raw_nodes):
        node = _node(raw, index, path)
        if node["key"] in nodes:
            raise _fail(path, node["key"], "this key is used twice")
        nodes[node["key"]] = node
    start = next(iter(nodes))
    if "ask" not in nodes[start]:
        raise _fail(path, start, "the first node is where the director starts: make it a question")
    _check_tree(nodes, start, path)
    if not data.get("from"):
        raise _fail(path, None, "'from' is missing: the chart step this situation starts from")
    return {
        "path": path,
        "from": _step(data, "from", path, None),
        "slug": _slug(data, "slug", path, None),
        "title": _text(data, "title", path, None),
        "laws": _text(data, "laws", path, None),
        "summary": _text(data, "summary", path, None),
        "order": order,
        "start": start,
        "nodes": nodes,
    }


def _check_tree(nodes: dict[str, dict], start: str, path: Path) -> None:
    """One way to each node (so 'back' and the trail are plain), each ruling within MAX_TAPS."""
    for node in nodes.values():
        for answer in node.get("answers", ()):
            target = answer["to"]
            if target not in nodes:
                raise _fail(
                    path,
                    node["key"],
                    f"answer {answer['label']!r} leads to {target!r}, "
                    "which is not a node of this file",
                )
            if target == start:
                raise _fail(
                    path, node["key"], f"answer {answer['label']!r} leads back to the start"
                )
            if "parent" in nodes[target]:
                raise _fail(
                    path,
                    target,
                    f"two answers lead here (from '{nodes[target]['parent']}' "
                    f"and '{node['key']}'): give each its own node",
                )
            nodes[target]["parent"] = node["key"]
            nodes[target]["answer"] = answer["label"]
    taps = {start: 0}
    queue = deque([start])
    while queue:
        key = queue.popleft()
        for answer in nodes[key].get("answers", ()):
            taps[answer["to"]] = taps[key] + 1
            queue.append(answer["to"])
    for key, node in nodes.items():
        if key not in taps:
            raise _fail(path, key, "no answer leads here from the start")
        if "ruling" in node and taps[key] > MAX_TAPS:
            raise _fail(
                path,
                key,
                f"this ruling is {taps[key]} answers from the start; "
                f"at most {MAX_TAPS}, so a director gets there in four taps",
            )
        node["taps"] = taps[key]


def check_links(guides: list[dict]) -> None:
    """Each ruling teaches a step of the charts, citing the same law; `next` names a guide."""
    slugs = {guide["slug"] for guide in guides} | set(
        QuickGuide.objects.values_list("slug", flat=True)
    )
    steps = {
        f"{chart}/{key}": citations
        for chart, key, citations in Node.objects.values_list("chart__slug", "key", "citations")
    }
    graphs = {graph.slug: graph for graph in chart_graphs().values()}
    seen: dict[str, Path] = {}
    for guide in guides:
        path = guide["path"]
        if guide["slug"] in seen:
            raise _fail(path, None, f"slug {guide['slug']!r} is used by {seen[guide['slug']]} too")
        seen[guide["slug"]] = path
        for key, node in guide["nodes"].items():
            if "ruling" not in node:
                continue
            if node["step"] not in steps:
                raise _fail(
                    path,
                    key,
                    f"'step' {node['step']!r} is not a step of the charts "
                    "(are the charts loaded? manage.py loadcharts)",
                )
            if not set(_LAW.findall(node["cite"])) & set(_LAW.findall(steps[node["step"]])):
                raise _fail(
                    path,
                    key,
                    f"cites {node['cite']!r} but its step "
                    f"{node['step']!r} cites {steps[node['step']]!r}: no law in common",
                )
            if node["next"] and node["next"] not in slugs:
                raise _fail(path, key, f"'next' {node['next']!r} is not a quick-mode situation")
        try:
            check_guide(guide, graphs)
        except RouteError as error:
            raise _fail(path, error.node, str(error)) from None


def load_guides(paths: list[Path], *, replace_all: bool = False) -> list[QuickGuide]:
    """Check every file, then write all of them (or none) and move the content version on."""
    guides = [read_guide_file(path) for path in paths]
    check_links(guides)
    with transaction.atomic():
        if replace_all:
            QuickGuide.objects.exclude(slug__in=[g["slug"] for g in guides]).delete()
        saved = []
        for guide in guides:
            fields = {name: guide[name] for name in ("title", "laws", "summary", "order", "start")}
            fields |= {"nodes": guide["nodes"], "source_file": str(guide["path"])}
            row, _ = QuickGuide.objects.update_or_create(slug=guide["slug"], defaults=fields)
            saved.append(row)
        content_changed()
    return saved
