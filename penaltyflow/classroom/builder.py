"""A teacher builds a lesson in the app: picks chart steps and quiz questions, reorders them.

Plain forms (they work without JavaScript); each change is one POST that
redirects back to the lesson. Lessons from content files are read-only here:
a teacher copies one to change it.
"""

from django.core.exceptions import BadRequest, PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_POST

from penaltyflow.flowcharts.models import Node

from .access import require_teacher, with_access
from .items import ItemError, resolve
from .models import Lesson, LessonItem
from .present import item_view


def _unique_slug(title: str) -> str:
    base = (slugify(title) or "lesson")[:40]
    slug, n = base, 1
    while Lesson.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@require_POST
@with_access
def new(request):
    require_teacher(request)
    title = " ".join(request.POST.get("title", "").split())[:200]
    source = request.POST.get("copy", "")
    original = Lesson.objects.filter(slug=source).first() if source else None
    if original is not None and not title:
        title = f"{original.title} (my copy)"
    if not title:
        raise BadRequest("A lesson needs a title.")
    with transaction.atomic():
        lesson = Lesson.objects.create(
            slug=_unique_slug(title),
            title=title,
            owner=request.user,
            summary=original.summary if original else "",
        )
        if original is not None:
            LessonItem.objects.bulk_create(
                [
                    LessonItem(
                        lesson=lesson,
                        position=i.position,
                        chart=i.chart,
                        node=i.node,
                        path=i.path,
                        hide_targets=i.hide_targets,
                        question=i.question,
                    )
                    for i in original.items.all()
                ]
            )
    return redirect("classroom:lesson_edit", slug=lesson.slug)


def _question_choices() -> list[tuple[str, str]]:
    from . import questions

    try:
        qids = questions.question_ids(limit=500)
    except Exception:  # noqa: BLE001 - the bank not being there must not break the builder
        return []
    out = []
    for qid in qids:
        q = questions.get_question(qid)
        if q is not None:
            out.append((qid, f"Law {q.law}: {q.prompt[:90]}"))
    return out


@require_http_methods(["GET", "HEAD", "POST"])
@with_access
def edit(request, slug):
    require_teacher(request)
    lesson = get_object_or_404(Lesson, slug=slug)
    mine = lesson.owner_id == request.user.pk
    error = ""
    if request.method == "POST":
        if not mine:
            raise PermissionDenied("This lesson is not yours: copy it to change it.")
        error = _change(lesson, request.POST)
        if not error:
            return redirect("classroom:lesson_edit", slug=lesson.slug)
    items = [(item, item_view(item.spec())) for item in lesson.items.all()]
    steps = Node.objects.select_related("chart").order_by("chart__order", "chart__slug", "id")
    return render(
        request,
        "classroom/lesson_edit.html",
        {
            "lesson": lesson,
            "items": items,
            "mine": mine,
            "steps": [(f"{n.chart.slug}/{n.key}", f"Law {n.chart.laws}: {n.label}") for n in steps],
            "questions": _question_choices() if mine else [],
            "error": error,
        },
        status=400 if error else 200,
    )


def _change(lesson: Lesson, data) -> str:
    """Apply one change from the form; the message of what was wrong, or ''."""
    action = data.get("action", "")
    items = list(lesson.items.all())
    with transaction.atomic():
        if action in ("add-step", "add-question"):
            if action == "add-step":
                chart, _, node = data.get("step", "").partition("/")
                item = LessonItem(
                    lesson=lesson, chart=chart, node=node, hide_targets=bool(data.get("hide"))
                )
            else:
                item = LessonItem(lesson=lesson, question=data.get("question", ""))
            try:
                resolve(item.spec())
            except ItemError as exc:
                return f"That cannot be added: {exc}."
            item.position = (lesson.items.aggregate(m=Max("position"))["m"] or 0) + 1
            item.save()
            return ""
        try:
            index = int(data.get("position", ""))
            target = next(i for i in items if i.position == index)
        except (ValueError, StopIteration):
            raise BadRequest("That item is not in this lesson.") from None
        if action == "remove":
            target.delete()
        elif action == "toggle-hide" and not target.question:
            target.hide_targets = not target.hide_targets
            target.save(update_fields=["hide_targets"])
        elif action in ("up", "down"):
            at = items.index(target)
            other = at - 1 if action == "up" else at + 1
            if 0 <= other < len(items):
                a, b = items[at], items[other]
                # swap through a free position: (lesson, position) is unique
                top = max(i.position for i in items) + 1
                pa, pb = a.position, b.position
                LessonItem.objects.filter(pk=a.pk).update(position=top)
                LessonItem.objects.filter(pk=b.pk).update(position=pa)
                LessonItem.objects.filter(pk=a.pk).update(position=pb)
        else:
            raise BadRequest("Unknown change.")
    return ""
