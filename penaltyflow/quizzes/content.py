"""Authored true/false statements on the known traps: `content/quiz/*.yaml`.

Each file holds `statements:`, a list of items:

    - id: ten-is-minor                 # a slug, unique across the files; the question is t-<id>
      law: 50B                         # the clause it tests (a law of engine/core/laws.py)
      says: A 10 dropped by accident is a minor penalty card.
      answer: false                    # true or false
      why: The 10 is an honour ... (Law 50B).   # the explanation, citing a clause
      step: law-50/is-it-an-honour     # the chart step that teaches it

Every file is checked before any is used; a bad one stops with the file and the
item named, and nothing is written. `manage.py loadquiz` (run by `make setup`)
checks them and puts them in the database (`Statement`), as the charts, lessons and
quick mode are: the site reads them from there, never from the files.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.db import transaction

from penaltyflow.core.contentfile import read_yaml
from penaltyflow.core.pagecache import content_changed
from penaltyflow.core.percontent import per_content
from penaltyflow.engine.core import laws
from penaltyflow.flowcharts.models import Node

from .models import Statement
from .question import Question

SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
STEP = re.compile(r"(law-[0-9]{2})/([a-z0-9-]+)")
FIELDS = {"id", "law", "says", "answer", "why", "step"}
TRUTH = [("true", "True"), ("false", "False")]


class QuizContentError(ValueError):
    """A content file that cannot be used; the message names the file and the item."""


def quiz_dir() -> Path:
    return Path(settings.CONTENT_DIR) / "quiz"


def chart_steps() -> set[str]:
    """'law-50/how-exposed' for every step of the charts `loadcharts` put in the database
    (read there, not again from the charts' 450 KB of YAML)."""
    return {f"{slug}/{key}" for slug, key in Node.objects.values_list("chart__slug", "key")}


def check_item(item: object, where: str, steps: set[str]) -> dict:
    if not isinstance(item, dict):
        raise QuizContentError(f"{where}: an item must be a mapping with {sorted(FIELDS)}")
    missing = sorted(FIELDS - set(item))
    if missing:
        raise QuizContentError(f"{where}: missing {', '.join(missing)}")
    extra = sorted(set(item) - FIELDS)
    if extra:
        raise QuizContentError(f"{where}: unknown field {extra[0]!r}")
    if not isinstance(item["id"], str) or not SLUG.fullmatch(item["id"]):
        raise QuizContentError(f"{where}: id must be a slug like 'ten-is-an-honour'")
    if not laws.CLAUSE.fullmatch(str(item["law"])):
        raise QuizContentError(
            f"{where}: law {item['law']!r} is not a clause of the laws taught "
            f"(Laws {laws.span(' to ')})"
        )
    if not isinstance(item["answer"], bool):
        raise QuizContentError(f"{where}: answer must be true or false")
    for text in ("says", "why"):
        if not isinstance(item[text], str) or len(item[text].split()) < 4:
            raise QuizContentError(f"{where}: '{text}' must be a sentence in plain words")
    if not re.search(r"Laws? \d{2}", item["why"]):
        raise QuizContentError(f"{where}: 'why' must cite a clause, like (Law 50B)")
    step = item["step"]
    if not isinstance(step, str) or not STEP.fullmatch(step):
        raise QuizContentError(f"{where}: step must look like 'law-50/how-exposed'")
    if step not in steps:
        raise QuizContentError(f"{where}: step {step!r} is not a step of any chart")
    return item


def load(directory: Path | None = None) -> list[dict]:
    """Every statement of every file, checked; raises QuizContentError naming file and item.
    A statement's step must be a step of the charts loaded (`manage.py loadcharts` first)."""
    directory = directory or quiz_dir()
    steps = chart_steps()
    if not steps:
        raise QuizContentError(
            "No chart is loaded, so no statement's step can be checked: "
            "run `manage.py loadcharts` first."
        )
    items, seen = [], {}
    for path in sorted(directory.glob("*.yaml")):
        data = read_yaml(path, QuizContentError)
        if not isinstance(data, dict) or not isinstance(data.get("statements"), list):
            raise QuizContentError(f"{path}: the file must hold 'statements:', a list")
        for i, item in enumerate(data["statements"]):
            name = item.get("id") if isinstance(item, dict) else None
            where = f"{path}: statement {name!r}" if name else f"{path}: statement {i + 1}"
            check_item(item, where, steps)
            if item["id"] in seen:
                raise QuizContentError(f"{where}: id already used in {seen[item['id']]}")
            seen[item["id"]] = path
            items.append(item)
    return items


def to_question(item: dict) -> Question:
    return Question(
        id=f"t-{item['id']}",
        kind="true-false",
        law=str(item["law"]),
        prompt=f"True or false? {item['says']}",
        scenario=None,
        subject=None,
        choices=list(TRUTH),
        multiple=False,
        step=f"/charts/{item['step']}/",
        teach=item["why"],
        cites=[str(item["law"])],
        right=frozenset({"true" if item["answer"] else "false"}),
    )


def store(items: list[dict]) -> None:
    """Put the checked statements in the database in place of the ones there, and move
    the content generation on (every worker builds its statements again); the same
    statements again change nothing, so every page kept stays kept."""
    rows = [
        Statement(
            slug=item["id"],
            law=str(item["law"]),
            says=item["says"],
            answer=item["answer"],
            why=item["why"],
            step=item["step"],
            order=n,
        )
        for n, item in enumerate(items)
    ]
    fields = ("slug", "law", "says", "answer", "why", "step", "order")
    stored = Statement.objects.order_by("order").values_list(*fields)
    if list(stored) == [tuple(getattr(row, name) for name in fields) for row in rows]:
        return
    with transaction.atomic():
        Statement.objects.all().delete()
        Statement.objects.bulk_create(rows)
        content_changed()


@per_content
def statements() -> list[Question]:
    """The statements as questions, read from the database once per content generation."""
    return [
        to_question(
            {"id": s.slug, "law": s.law, "says": s.says, "answer": s.answer, "why": s.why}
            | {"step": s.step}
        )
        for s in Statement.objects.all()
    ]
