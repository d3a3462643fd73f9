"""The header's "Classroom" link, shown to teachers only.

Many pages are built once and kept for everyone (core.pagecache, the quiz's question
pages), so base.html holds a mark where the link goes, and this middleware puts the
link in (or takes the mark out) for whoever asks. Whether the user is a teacher is
read at sign-in and kept in the session: pages for visitors without a session cost
no query, and a signed-in page only the session's, which it reads anyway.
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from .present import is_teacher

MARK = b"<!--classroom-link-->"
SESSION_KEY = "classroom_teacher"  # the user id, when that user is a teacher


def remember_teacher(sender, request, user, **kwargs) -> None:
    """On sign-in (user_logged_in): keep in the session whether this user teaches."""
    if request is not None and hasattr(request, "session"):
        if is_teacher(user):
            request.session[SESSION_KEY] = user.pk
        else:
            request.session.pop(SESSION_KEY, None)


def shows_link(request: HttpRequest) -> bool:
    session = getattr(request, "session", None)
    if session is None:
        return False
    if settings.SESSION_COOKIE_NAME not in request.COOKIES and not session.modified:
        return False  # no session yet: nobody signed in, and no query to find that out
    return session.get(SESSION_KEY) is not None


class TeacherLink:
    def __init__(self, get_response):
        self.get_response = get_response
        self.link: bytes | None = None

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.streaming or not response.get("Content-Type", "").startswith("text/html"):
            return response
        content = response.content
        if MARK not in content:
            return response
        if shows_link(request):
            if self.link is None:
                self.link = f'<a href="{reverse("classroom:home")}">Classroom</a>'.encode()
            content = content.replace(MARK, self.link)
        else:
            content = content.replace(MARK, b"")
        response.content = content
        return response
