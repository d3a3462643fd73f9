"""A teacher builds a lesson in the app: picks chart steps and quiz questions, reorders them.

Plain forms (they work without JavaScript); each change is one POST that
redirects back to the lesson. The question bank is searched by law, kind and
words (GET, so a search has its own address), and any question can be seen as
the room will see it, with its table, before it is added. Lessons from content
files are read-only here: a teacher copies one to change it.
"""

from django import forms
from django.core.exceptions import BadRequest, PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import strip_tags
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from penaltyflow.engine.core import laws
from penaltyflow.flowcharts.models import Node

from . import questions
from .access import startable_lessons, teacher_only
from .forms import LessonChangeForm, NewLessonForm, PreviewQuery
from .items import ItemError, resolve
from .models import Lesson, LessonItem
from .present import item_view

RESULTS = 40  # questions listed at once; the search narrows the rest


def _unique_slug(title: str) -> str:
    """The lesson's address, from the title's plain words: "My <i>own</i> lesson" is
    my-own-lesson (the tags go, not their letters)."""
    base = (slugify(strip_tags(title)) or "lesson")[:40]
    slug, n = base, 1
    while Lesson.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@require_POST
@teacher_only
def new(request: HttpRequest) -> HttpResponse:
    form = NewLessonForm(request.POST, lessons=startable_lessons(request.user))
    if not form.is_valid():
        raise BadRequest(" ".join(m for ms in form.errors.values() for m in ms))
    title, original = form.cleaned_data["title"], form.cleaned_data["copy"]
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


class QuestionSearch(forms.Form):
    """The builder's search of the question bank: by law, by kind, by words."""

    law = forms.ChoiceField(
        required=False,
        choices=[("", "Every law")] + [(n, f"Law {n}") for n in laws.LAW_NUMBERS],
        error_messages={
            "invalid_choice": f"Law %(value)s is not one of the laws taught here (Laws "
            f"{laws.span()}): pick a law from the list."
        },
    )
    kind = forms.ChoiceField(
        required=False,
        error_messages={"invalid_choice": "%(value)s is not a kind of question: pick one."},
    )
    words = forms.CharField(required=False, max_length=100, strip=True)

    def __init__(self, data=None):
        super().__init__(data)
        self.fields["kind"].choices = [("", "Every kind"), *questions.kinds()]


def _label(q) -> str:
    """A question as the builder lists it: its prompt and what happens in its story."""
    return " · ".join(x for x in [q.prompt, questions.moment(q.story, 120)] if x)


def _found(search: QuestionSearch) -> tuple[list, int]:
    """The questions the search finds (RESULTS at most, in the bank's order) and how many
    it found in all (up to the limit of what is looked at). A search that is not valid
    (a law not taught) finds nothing: never the whole bank, its other filters dropped."""
    if search.is_bound and not search.is_valid():
        return [], 0
    data = search.cleaned_data if search.is_bound else {}
    law, kind = data.get("law") or None, data.get("kind") or None
    words = (data.get("words") or "").lower().split()
    found, total = [], 0
    for qid in questions.question_ids(law=law, kind=kind, limit=100_000):
        if not words and total >= RESULTS:  # counting the rest costs nothing: ids only
            total += 1
            continue
        q = questions.get_question(qid)
        if q is None:
            continue
        text = f"{q.prompt} {q.story} {q.kind_name}".lower()
        if all(w in text for w in words):
            total += 1
            if len(found) < RESULTS:
                found.append({"id": q.id, "law": q.law, "kind": q.kind_name, "label": _label(q)})
    return found, total


@require_http_methods(["GET", "HEAD", "POST"])
@teacher_only
def edit(request: HttpRequest, slug: str) -> HttpResponse:
    lesson = get_object_or_404(Lesson, slug=slug)
    mine = lesson.owner_id == request.user.pk
    if lesson.owner_id is not None and not mine:  # another teacher's lesson is theirs alone
        raise PermissionDenied("This lesson is another teacher's.")
    error = ""
    if request.method == "POST":
        if not mine:
            raise PermissionDenied("This lesson is not yours: copy it to change it.")
        error = _change(lesson, request.POST)
        if not error:
            return redirect("classroom:lesson_edit", slug=lesson.slug)
    items = [(item, item_view(item.spec())) for item in lesson.items.all()]
    steps = Node.objects.select_related("chart").order_by("chart__order", "chart__slug", "id")
    search = QuestionSearch(request.GET or None)
    found, total = _found(search) if mine else ([], 0)
    search_error = ""
    if mine and search.is_bound and not search.is_valid():
        search_error = " ".join(m for ms in search.errors.values() for m in ms)
    return render(
        request,
        "classroom/lesson_edit.html",
        {
            "lesson": lesson,
            "items": items,
            "mine": mine,
            "steps": [(f"{n.chart.slug}/{n.key}", f"Law {n.chart.laws}: {n.label}") for n in steps],
            "search": search,
            "found": found,
            "total": total,
            "error": error,
            "search_error": search_error,
        },
        status=400 if error or search_error else 200,
    )


@require_safe
@teacher_only
def preview(request: HttpRequest, slug: str) -> HttpResponse:
    """One question or step as the room will see it (with its table), before it is added."""
    lesson = get_object_or_404(Lesson, slug=slug)
    query = PreviewQuery(request.GET)
    if not query.is_valid():
        raise BadRequest(" ".join(m for ms in query.errors.values() for m in ms))
    qid, step = query.cleaned_data["question"], query.cleaned_data["step"]
    if qid:
        item = LessonItem(question=qid)
    else:
        chart, _, node = step.partition("/")
        item = LessonItem(chart=chart, node=node)
    try:
        view = resolve(item.spec())
    except ItemError as exc:
        raise BadRequest(f"There is nothing to preview: {exc}.") from None
    return render(
        request, "classroom/lesson_preview.html", {"lesson": lesson, "view": view, "item": item}
    )


@require_http_methods(["GET", "HEAD", "POST"])
@teacher_only
def delete(request: HttpRequest, slug: str) -> HttpResponse:
    """Delete a lesson of one's own, once asked (classes already run with it keep their items)."""
    lesson = get_object_or_404(Lesson, slug=slug)
    if lesson.owner_id != request.user.pk:
        raise PermissionDenied("This lesson is not yours: only its owner can delete it.")
    if request.method != "POST":
        return render(request, "classroom/lesson_delete.html", {"lesson": lesson})
    lesson.delete()
    return redirect("classroom:home")


def _change(lesson: Lesson, data) -> str:
    """Apply one change from the form; the message of what was wrong, or ''."""
    form = LessonChangeForm(data)
    if not form.is_valid():
        if "title" in form.errors:
            return form.errors["title"][0]
        raise BadRequest(" ".join(m for ms in form.errors.values() for m in ms))
    action, position = form.cleaned_data["action"], form.cleaned_data["position"]
    items = list(lesson.items.all())
    with transaction.atomic():
        if action == "rename":
            lesson.title = form.cleaned_data["title"]
            lesson.save(update_fields=["title"])
            return ""
        if action in ("add-step", "add-question"):
            if action == "add-step":
                chart, _, node = form.cleaned_data["step"].partition("/")
                item = LessonItem(
                    lesson=lesson, chart=chart, node=node, hide_targets=form.cleaned_data["hide"]
                )
            else:
                item = LessonItem(lesson=lesson, question=form.cleaned_data["question"])
            try:
                resolve(item.spec())
            except ItemError as exc:
                return f"That cannot be added: {exc}."
            item.position = (lesson.items.aggregate(m=Max("position"))["m"] or 0) + 1
            item.save()
            return ""
        target = next((i for i in items if i.position == position), None)
        if target is None:
            raise BadRequest("That item is not in this lesson.")
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
    return ""
