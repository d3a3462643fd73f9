"""The teacher's pages: their lessons, starting a class, the projector and its live results."""

import json

from django.core.exceptions import BadRequest
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from . import questions
from .access import startable_lessons, teacher_only, teacher_session, with_access
from .conditional import etag, fresh, not_modified
from .forms import ItemQuery, StartForm
from .models import Session, new_code
from .present import answer_shown, bars, item_view, per_student, stage_context, tallies


@require_safe
def lessons_json(request: HttpRequest) -> JsonResponse:
    """The lessons the one asking can start: a teacher's own are theirs alone."""
    rows = startable_lessons(request.user).values_list("slug", "title").annotate(n=Count("items"))
    lessons = [{"slug": slug, "title": title, "items": n} for slug, title, n in rows]
    return JsonResponse({"lessons": lessons})


@require_safe
@teacher_only
def teacher_home(request: HttpRequest) -> HttpResponse:
    lessons = startable_lessons(request.user).annotate(n=Count("items"))
    lessons = lessons.order_by("owner_id", "source_file", "id")
    sessions = Session.objects.filter(teacher=request.user).only(
        "code", "title", "started", "ended", "students", "items"
    )[:30]
    return render(request, "classroom/home.html", {"lessons": lessons, "sessions": sessions})


@require_POST
@teacher_only
def start(request: HttpRequest) -> HttpResponse:
    form = StartForm(request.POST, lessons=startable_lessons(request.user))
    if not form.is_valid():
        raise BadRequest(form.errors["lesson"][0])
    lesson = form.cleaned_data["lesson"]
    items = lesson.snapshot()
    if not items:
        raise BadRequest("This lesson has no items yet: add some before starting it.")
    items = questions.for_a_class(items)  # its own deals: no open question can be looked up
    for _ in range(10):
        try:
            with transaction.atomic():
                session = Session.objects.create(
                    code=new_code(),
                    lesson=lesson,
                    title=lesson.title,
                    teacher=request.user,
                    items=items,
                )
            break
        except IntegrityError:  # the code was taken: draw another
            continue
    else:
        raise RuntimeError("No free class code after 10 draws")
    return redirect("classroom:present", code=session.code)


# ---- the projector ---------------------------------------------------------------------------


@require_safe
@with_access
def present(request: HttpRequest, code: str) -> HttpResponse:
    session = teacher_session(request, code)
    if session.ended:  # read-only: browse the items and their final results
        query = ItemQuery(request.GET, session)
        if not query.is_valid():
            raise BadRequest("'item' is not the number of an item of this class.")
        item = query.cleaned_data["item"]
        context = stage_context(request, session, item=session.item if item is None else item)
        return render(request, "classroom/present.html", context)
    tag = etag("stage", session.version)
    if request.htmx and (unchanged := not_modified(request, tag)):
        return unchanged
    context = stage_context(request, session, headers=json.dumps({"If-None-Match": tag}))
    template = "classroom/present.html#stage" if request.htmx else "classroom/present.html"
    return fresh(render(request, template, context), tag)


@require_POST
@with_access
def present_action(request: HttpRequest, code: str, action: str) -> HttpResponse:
    with transaction.atomic():  # the session's row, read once and locked while it moves on
        s = teacher_session(request, code, for_update=True)
        last = len(s.items) - 1
        if s.ended:
            pass
        elif action == "next" and s.item < last:
            s.item += 1
        elif action == "prev" and s.item > 0:
            s.item -= 1
        elif action == "reveal" and s.on_question and not s.revealed:
            s.revealed_items = sorted({*s.revealed_items, s.item})
        elif action == "end":
            s.ended, s.ended_at = True, timezone.now()
        else:
            action = ""
        if action:
            s.version += 1
            s.save(update_fields=["item", "revealed_items", "ended", "ended_at", "version"])
    if request.htmx:
        tag = etag("stage", s.version)
        context = stage_context(request, s, headers=json.dumps({"If-None-Match": tag}))
        return fresh(render(request, "classroom/present.html#stage", context), tag)
    return redirect("classroom:present", code=s.code)


@require_safe
@with_access
def present_live(request: HttpRequest, code: str) -> HttpResponse:
    """The live bar chart and the count of students, for the projector's poll."""
    session = teacher_session(request, code)
    entry = tallies(session, only=session.item)[session.item]
    tag = etag("live", session.version, session.students, entry)
    if unchanged := not_modified(request, tag):
        return unchanged
    context = stage_context(request, session, entry=entry, live_only=True)
    return fresh(render(request, "classroom/present.html#live", context), tag)


@require_safe
@with_access
def results_json(request: HttpRequest, code: str) -> JsonResponse:
    session = teacher_session(request, code)
    return JsonResponse({"students": session.students, "items": tallies(session)})


@require_safe
@with_access
def summary(request: HttpRequest, code: str) -> HttpResponse:
    """The class's results so far. The projector opens it in front of the room, so an item
    not yet revealed shows how many answered and nothing of its answer: no tick, no count
    of right answers, no question id (it would look the answer up)."""
    session = teacher_session(request, code)
    entries = tallies(session)
    rows = []
    for i, (spec, entry) in enumerate(zip(session.items, entries, strict=True)):
        view = item_view(spec)
        shown = answer_shown(session, i)
        rows.append(
            {
                "index": i,
                "view": view,
                "entry": entry,
                "shown": shown,
                "bars": bars(view, entry, revealed=shown),
                "percent": round(100 * entry["right"] / entry["total"])
                if entry["total"] and shown
                else None,
            }
        )
    students = per_student(session)
    for student in students:  # right answers counted on the revealed items alone
        student["right"] = sum(
            1 for i, a in student["answers"].items() if a.right and rows[i]["shown"]
        )
    return render(
        request,
        "classroom/summary.html",
        {
            "session": session,
            "rows": rows,
            "students": students,
            "questions": [r for r in rows if r["view"].is_question],
            "shown": sum(1 for r in rows if r["view"].is_question and r["shown"]),
        },
    )
