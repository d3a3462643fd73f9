"""What the pages of a session show: items, tallies of answers, the QR code; no requests here."""

import functools
import json
from collections import OrderedDict

import segno
from django.urls import reverse
from django.utils.safestring import mark_safe

from penaltyflow.core.pagecache import content_stamp

from .items import ItemError, ItemView, resolve
from .models import TEACHERS_GROUP, Answer, Session

_VIEWS: OrderedDict = OrderedDict()
_VIEWS_MAX = 256


def is_teacher(user) -> bool:
    return user.is_authenticated and user.groups.filter(name=TEACHERS_GROUP).exists()


def item_view(spec: dict) -> ItemView:
    """The item resolved once per process and content version (replaying a hand is not free)."""
    key = (content_stamp(), json.dumps(spec, sort_keys=True))
    view = _VIEWS.get(key)
    if view is None:
        try:
            view = resolve(spec)
        except ItemError as exc:  # content changed under a running session
            view = ItemView(
                is_question=spec.get("kind") == "question", title=f"This item is gone: {exc}"
            )
        _VIEWS[key] = view
        while len(_VIEWS) > _VIEWS_MAX:
            _VIEWS.popitem(last=False)
    return view


def answer_shown(session: Session, index: int | None = None) -> bool:
    """Is the item's answer shown: revealed by the teacher, or the class ended?"""
    index = session.item if index is None else index
    spec = session.items[index] if session.items else {}
    return index in session.revealed_items or (session.ended and spec.get("kind") == "question")


def seen(view: ItemView, revealed: bool) -> dict:
    """The table and the diagram as the room sees them: before the answer, nothing gives it away."""
    if revealed:
        return {"table": view.answer_table, "diagram": view.answer_diagram_zoomed}
    return {"table": view.table, "diagram": view.diagram_zoomed}


def tallies(session: Session, only: int | None = None) -> list[dict]:
    """results.json's items: every student's last answer counted once, per item."""
    entries = [
        {"item": i, "question": spec.get("question"), "answers": {}, "right": 0, "total": 0}
        for i, spec in enumerate(session.items)
    ]
    rows = Answer.objects.filter(session=session)
    if only is not None:
        rows = rows.filter(item=only)
    for item, keys, right in rows.values_list("item", "answer__keys", "answer__correct"):
        if item >= len(entries):
            continue
        entry = entries[item]
        entry["total"] += 1
        entry["right"] += right
        for key in keys:
            entry["answers"][key] = entry["answers"].get(key, 0) + 1
    return entries


def bars(view: ItemView, entry: dict, revealed: bool) -> list[dict]:
    """One bar per choice: its count, its share of those who answered, right or not."""
    right = view.right_keys if revealed else set()
    total = entry["total"]
    most = max(entry["answers"].values(), default=0)
    return [
        {
            "key": key,
            "text": text,
            "count": entry["answers"].get(key, 0),
            "percent": round(100 * entry["answers"].get(key, 0) / total) if total else 0,
            # the bar's length, against the longest bar (SVG width: no inline styles)
            "length": round(100 * entry["answers"].get(key, 0) / most) if most else 0,
            "right": key in right,
        }
        for key, text in view.answer_choices
    ]


@functools.lru_cache(maxsize=64)
def qr_svg(url: str) -> str:
    """A QR code of the join link, drawn here (nothing from outside), once per link and
    process: the projector shows it on every item."""
    qr = segno.make(url, error="m")
    return mark_safe(qr.svg_inline(scale=1, border=2, dark="#000", light="#fff", omitsize=True))


def join_url(request, session: Session) -> str:
    return request.build_absolute_uri(reverse("classroom:join", args=[session.code]))


def stage_context(
    request, session: Session, item: int | None = None, entry=None, live_only=False, headers=""
) -> dict:
    index = session.item if item is None else item
    spec = session.items[index]
    view = item_view(spec)
    if entry is None:
        entry = tallies(session, only=index)[index]
    revealed = answer_shown(session, index)
    context = {
        **seen(view, revealed),
        "session": session,
        "index": index,
        "number": index + 1,
        "view": view,
        "entry": entry,
        "revealed": revealed,
        "bars": bars(view, entry, revealed) if view.is_question else [],
        # choices of a few words ("1 trick"): two to a row
        "short_choices": all(len(text) <= 12 for _, text in view.answer_choices),
        # many choices as short as a card ("♣10"): three to a row, each on one line
        "card_choices": all(len(text) <= 3 for _, text in view.answer_choices),
        "read_only": session.ended,
        "headers": headers,  # the stage's poll: If-None-Match its ETag
    }
    if live_only:
        return context
    url = join_url(request, session)
    context.update(
        {
            "join_url": url,
            "join_host": url.split("/join/")[0],
            "qr": qr_svg(url),
            "prev_item": index - 1 if index > 0 else None,
            # the room is joining: the first item, before the teacher has moved; the QR code
            # takes the table's place (back to the first item later, its table is shown)
            "joining": index == 0 and session.version == 0 and not session.ended,
            "next_item": index + 1 if index + 1 < len(session.items) else None,
        }
    )
    return context


def phone_context(request, session: Session, mine: str | None, etag: str, notice="") -> dict:
    view = item_view(session.current)
    chosen = set(mine.split(",")) if mine else set()
    revealed = session.revealed
    grade = None
    if view.is_question and revealed and chosen and view.question is not None:
        grade = view.grade(chosen)
    explanation = None
    if view.is_question and revealed and view.question is not None and not chosen:
        explanation = view.grade(view.right_keys)
    return {
        "session": session,
        "view": view,
        "number": session.item + 1,
        "chosen": chosen,
        "revealed": revealed,
        "table": seen(view, revealed)["table"],
        "has_diagram": bool(view.answer_diagram if revealed else view.diagram),
        "grade": grade,
        "explanation": explanation,
        "headers": json.dumps({"If-None-Match": etag}),
        "notice": notice,
        "right": view.right_keys if revealed else set(),
        "has_questions": any(spec["kind"] == "question" for spec in session.items),
    }


def per_student(session: Session) -> list[dict]:
    students = {
        s.pk: {"name": s.name or f"Student {n}", "answers": {}, "right": 0, "answered": 0}
        for n, s in enumerate(session.student_set.all(), start=1)
    }
    rows = Answer.objects.filter(session=session).select_related("answer")
    for answer in rows.only("student_id", "item", "answer__keys", "answer__correct"):
        row = students.get(answer.student_id)
        if row is None:
            continue
        row["answers"][answer.item] = answer
        row["answered"] += 1
        row["right"] += answer.right
    return list(students.values())
