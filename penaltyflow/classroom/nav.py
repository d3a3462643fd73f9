"""The header's "Classroom" link, shown to teachers only.

base.html shows it when the context processor `classroom_link` says so; every page
renders base.html for whoever asks (kept pages too: core.pagecache keeps only their
content). Whether the user is a teacher is read at sign-in and kept in the session:
pages for visitors without a session cost no query, and a signed-in page only the
session's, which it reads anyway.
"""

from django.conf import settings
from django.http import HttpRequest

from .present import is_teacher

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


def classroom_link(request: HttpRequest) -> dict[str, bool]:
    """Context processor: {{ classroom_link }} is true for a teacher's pages."""
    return {"classroom_link": shows_link(request)}
