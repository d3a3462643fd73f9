"""Pages that are the same for everyone are built once; what is anyone's own is not kept.

A kept page is built once for everyone, from a *public request*: the view runs with the
address alone (scheme, host, path, the query parameters it declares) and the htmx
headers; no cookies, no session, an anonymous user. It returns a `TemplateResponse`,
and the template is rendered with no request context at all: no user, no CSRF token,
no context processors. What it renders is kept under the content's generation and the
address. So the kept text cannot hold one visitor's data: none was there to hold.

The visitor's own parts of a page (a form's CSRF token, the header's Classroom link for
a teacher) are `{% per_visitor "template.html" %}` tags: not kept, but rendered for each
request, with that request, where the tag stands (on any other page the tag renders
its template in place, as `{% include %}` would). Serving a kept page is its kept
text with those few templates rendered between; nothing is patched into it.

Something of a visitor's put straight into base.html or a kept page's template (not
in a per_visitor template) shows to nobody on kept pages, never to someone else.

The content's generation is a counter that every change of content (a load, an admin
save) moves forward in the same transaction, and never back. This process sees a new
generation as soon as the change is committed; other worker processes within
STAMP_SECONDS, when they next read it (one small query).
"""

import hashlib
import io
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, NamedTuple

from django import forms
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIRequest
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.template import Context
from django.template.loader import get_template, render_to_string
from django.template.response import TemplateResponse
from django.utils.http import urlencode
from django_htmx.middleware import HtmxDetails

from penaltyflow.core.htmx import fragment_target, is_fragment
from penaltyflow.core.models import ContentGeneration

STAMP_SECONDS = 1.0
_stamp: tuple[float, str] | None = None


def content_stamp() -> str:
    global _stamp
    now = time.monotonic()
    if _stamp is None or now - _stamp[0] > STAMP_SECONDS:
        generation = ContentGeneration.objects.values_list("value", flat=True).first() or 0
        _stamp = (now, str(generation))
    return _stamp[1]


def content_changed() -> None:
    """Move the generation on; this process reads it again once the change is committed."""
    updated = ContentGeneration.objects.filter(pk=1).update(value=F("value") + 1)
    if not updated:
        ContentGeneration.objects.create(pk=1, value=1)
    forget_stamp()  # this connection sees the new generation at once,
    transaction.on_commit(forget_stamp)  # and everyone once it is committed


def forget_stamp() -> None:
    global _stamp
    _stamp = None


# What of the request a kept page may depend on: its address and the htmx headers.
PUBLIC_HEADERS = ("HTTP_HX_REQUEST", "HTTP_HX_TARGET", "HTTP_HX_HISTORY_RESTORE_REQUEST")


def public_request(request: HttpRequest, names: tuple[str, ...]) -> HttpRequest:
    """The request as anyone asking for this address would make it: the scheme, host and
    path, the declared query parameters (in the order asked: links keep it) and the htmx
    headers; no cookies, no session, no user. The page cache keys on all of these."""
    query = [
        (name, value) for name, values in request.GET.lists() if name in names for value in values
    ]
    environ = {
        "REQUEST_METHOD": request.method,
        "SCRIPT_NAME": request.META.get("SCRIPT_NAME", ""),
        "PATH_INFO": request.path_info,
        "QUERY_STRING": urlencode(query),
        "HTTP_HOST": request.get_host(),  # checked against ALLOWED_HOSTS already
        "SERVER_NAME": request.META.get("SERVER_NAME", ""),
        "SERVER_PORT": request.META.get("SERVER_PORT", ""),
        "wsgi.url_scheme": request.scheme,
        "wsgi.input": io.BytesIO(),
    }
    environ |= {name: request.META[name] for name in PUBLIC_HEADERS if name in request.META}
    public = WSGIRequest(environ)
    public.user = AnonymousUser()
    public.htmx = HtmxDetails(public)  # type: ignore[attr-defined]
    return public


class Slot(NamedTuple):
    """A visitor's own template in a kept page; `session_only`: it shows nothing to a
    visitor without a session cookie, so it is not rendered for them."""

    template: str
    session_only: bool = False

    def render(self, request: HttpRequest) -> bytes:
        if self.session_only and settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return b""
        return render_to_string(self.template, request=request).encode()


@dataclass
class Kept:
    """What is kept of a page: pieces of its text, encoded as they are sent, with between
    them the visitor's own templates (bytes, slot, bytes, ...)."""

    pieces: list[bytes | Slot] = field(default_factory=list)
    # While it is built: the {% per_visitor %} templates met, and the mark for their places.
    slots: list[Slot] = field(default_factory=list, repr=False)
    mark: str = field(default_factory=lambda: f"\x00visitor-{uuid.uuid4().hex}-", repr=False)

    def cut(self, html: str) -> list[bytes | Slot]:
        pieces: list[bytes | Slot] = []
        for n, piece in enumerate(html.split(self.mark)):
            if n == 0:
                pieces.append(piece.encode())
            else:
                slot, _, text = piece.partition("\x00")
                pieces += [self.slots[int(slot)], text.encode()]
        return pieces


def build(response: TemplateResponse, public: HttpRequest) -> Kept:
    """Render the view's template for nobody: no request context, only the public request
    (for `{{ request.path }}` and `{% querystring %}`)."""
    name = response.template_name
    if not isinstance(name, str):
        raise TypeError("a kept page names one template")
    kept = Kept()
    context = Context({**(response.context_data or {}), "request": public, "kept_page": kept})
    context.request = public  # type: ignore[attr-defined]  # read by {% querystring %}
    html = get_template(name).template.render(context)  # type: ignore[attr-defined]
    kept.pieces, kept.slots = kept.cut(html), []
    return kept


# A kept page is kept apart for htmx's swaps (a fragment, which target) and whole pages.
VARY = "HX-Request, HX-History-Restore-Request, HX-Target"


def serve(request: HttpRequest, kept: Kept) -> HttpResponse:
    """The kept text, with the visitor's own templates rendered for this request."""
    return HttpResponse(
        b"".join(
            piece if isinstance(piece, bytes) else piece.render(request) for piece in kept.pieces
        ),
        headers={"Vary": VARY},
    )


def cached_by_content(
    query: type[forms.Form] | None = None,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Keep what the view builds per generation, URL, query and fragment-or-page.

    `query` is the form that declares the query parameters the view reads: the key
    holds each of its fields, and the view sees only those (so a parameter not declared
    cannot change a kept page). A view that reads none passes nothing. The view gets the
    public request and returns a `TemplateResponse` (kept if its status is 200) or any
    other response (served as it is, not kept).
    """
    names = tuple(query.base_fields) if query is not None else ()

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            fragment = is_fragment(request)
            material = repr(
                [
                    view.__module__,
                    view.__name__,
                    args,
                    sorted(kwargs.items()),
                    fragment,
                    fragment and fragment_target(request),  # a step's table alone, or all
                    [(name, request.GET.getlist(name)) for name in names],
                    request.scheme,  # pages name their own absolute address (rel=canonical)
                    request.get_host(),
                ]
            )
            digest = hashlib.blake2b(material.encode(), digest_size=20).hexdigest()
            key = f"page:{content_stamp()}:{digest}"  # short and fixed, whatever the URL
            kept = cache.get(key)
            if kept is None:
                public = public_request(request, names)
                built = view(public, *args, **kwargs)
                if not isinstance(built, TemplateResponse) or built.status_code != 200:
                    return built
                kept = build(built, public)
                cache.set(key, kept)
            return serve(request, kept)

        return wrapper

    return decorate
