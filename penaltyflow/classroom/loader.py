"""Lesson content files in, lessons in the database out (content/lessons/*.yaml).

Like the charts: every file is read and every item checked against the charts
and the quiz bank before anything is written, then all are written in one
transaction. A bad file stops the load with the file and the item named.

    slug: penalty-cards
    title: "Penalty cards (Law 50)"
    summary: "..."
    order: 1                                # its place in the course
    items:
      - step: law-50/card-exposed          # chart/step
      - step: law-50/how-exposed
        path: card-exposed.card-stays-face-up.how-many-cards.is-it-an-honour
        hide: true                          # choices without where they lead
      - question: <a quiz question id>
      - questions: {law: "50", kind: penalty-card, count: 2}   # the bank's first ones
"""

import re
from pathlib import Path

from django.db import transaction

from penaltyflow.core.contentfile import read_yaml

from .items import ItemError, resolve
from .models import Lesson, LessonItem

LESSON_FIELDS = {"slug", "title", "summary", "order", "items"}
ITEM_FIELDS = {"step", "path", "hide", "question", "questions"}
FILTER_FIELDS = {"law", "kind", "count"}
_SLUG = re.compile(r"[a-z0-9][a-z0-9_-]{0,49}")


class LessonError(Exception):
    """A lesson file that cannot be loaded; the message names the file and the item."""


def _fail(path: Path, where: str, message: str):
    raise LessonError(f"{path}: {where + ': ' if where else ''}{message}")


def parse_lesson(path: Path) -> dict:
    data = read_yaml(path, LessonError)
    if not isinstance(data, dict):
        _fail(path, "", "a lesson file is a mapping with slug, title and items")
    unknown = set(data) - LESSON_FIELDS
    if unknown:
        _fail(path, "", f"unknown field(s) {', '.join(sorted(map(str, unknown)))}")
    slug = data.get("slug")
    if not isinstance(slug, str) or not _SLUG.fullmatch(slug):
        _fail(path, "", "'slug' must be lowercase letters, digits and dashes (50 at most)")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip() or len(title) > 200:
        _fail(path, "", "'title' must be text of 1 to 200 characters")
    summary = data.get("summary", "")
    if not isinstance(summary, str):
        _fail(path, "", "'summary' must be text")
    order = data.get("order", 0)
    if not isinstance(order, int) or isinstance(order, bool) or order < 0:
        _fail(path, "", "'order' is the lesson's place in the course: a whole number, 0 or more")
    raw = data.get("items")
    if not isinstance(raw, list) or not raw:
        _fail(path, "", "'items' must be a list of one item or more")
    items = []
    for number, entry in enumerate(raw, start=1):
        items.extend(_items(path, f"item {number}", entry))
    return {
        "slug": slug,
        "title": title.strip(),
        "summary": summary.strip(),
        "order": order,
        "items": items,
    }


def _items(path: Path, where: str, entry) -> list[dict]:
    if not isinstance(entry, dict):
        _fail(path, where, "an item is a mapping: step, question or questions")
    unknown = set(entry) - ITEM_FIELDS
    if unknown:
        _fail(path, where, f"unknown field(s) {', '.join(sorted(map(str, unknown)))}")
    kinds = [k for k in ("step", "question", "questions") if k in entry]
    if len(kinds) != 1:
        _fail(path, where, "name exactly one of 'step', 'question' or 'questions'")
    if kinds[0] == "step":
        step = entry["step"]
        if not isinstance(step, str) or step.count("/") != 1:
            _fail(path, where, "'step' is chart/step, e.g. law-50/how-exposed")
        chart, node = step.split("/")
        item_path, hide = entry.get("path", ""), entry.get("hide", False)
        if not isinstance(item_path, str) or len(item_path) > 500:
            _fail(path, where, "'path' is the step keys on the way, joined by dots")
        if not isinstance(hide, bool):
            _fail(path, where, "'hide' is true or false")
        spec = {"kind": "step", "chart": chart, "node": node, "path": item_path, "hide": hide}
        _check(path, f"{where} (step {step})", spec)
        return [spec]
    if "path" in entry or "hide" in entry:
        _fail(path, where, "'path' and 'hide' belong to a step")
    if kinds[0] == "question":
        qid = entry["question"]
        if not isinstance(qid, str) or not re.fullmatch(r"[A-Za-z0-9_-]{1,100}", qid):
            _fail(path, where, "'question' is a quiz question id")
        spec = {"kind": "question", "question": qid}
        _check(path, f"{where} (question {qid})", spec)
        return [spec]
    wanted = entry["questions"]
    if not isinstance(wanted, dict) or set(wanted) - FILTER_FIELDS:
        _fail(path, where, "'questions' is a mapping of law, kind and count")
    count = wanted.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 20:
        _fail(path, where, "'count' is a number from 1 to 20")
    law, kind = wanted.get("law"), wanted.get("kind")
    if law is not None:
        law = str(law)
    from . import questions

    qids = questions.question_ids(law=law, kind=kind, limit=count)
    if len(qids) < count:
        _fail(
            path,
            where,
            f"the quiz bank has {len(qids)} question(s) of law {law} kind {kind}, not {count}",
        )
    specs = [{"kind": "question", "question": qid} for qid in qids]
    for spec in specs:
        _check(path, f"{where} (question {spec['question']})", spec)
    return specs


def _check(path: Path, where: str, spec: dict) -> None:
    try:
        resolve(spec)
    except ItemError as exc:
        _fail(path, where, str(exc))


def load_lessons(paths: list[Path], prune: bool = False) -> list[Lesson]:
    """Check every file, then write all of them (or none) in one transaction."""
    parsed = []
    seen = {}
    for path in paths:
        lesson = parse_lesson(Path(path))
        if lesson["slug"] in seen:
            _fail(path, "", f"slug '{lesson['slug']}' is also used by {seen[lesson['slug']]}")
        seen[lesson["slug"]] = path
        parsed.append((path, lesson))
    loaded = []
    with transaction.atomic():
        for path, data in parsed:
            lesson, _ = Lesson.objects.update_or_create(
                slug=data["slug"],
                defaults={
                    "title": data["title"],
                    "summary": data["summary"],
                    "order": data["order"],
                    "source_file": str(path),
                    "owner": None,
                },
            )
            lesson.items.all().delete()
            LessonItem.objects.bulk_create(
                [
                    LessonItem(
                        lesson=lesson,
                        position=n,
                        chart=spec.get("chart", ""),
                        node=spec.get("node", ""),
                        path=spec.get("path", ""),
                        hide_targets=spec.get("hide", False),
                        question=spec.get("question", ""),
                    )
                    for n, spec in enumerate(data["items"])
                ]
            )
            loaded.append(lesson)
        if prune:  # lessons whose file is gone (sessions keep their own copy of the items)
            Lesson.objects.filter(owner__isnull=True).exclude(slug__in=seen).delete()
    return loaded
