"""Club sessions: the teacher's projector, the students' phones, the JSON of classroom-contract.md.

Who may do what: the session's teacher drives it and sees the results (403 for
anyone else, the login page for a signed-out visitor); a student is whoever
holds the session's signed cookie, set when they join; a code that does not
exist is a 404, and guessing codes is slowed down per address (`throttle`).
"""

import csv
import hashlib
import json

from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import BadRequest, PermissionDenied
from django.core.signing import BadSignature
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, F
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
    JsonResponse,
)
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from . import throttle
from .models import CODE_ALPHABET, CODE_LENGTH, Answer, Lesson, Session, Student, new_code
from .present import (
    is_teacher,
    item_view,
    per_student,
    phone_context,
    stage_context,
    tallies,
)

COOKIE_SALT = "classroom-student"
COOKIE_AGE = 60 * 60 * 12


def cookie_name(code: str) -> str:
    return f"pfclass-{code}"


def clean_code(code: str) -> str:
    code = (code or "").strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return ""
    return code


def student_id(request: HttpRequest, code: str) -> int | None:
    try:
        value = request.get_signed_cookie(cookie_name(code), salt=COOKIE_SALT, max_age=COOKIE_AGE)
    except (KeyError, BadSignature):
        return None
    return int(value) if value.isascii() and value.isdigit() else None


def find_session(request: HttpRequest, code: str, trusted: bool = False) -> Session:
    """The session with this code; 404 if none. Untrusted lookups are throttled per address."""
    code = clean_code(code)
    if not trusted:
        throttle.check(request)
    session = Session.objects.filter(code=code).first() if code else None
    if session is None:
        if not trusted:
            throttle.spend(request)
        raise Http404("There is no class with that code.")
    return session


def teacher_session(request: HttpRequest, code: str) -> Session:
    """The session, for its own teacher; 403 for anyone else (signed out: to the login page)."""
    session = find_session(request, code, trusted=request.user.is_authenticated)
    if not request.user.is_authenticated:
        if student_id(request, session.code) is not None:
            raise PermissionDenied("Students follow the class; only its teacher drives it.")
        raise NeedLogin
    if session.teacher_id != request.user.pk:
        raise PermissionDenied("Only the teacher who started this class can do that.")
    return session


class NeedLogin(Exception):
    pass


def with_access(view):
    """Turn the access exceptions of this module into their pages."""

    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except NeedLogin:
            return redirect_to_login(request.get_full_path())
        except throttle.Throttled as exc:
            response = render(request, "classroom/throttled.html", {"wait": exc.wait}, status=429)
            response["Retry-After"] = str(exc.wait)
            return response

    wrapper.__name__ = view.__name__
    wrapper.__doc__ = view.__doc__
    return wrapper


def require_teacher(request: HttpRequest) -> None:
    if not request.user.is_authenticated:
        raise NeedLogin
    if not is_teacher(request.user):
        raise PermissionDenied("Only teachers can run classes.")


def _etag(*parts) -> str:
    return '"' + hashlib.blake2b(repr(parts).encode(), digest_size=8).hexdigest() + '"'


def _not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
        response["ETag"] = etag
        response["Cache-Control"] = "no-store"
        return response
    return None


def _fresh(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = "no-store"
    return response


# ---- lessons ---------------------------------------------------------------------------------


@require_safe
def lessons_json(request: HttpRequest) -> JsonResponse:
    lessons = [
        {"slug": slug, "title": title, "items": n}
        for slug, title, n in Lesson.objects.values_list("slug", "title").annotate(n=Count("items"))
    ]
    return JsonResponse({"lessons": lessons})


@require_safe
@with_access
def teacher_home(request: HttpRequest) -> HttpResponse:
    require_teacher(request)
    lessons = Lesson.objects.filter(owner__isnull=True) | Lesson.objects.filter(owner=request.user)
    lessons = lessons.annotate(n=Count("items")).order_by("owner_id", "source_file", "id")
    sessions = Session.objects.filter(teacher=request.user).only(
        "code", "title", "started", "ended", "students", "items"
    )[:30]
    return render(request, "classroom/home.html", {"lessons": lessons, "sessions": sessions})


@require_POST
@with_access
def start(request: HttpRequest) -> HttpResponse:
    require_teacher(request)
    lesson = Lesson.objects.filter(slug=request.POST.get("lesson", "")).first()
    if lesson is None:
        raise BadRequest("There is no lesson with that name.")
    items = lesson.snapshot()
    if not items:
        raise BadRequest("This lesson has no items yet: add some before starting it.")
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
        item = _int(request.GET.get("item"), 0, len(session.items) - 1)
        context = stage_context(request, session, item=session.item if item is None else item)
        return render(request, "classroom/present.html", context)
    etag = _etag("stage", session.version)
    if request.htmx and (not_modified := _not_modified(request, etag)):
        return not_modified
    context = stage_context(request, session, headers=json.dumps({"If-None-Match": etag}))
    template = "classroom/present.html#stage" if request.htmx else "classroom/present.html"
    return _fresh(render(request, template, context), etag)


@require_POST
@with_access
def present_action(request: HttpRequest, code: str, action: str) -> HttpResponse:
    session = teacher_session(request, code)
    with transaction.atomic():
        s = Session.objects.select_for_update().get(pk=session.pk)
        last = len(s.items) - 1
        if s.ended:
            pass
        elif action == "next" and s.item < last:
            s.item += 1
        elif action == "prev" and s.item > 0:
            s.item -= 1
        elif action == "reveal" and s.kind == "question" and not s.revealed:
            s.revealed_items = sorted({*s.revealed_items, s.item})
        elif action == "end":
            s.ended, s.ended_at = True, timezone.now()
        else:
            action = ""
        if action:
            s.version = F("version") + 1
            s.save(update_fields=["item", "revealed_items", "ended", "ended_at", "version"])
            s.refresh_from_db(fields=["version"])
    if request.htmx:
        etag = _etag("stage", s.version)
        context = stage_context(request, s, headers=json.dumps({"If-None-Match": etag}))
        return _fresh(render(request, "classroom/present.html#stage", context), etag)
    return redirect("classroom:present", code=s.code)


@require_safe
@with_access
def present_live(request: HttpRequest, code: str) -> HttpResponse:
    """The live bar chart and the count of students, for the projector's poll."""
    session = teacher_session(request, code)
    entry = tallies(session, only=session.item)[session.item]
    etag = _etag("live", session.version, session.students, entry)
    if not_modified := _not_modified(request, etag):
        return not_modified
    context = stage_context(request, session, entry=entry, live_only=True)
    return _fresh(render(request, "classroom/present.html#live", context), etag)


@require_safe
@with_access
def results_json(request: HttpRequest, code: str) -> JsonResponse:
    session = teacher_session(request, code)
    return JsonResponse({"students": session.students, "items": tallies(session)})


@require_safe
@with_access
def state_json(request: HttpRequest, code: str) -> HttpResponse:
    code = clean_code(code)
    trusted = student_id(request, code) is not None or request.user.is_authenticated
    session = find_session(request, code, trusted=trusted)
    teacher = session.teacher_id == request.user.pk
    if student_id(request, code) is None and not teacher:
        raise PermissionDenied("Join the class first.")
    etag = _etag("state", session.version, session.students, teacher)
    if not_modified := _not_modified(request, etag):
        return not_modified
    return _fresh(JsonResponse(session.state(teacher=teacher)), etag)


# ---- summary, CSV, handout -------------------------------------------------------------------


@require_safe
@with_access
def summary(request: HttpRequest, code: str) -> HttpResponse:
    session = teacher_session(request, code)
    entries = tallies(session)
    rows = []
    for i, (spec, entry) in enumerate(zip(session.items, entries, strict=True)):
        view = item_view(spec)
        rows.append(
            {
                "index": i,
                "view": view,
                "entry": entry,
                "bars": _bars(view, entry),
                "percent": round(100 * entry["right"] / entry["total"]) if entry["total"] else None,
            }
        )
    students = per_student(session)
    return render(
        request,
        "classroom/summary.html",
        {
            "session": session,
            "rows": rows,
            "students": students,
            "questions": [r for r in rows if r["view"].kind == "question"],
        },
    )


def _bars(view, entry) -> list[dict]:
    from .present import bars

    return bars(view, entry, revealed=True)


@require_safe
@with_access
def results_csv(request: HttpRequest, code: str) -> HttpResponse:
    """One row a student: their answer to each question and whether it was right."""
    session = teacher_session(request, code)
    question_items = [i for i, spec in enumerate(session.items) if spec["kind"] == "question"]
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="penaltyflow-class-{session.code}-students.csv"'
    )
    writer = csv.writer(response)
    header = ["student"]
    for i in question_items:
        header += [f"item {i + 1} ({session.items[i]['question']}) answer", f"item {i + 1} right"]
    writer.writerow(header + ["right", "answered"])
    for student in per_student(session):
        row = [student["name"]]
        for i in question_items:
            answer = student["answers"].get(i)
            row += [
                answer.keys if answer else "",
                ("yes" if answer.right else "no") if answer else "",
            ]
        writer.writerow(row + [student["right"], student["answered"]])
    return response


@require_safe
@with_access
def items_csv(request: HttpRequest, code: str) -> HttpResponse:
    """One row an item: how many answered, how many were right, and each answer's count."""
    session = teacher_session(request, code)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="penaltyflow-class-{session.code}-items.csv"'
    )
    writer = csv.writer(response)
    writer.writerow(
        ["item", "kind", "question", "title", "answered", "right", "% right", "answers"]
    )
    for spec, entry in zip(session.items, tallies(session), strict=True):
        view = item_view(spec)
        percent = round(100 * entry["right"] / entry["total"]) if entry["total"] else ""
        answers = " ".join(f"{k}={n}" for k, n in sorted(entry["answers"].items()))
        writer.writerow(
            [
                entry["item"] + 1,
                spec["kind"],
                entry["question"] or "",
                view.title,
                entry["total"],
                entry["right"],
                percent,
                answers,
            ]
        )
    return response


@require_safe
def handout(request: HttpRequest, slug: str) -> HttpResponse:
    lesson = get_object_or_404(Lesson, slug=slug)
    paper = "letter" if request.GET.get("paper") == "letter" else "a4"
    views = [item_view(item.spec()) for item in lesson.items.all()]
    charts = []
    for view in views:
        if view.chart is not None and view.chart not in charts:
            charts.append(view.chart)
    context = {
        "lesson": lesson,
        "views": views,
        "paper": paper,
        "charts": charts,
        "has_questions": any(v.kind == "question" for v in views),
    }
    return render(request, "classroom/handout.html", context)


# ---- the phones ------------------------------------------------------------------------------


@with_access
def join_any(request: HttpRequest) -> HttpResponse:
    """The form that takes a code (and a name); posting it joins that class."""
    if request.method == "POST":
        code = clean_code(request.POST.get("code", ""))
        if not code:
            context = {"error": "A class code is six letters and digits.", "name": ""}
            return render(request, "classroom/join.html", context, status=400)
        return join(request, code)
    return render(request, "classroom/join.html", {"code": ""})


@with_access
def join(request: HttpRequest, code: str) -> HttpResponse:
    if request.method not in ("GET", "HEAD", "POST"):
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD, POST"})
    session = find_session(request, code)
    if request.method != "POST":
        already = student_id(request, session.code) is not None
        return render(
            request,
            "classroom/join.html",
            {"session": session, "code": session.code, "already": already},
        )
    name = " ".join(request.POST.get("name", "").split())[:40]
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
    response.set_signed_cookie(
        cookie_name(session.code),
        str(student.pk),
        salt=COOKIE_SALT,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response


def _poll_marker(code: str, sid: int) -> tuple[int, str | None] | None:
    """The session's version and this student's answer to its current item, in one query."""
    q = connection.ops.quote_name
    sql = (
        f"SELECT s.{q('version')}, (SELECT a.{q('keys')} FROM {q(Answer._meta.db_table)} a"
        f" WHERE a.{q('student_id')} = %s AND a.{q('item')} = s.{q('item')})"
        f" FROM {q(Session._meta.db_table)} s WHERE s.{q('code')} = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [sid, code])
        return cursor.fetchone()


def _joined(request: HttpRequest, code: str) -> tuple[Session, int]:
    code = clean_code(code)
    sid = student_id(request, code)
    session = find_session(request, code, trusted=sid is not None)
    if sid is None:
        raise PermissionDenied("Join the class first: ask your teacher for the code.")
    return session, sid


@require_safe
@with_access
def phone(request: HttpRequest, code: str) -> HttpResponse:
    code = clean_code(code)
    if request.htmx and (sid := student_id(request, code)) is not None:
        # A phone's poll, 150 a second in a club: one small query, then a 304 when nothing
        # is new, or the live part as another phone with the same answer already got it.
        marker = _poll_marker(code, sid)
        if marker is not None:
            etag = _etag("phone", *marker)
            if not_modified := _not_modified(request, etag):
                return not_modified
            if (html := cache.get(_phone_key(code, *marker))) is not None:
                return _fresh(HttpResponse(html), etag)
    session, sid = _joined(request, code)
    return _phone_page(request, session, _mine(session, sid))


def _phone_key(code: str, version: int, mine: str | None) -> str:
    return f"classroom:phone:{code}:{version}:{mine}"


def _mine(session: Session, sid: int) -> str | None:
    """This student's answer to the session's current item (keys, comma-separated)."""
    answers = Answer.objects.filter(student_id=sid, item=session.item)
    return answers.values_list("keys", flat=True).first()


def _phone_page(request, session: Session, mine: str | None, notice="", status=200):
    """The phone's page, or (htmx) its live part. The live part is the same for every phone
    with the same answer, so it is built once per worker for each version of the session
    (after the teacher moves on, 300 phones ask for it within a second)."""
    etag = _etag("phone", session.version, mine)
    if request.htmx and status == 200 and (not_modified := _not_modified(request, etag)):
        return not_modified
    context = phone_context(request, session, mine, etag, notice=notice)
    if not request.htmx:
        context["csrf_headers"] = json.dumps({"X-CSRFToken": get_token(request)})
        return _fresh(render(request, "classroom/phone.html", context, status=status), etag)
    if session.ended or notice:  # once, or rare: not worth keeping
        html = render_to_string("classroom/phone.html#live", context, request=request)
    else:
        key = _phone_key(session.code, session.version, mine)
        html = cache.get(key)
        if html is None:
            context["shared"] = True  # no CSRF token in it: htmx sends the page's header
            html = render_to_string("classroom/phone.html#live", context)
            cache.set(key, html, 600)
    return _fresh(HttpResponse(html, status=status), etag)


@require_POST
@with_access
def answer(request: HttpRequest, code: str) -> HttpResponse:
    session, sid = _joined(request, code)
    item = _int(request.POST.get("item"), 0, max(len(session.items) - 1, 0))
    if item is None:
        raise BadRequest("'item' is the number of an item of this class.")
    keys = sorted(set(request.POST.getlist("answer")))
    if not session.open_for(item):
        return _closed(request, session, sid)
    view = item_view(session.items[item])
    valid = {key for key, _ in view.answer_choices}
    if not keys or any(k not in valid for k in keys) or (len(keys) > 1 and not view.multiple):
        if _wants_json(request):
            return JsonResponse({"error": "Choose one of the answers shown."}, status=400)
        raise BadRequest("Choose one of the answers shown.")
    right = set(keys) == view.right_keys
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
        Answer.objects.bulk_create(
            [
                Answer(
                    session_id=session.pk,
                    student_id=sid,
                    item=item,
                    keys=",".join(keys),
                    right=right,
                )
            ],
            update_conflicts=True,
            unique_fields=["student", "item"],
            update_fields=["keys", "right", "updated"],
        )
    if _wants_json(request):
        return JsonResponse({"item": item, "answer": keys, "recorded": True})
    if request.htmx:
        return _phone_page(request, session, ",".join(keys))
    return redirect("classroom:phone", code=session.code)


def _closed(request, session, sid) -> HttpResponse:
    message = "This question is closed: the teacher has moved on or shown the answer."
    if _wants_json(request):
        return JsonResponse({"error": message}, status=409)
    if request.htmx:
        # 409, and htmx swaps it in (see the htmx-config meta tag): the phone catches up.
        fresh = Session.objects.get(pk=session.pk)
        return _phone_page(request, fresh, _mine(fresh, sid), notice=message, status=409)
    return render(
        request, "classroom/closed.html", {"session": session, "message": message}, status=409
    )


@require_safe
@with_access
def diagram(request: HttpRequest, code: str) -> HttpResponse:
    """The current item's chart, for a phone that opens it (kept out of every poll)."""
    code = clean_code(code)
    sid = student_id(request, code)
    session = find_session(request, code, trusted=sid is not None or request.user.is_authenticated)
    if sid is None and session.teacher_id != request.user.pk:
        raise PermissionDenied("Join the class first.")
    view = item_view(session.current)
    diagram = view.answer_diagram if session.revealed else view.diagram  # none while it is open
    return render(request, "classroom/_diagram.html", {"view": view, "diagram": diagram})


@require_POST
@with_access
def keep(request: HttpRequest, code: str) -> HttpResponse:
    """A student keeps the lesson's questions in their own review queue."""
    session, _ = _joined(request, code)
    from . import questions

    qids = [spec["question"] for spec in session.items if spec["kind"] == "question"]
    added = questions.add_to_review(request, qids) if qids else 0
    return render(
        request, "classroom/kept.html", {"session": session, "added": added, "asked": len(qids)}
    )


# ---- helpers ---------------------------------------------------------------------------------


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _int(value, lowest: int, highest: int) -> int | None:
    if value is None or not str(value).isascii() or not str(value).isdigit() or len(str(value)) > 6:
        return None
    number = int(value)
    return number if lowest <= number <= highest else None
