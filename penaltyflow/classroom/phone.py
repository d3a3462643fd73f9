"""The students' pages: joining by code, the phone that follows the teacher, answering."""

import json

from django.core.cache import cache
from django.core.exceptions import BadRequest
from django.db import transaction
from django.db.models import F, OuterRef, Subquery
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from penaltyflow.core.htmx import wants_json

from . import questions
from .access import (
    clean_code,
    find_session,
    member_session,
    remember_student,
    student_id,
    student_session,
    with_access,
)
from .conditional import etag, fresh, not_modified
from .forms import AnswerForm, JoinAnyForm, JoinForm
from .models import Answer, Session, Student
from .present import item_view, phone_context


@require_http_methods(["GET", "HEAD", "POST"])
@with_access
def join_any(request: HttpRequest) -> HttpResponse:
    """The form that takes a code (and a name); posting it joins that class.

    A mistyped code shows the form again, with what was typed and what is wrong with it.
    """
    if request.method != "POST":
        return render(request, "classroom/join.html", {"form": JoinAnyForm()})
    form = JoinAnyForm(request.POST)
    if not form.is_valid():
        return render(request, "classroom/join.html", {"form": form}, status=400)
    try:
        session = find_session(request, form.cleaned_data["code"])
    except Http404:
        form.add_error(
            "code",
            f"There is no class with the code {form.cleaned_data['code']}. "
            "Check it on the teacher's screen (and that the class has started).",
        )
        return render(request, "classroom/join.html", {"form": form}, status=404)
    return _join(request, session, form.cleaned_data["name"])


@require_http_methods(["GET", "HEAD", "POST"])
@with_access
def join(request: HttpRequest, code: str) -> HttpResponse:
    session = find_session(request, code)
    if request.method != "POST":
        already = student_id(request, session.code) is not None
        return render(
            request,
            "classroom/join.html",
            {"session": session, "form": JoinForm(), "already": already},
        )
    form = JoinForm(request.POST)
    if not form.is_valid():  # a name is free text: only a tampered form gets here
        raise BadRequest("That name cannot be used.")
    return _join(request, session, form.cleaned_data["name"])


def _join(request: HttpRequest, session: Session, name: str) -> HttpResponse:
    if (sid := student_id(request, session.code)) is not None and Student.objects.filter(
        pk=sid, session=session
    ).exists():
        if name:
            Student.objects.filter(pk=sid).update(name=name)
        return redirect("classroom:phone", code=session.code)
    with transaction.atomic():
        student = Student.objects.create(session=session, name=name)
        Session.objects.filter(pk=session.pk).update(students=F("students") + 1)
    response = redirect("classroom:phone", code=session.code)
    remember_student(response, request, session.code, student.pk)
    return response


@require_safe
@with_access
def state_json(request: HttpRequest, code: str) -> HttpResponse:
    session = member_session(request, code)
    teacher = session.teacher_id == request.user.pk  # a student is not told an open question
    tag = etag("state", session.version, session.students, teacher)
    if unchanged := not_modified(request, tag):
        return unchanged
    return fresh(JsonResponse(session.state(teacher=teacher)), tag)


def _poll_marker(code: str, sid: int) -> tuple[int, str | None] | None:
    """The session's version and this student's answer to its current item, in one query."""
    mine = Answer.objects.filter(student_id=sid, item=OuterRef("item")).values("answer__keys")
    sessions = Session.objects.filter(code=code).annotate(mine=Subquery(mine[:1]))
    marker = sessions.values_list("version", "mine").first()
    return marker and (marker[0], _joined(marker[1]))


def _joined(keys: list[str] | None) -> str | None:
    return None if keys is None else ",".join(keys)


@require_safe
@with_access
def phone(request: HttpRequest, code: str) -> HttpResponse:
    code = clean_code(code)
    if request.htmx and (sid := student_id(request, code)) is not None:
        # A phone's poll, 150 a second in a club: one small query, then a 304 when nothing
        # is new, or the live part as another phone with the same answer already got it.
        marker = _poll_marker(code, sid)
        if marker is not None:
            tag = etag("phone", *marker)
            if unchanged := not_modified(request, tag):
                return unchanged
            if (html := cache.get(_phone_key(code, *marker))) is not None:
                return fresh(HttpResponse(html), tag)
    session, sid = student_session(request, code)
    return _phone_page(request, session, _mine(session, sid))


def _phone_key(code: str, version: int, mine: str | None) -> str:
    return f"classroom:phone:{code}:{version}:{mine}"


def _mine(session: Session, sid: int) -> str | None:
    """This student's answer to the session's current item (keys, comma-separated)."""
    answers = Answer.objects.filter(student_id=sid, item=session.item)
    return _joined(answers.values_list("answer__keys", flat=True).first())


def _phone_page(
    request, session: Session, mine: str | None, notice="", status=200, answer_error=""
):
    """The phone's page, or (htmx) its live part. The live part is the same for every phone
    with the same answer, so it is built once per worker for each version of the session
    (after the teacher moves on, 300 phones ask for it within a second)."""
    tag = etag("phone", session.version, mine)
    if request.htmx and status == 200 and (unchanged := not_modified(request, tag)):
        return unchanged
    context = phone_context(request, session, mine, tag, notice=notice)
    context["answer_error"] = answer_error  # said beside the answers, where the player looks
    if not request.htmx:
        context["csrf_headers"] = json.dumps({"X-CSRFToken": get_token(request)})
        return fresh(render(request, "classroom/phone.html", context, status=status), tag)
    if session.ended or notice or answer_error:  # once, or rare: not worth keeping
        html = render_to_string("classroom/phone.html#live", context, request=request)
    else:
        key = _phone_key(session.code, session.version, mine)
        html = cache.get(key)
        if html is None:
            context["shared"] = True  # no CSRF token in it: htmx sends the page's header
            html = render_to_string("classroom/phone.html#live", context)
            cache.set(key, html, 600)
    return fresh(HttpResponse(html, status=status), tag)


@require_POST
@with_access
def answer(request: HttpRequest, code: str) -> HttpResponse:
    session, sid = student_session(request, code)
    form = AnswerForm(request.POST, session=session)
    form.is_valid()
    if "item" in form.errors:
        raise BadRequest("'item' is the number of an item of this class.")
    item = form.cleaned_data["item"]
    if not session.open_for(item):
        return _closed(request, session, sid)
    if form.errors:
        message = form.errors["answer"][0]
        if wants_json(request):
            return JsonResponse({"error": message}, status=400)
        if not form.nothing_ticked:  # a choice no page shows: a tampered form
            raise BadRequest(message)
        # The page again, with the message (htmx swaps a 422 in: see room.html's htmx-config).
        status = 422 if request.htmx else 400
        return _phone_page(
            request, session, _mine(session, sid), answer_error=message, status=status
        )
    keys, view = form.cleaned_data["answer"], form.view
    with transaction.atomic():
        # The session's row is locked while the answer is written: the teacher's
        # reveal or next either comes before (409) or after (the answer counts).
        s = (
            Session.objects.select_for_update()
            .only("item", "items", "revealed_items", "ended")
            .get(pk=session.pk)
        )
        if not s.open_for(item):
            return _closed(request, session, sid)
        # Graded and kept once, by the quiz's answer post; this student's answer to the
        # item is now that one.
        posted = questions.post_answer(sid, view.question, keys)
        if posted.limited:
            return _closed(request, session, sid, _too_many(posted.wait), 429, posted.wait)
        Answer.objects.bulk_create(
            [Answer(session_id=session.pk, student_id=sid, item=item, answer=posted.answer)],
            update_conflicts=True,
            unique_fields=["student", "item"],
            update_fields=["answer", "updated"],
        )
    if wants_json(request):
        return JsonResponse({"item": item, "answer": keys, "recorded": True})
    if request.htmx:
        return _phone_page(request, session, ",".join(keys))
    return redirect("classroom:phone", code=session.code)


CLOSED = "This question is closed: the teacher has moved on or shown the answer."


def _too_many(wait: int) -> str:
    return f"Too many answers in a minute: wait {wait} s, then answer again."


def _closed(request, session, sid, message=CLOSED, status=409, wait=None) -> HttpResponse:
    """The answer was not kept: 409 (the item is closed) or 429 (too many, `wait` s)."""
    if wants_json(request):
        response = JsonResponse({"error": message}, status=status)
    elif request.htmx:
        # htmx swaps it in (see the htmx-config meta tag): the phone catches up.
        latest = Session.objects.get(pk=session.pk)
        response = _phone_page(request, latest, _mine(latest, sid), notice=message, status=status)
    else:
        context = {"session": session, "message": message}
        response = render(request, "classroom/closed.html", context, status=status)
    if wait is not None:
        response["Retry-After"] = str(wait)
    return response


@require_safe
@with_access
def diagram(request: HttpRequest, code: str) -> HttpResponse:
    """The current item's chart, for a phone that opens it (kept out of every poll)."""
    session = member_session(request, code)
    view = item_view(session.current)
    diagram = view.answer_diagram if session.revealed else view.diagram  # none while it is open
    return render(request, "classroom/_diagram.html", {"view": view, "diagram": diagram})


@require_POST
@with_access
def keep(request: HttpRequest, code: str) -> HttpResponse:
    """A student keeps the lesson's questions in their own review queue."""
    session, _ = student_session(request, code)
    qids = [spec["question"] for spec in session.items if spec["kind"] == "question"]
    added = questions.add_to_review(request, qids) if qids else 0
    return render(
        request, "classroom/kept.html", {"session": session, "added": added, "asked": len(qids)}
    )
