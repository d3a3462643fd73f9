"""htmx, decided in one place: is this request for a fragment of a page, or a whole page?"""

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any

from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse
from django_htmx.http import HttpResponseClientRedirect


def is_fragment(request: HttpRequest) -> bool:
    """An htmx swap wants a fragment; a history restore (and any plain request) a whole page."""
    htmx = getattr(request, "htmx", None)
    if not htmx:
        return False
    return not htmx.history_restore_request


def fragment_target(request: HttpRequest) -> str:
    """The id of the element an htmx swap replaces ("step", "table"); "" for a whole page."""
    htmx = getattr(request, "htmx", None)
    return (htmx.target or "") if htmx and is_fragment(request) else ""


def full_page_on_error(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """An htmx click that lands on a 400 or 404 goes there as a full page.

    htmx swaps nothing for an error by default, so a stale link (content changed
    since the page was loaded) would seem dead; the browser is sent to the address
    instead, where the site's error page says what happened. For pages a learner
    clicks through (the step pages), not site-wide: a poll that meets a 404 must
    see the 404.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            response = view(request, *args, **kwargs)
        except (Http404, BadRequest):
            if not is_fragment(request):
                raise
            return HttpResponseClientRedirect(request.get_full_path())
        if response.status_code in (400, 404) and is_fragment(request):
            return HttpResponseClientRedirect(request.get_full_path())
        return response

    return wrapper


def wants_json(request: HttpRequest) -> bool:
    """The client asked for JSON by name (`Accept: application/json`), before any page.

    A browser (`text/html, ..., */*`) and a client that accepts anything (`*/*`, or no
    Accept at all) get the page: HTML is named first among what we can send.
    """
    return _names_json_first(request.headers.get("Accept", ""))


@lru_cache(maxsize=256)
def _names_json_first(accept: str) -> bool:
    """Decided once per Accept header (a program sends the same one every time), by
    Django's own reading of it."""
    asked = HttpRequest()
    asked.META["HTTP_ACCEPT"] = accept
    return asked.get_preferred_type(["text/html", "application/json"]) == "application/json"
