"""One content file, read and checked on its own: its shape, field by field.

Every problem names the file and the node. What needs more than one file (slugs
used twice, jumps into other charts) or the engine (examples) is `crosscheck.py`.
"""

import re
from dataclasses import dataclass
from pathlib import Path

from django.db import models

from penaltyflow.core.contentfile import read_yaml
from penaltyflow.hands.examples import ExampleError, ExampleSpec, parse_example

from .graph import ChartGraph, ChoiceSpec, NodeSpec
from .models import Choice, Flowchart, Node


class ContentError(Exception):
    """A content file that cannot be loaded; the message names the file and the node."""


@dataclass
class ChartFile:
    path: Path
    meta: dict
    graph: ChartGraph


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


def _where(path: Path, node: str | None) -> str:
    return f"{path}: node '{node}'" if node else f"{path}"


def _text(value: object, path: Path, node: str | None, name: str, required: bool = True) -> str:
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


def _max_length(model: type[models.Model], name: str) -> int:
    field = model._meta.get_field(name)
    assert isinstance(field, models.CharField) and field.max_length is not None
    return field.max_length


LIMITS = {name: _max_length(model, field) for name, (model, field) in _FIELDS.items()}


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
    data = read_yaml(path, ContentError)
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


def _example(raw: object, path: Path, where: str) -> ExampleSpec | None:
    if raw is None:
        return None
    try:
        return parse_example(raw)
    except ExampleError as exc:
        raise ContentError(f"{path}: node '{where}': {exc}") from None
