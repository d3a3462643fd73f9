"""Who may see and do what in a club session: every classroom view asks here first.

The session's teacher drives it and sees its results (403 for anyone else, the
login page for a signed-out visitor); a student is whoever holds the session's
signed cookie, set when they join; a code that does not exist is a 404, and
guessing codes is slowed down per network address (`throttle`). Each function
returns what the view needs or raises; `with_access` turns what it raises into
the page that says so.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.signing import BadSignature
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from . import throttle
from .models import CODE_ALPHABET, CODE_LENGTH, Lesson, Session
from .present import is_teacher

COOKIE_SALT = "classroom-student"
COOKIE_AGE = 60 * 60 * 12


class NeedLogin(Exception):
    """A signed-out visitor asked for a teacher's page: they are sent to sign in."""


def cookie_name(code: str) -> str:
    return f"pfclass-{code}"


def clean_code(code: str) -> str:
    """The code as stored, or "" when it cannot be one."""
    code = (code or "").strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return ""
    return code


def student_id(request: HttpRequest, code: str) -> int | None:
    """The student this browser joined the session as, from its signed cookie; None if none."""
    try:
        value = request.get_signed_cookie(cookie_name(code), salt=COOKIE_SALT, max_age=COOKIE_AGE)
    except (KeyError, BadSignature):
        return None
    return int(value) if value.isascii() and value.isdigit() else None


def remember_student(response: HttpResponse, request: HttpRequest, code: str, sid: int) -> None:
    """Set the cookie that makes this browser the student `sid` of the session."""
    response.set_signed_cookie(
        cookie_name(code),
        str(sid),
        salt=COOKIE_SALT,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


def find_session(
    request: HttpRequest, code: str, trusted: bool = False, for_update: bool = False
) -> Session:
    """The session with this code; 404 if none. Untrusted lookups are throttled per address.
    `for_update`: its row locked until the transaction ends (the teacher moving on)."""
    code = clean_code(code)
    if not trusted:
        throttle.check(request)
    sessions = Session.objects.select_for_update() if for_update else Session.objects
    session = sessions.filter(code=code).first() if code else None
    if session is None:
        if not trusted:
            throttle.spend(request)
        raise Http404("There is no class with that code.")
    return session


def require_teacher(request: HttpRequest) -> None:
    """Only a signed-in teacher goes on (signed out: to the login page)."""
    if not request.user.is_authenticated:
        raise NeedLogin
    if not is_teacher(request.user):
        raise PermissionDenied("Only teachers can run classes.")


def teacher_session(request: HttpRequest, code: str, for_update: bool = False) -> Session:
    """The session, for its own teacher; 403 for anyone else (signed out: to the login page)."""
    trusted = request.user.is_authenticated
    session = find_session(request, code, trusted=trusted, for_update=for_update)
    if not request.user.is_authenticated:
        if student_id(request, session.code) is not None:
            raise PermissionDenied("Students follow the class; only its teacher drives it.")
        raise NeedLogin
    if session.teacher_id != request.user.pk:
        raise PermissionDenied("Only the teacher who started this class can do that.")
    return session


def student_session(request: HttpRequest, code: str) -> tuple[Session, int]:
    """The session and the student this browser joined it as; 403 if it did not join."""
    code = clean_code(code)
    sid = student_id(request, code)
    session = find_session(request, code, trusted=sid is not None)
    if sid is None:
        raise PermissionDenied("Join the class first: ask your teacher for the code.")
    return session, sid


def member_session(request: HttpRequest, code: str) -> Session:
    """The session, for one of its students or its teacher; 403 for anyone else."""
    code = clean_code(code)
    sid = student_id(request, code)
    session = find_session(request, code, trusted=sid is not None or request.user.is_authenticated)
    if sid is None and session.teacher_id != request.user.pk:
        raise PermissionDenied("Join the class first.")
    return session


def joined_a_class(request: HttpRequest) -> bool:
    """Does this browser hold a student's cookie of some class (a phone in the room)?"""
    return any(
        name.startswith("pfclass-") and student_id(request, name.removeprefix("pfclass-"))
        for name in request.COOKIES
    )


def startable_lessons(user) -> QuerySet[Lesson]:
    """The lessons this user may start (lessons.json): those that ship with the app, and a
    teacher's own; a lesson a teacher built is nobody else's."""
    shipped = Lesson.objects.filter(owner__isnull=True)
    return shipped | Lesson.objects.filter(owner=user) if is_teacher(user) else shipped


def teacher_lesson(request: HttpRequest, slug: str) -> Lesson:
    """A lesson with its answer key (the handout), for teachers: a signed-out visitor is sent
    to sign in, a student (signed in, or a phone that joined a class) gets 403, and another
    teacher's own lesson is 403, as another teacher's class is."""
    if not request.user.is_authenticated and joined_a_class(request):
        raise PermissionDenied("The handout carries the answers: it is for teachers.")
    require_teacher(request)
    lesson = Lesson.objects.filter(slug=slug).first()
    if lesson is None:
        raise Http404("There is no lesson with that name.")
    if lesson.owner_id is not None and lesson.owner_id != request.user.pk:
        raise PermissionDenied("This lesson is another teacher's.")
    return lesson


def with_access(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Turn what this module raises into its page: the login page, or 429 with Retry-After.

    (403 and 404 are Django's own exceptions and reach its error pages unchanged.)
    """

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NeedLogin:
            return redirect_to_login(request.get_full_path())
        except throttle.Throttled as exc:
            response = render(request, "classroom/throttled.html", {"wait": exc.wait}, status=429)
            response["Retry-After"] = str(exc.wait)
            return response

    return wrapper


def teacher_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view for signed-in teachers alone (with `with_access` around it)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        require_teacher(request)
        return view(request, *args, **kwargs)

    return with_access(wrapper)
