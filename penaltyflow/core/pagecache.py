"""Pages that are the same for everyone are built once; what is anyone's own is not kept.

A kept page is two renders:

1. **The content, built once for everyone.** The view runs with a *public request*: the
   address (scheme, host, path, the query parameters it declares) and the htmx headers;
   no cookies, no session, an anonymous user. It returns a `TemplateResponse` of a
   template that extends `kept/parts.html`; that template is rendered with no request
   context at all (no user, no CSRF token, no context processors), and its blocks
   (title, description, head, main_class, content) are kept under the content's
   generation and the address. An htmx fragment (`"page.html#partial"`) is kept the
   same way, whole. A template that is also an ordinary page elsewhere starts
   `{% extends base_template|default:"base.html" %}`.
2. **The page around it, for whoever asks.** Every request renders `kept/page.html`,
   which extends `base.html` like any other page, with the request: the CSRF token,
   the header's links for this visitor, anything `base.html` shows for one visitor.

Inside the content, `{% per_visitor "template.html" %}` names a small template of the
visitor's own (a form's CSRF token): it is not kept but rendered for each request, with
the request, where the tag stands; it sees nothing of the page's context.

So a kept page cannot carry one visitor's data to another: the part that is kept was
built without any visitor's data to carry, and the rest is never kept. Nothing is
patched into a kept page after it is built.

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
from typing import Any

from django import forms
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIRequest
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import Context
from django.template.loader import get_template, render_to_string
from django.template.response import TemplateResponse
from django.utils.cache import patch_vary_headers
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
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


@dataclass
class Kept:
    """What is kept of a page: its blocks (a whole page) or the fragment itself, each as
    pieces of text with the names of the visitor's own templates between them."""

    parts: dict[str, list[str]] = field(default_factory=dict)
    fragment: list[str] | None = None
    # While it is built: the blocks as rendered, the {% per_visitor %} templates met,
    # and the mark for their places.
    built: dict[str, str] = field(default_factory=dict, repr=False)
    slots: list[str] = field(default_factory=list, repr=False)
    mark: str = field(default_factory=lambda: f"\x00visitor-{uuid.uuid4().hex}-", repr=False)

    def pieces(self, html: str) -> list[str]:
        """Text, template name, text, ...: the built HTML cut where the visitor's parts go."""
        if not self.slots:
            return [html]
        pieces = []
        for n, piece in enumerate(html.split(self.mark)):
            if n == 0:
                pieces.append(piece)
            else:
                slot, _, text = piece.partition("\x00")
                pieces += [self.slots[int(slot)], text]
        return pieces


def build(response: TemplateResponse, public: HttpRequest) -> Kept:
    """Render the view's template for nobody: no request context, only the public request
    (for `{{ request.path }}` and `{% querystring %}`)."""
    name = response.template_name
    if not isinstance(name, str):
        raise TypeError("a kept page names one template")
    kept = Kept()
    context = Context(
        {
            **(response.context_data or {}),
            "request": public,
            "kept_parts": kept,
            "base_template": "kept/parts.html",
        }
    )
    context.request = public  # type: ignore[attr-defined]  # read by {% querystring %}
    html = get_template(name).template.render(context)  # type: ignore[attr-defined]
    if "#" in name:
        kept.fragment = kept.pieces(html)
    elif not kept.built:
        raise ValueError(f"{name} must extend kept/parts.html to be a kept page")
    else:
        kept.parts = {part: kept.pieces(text) for part, text in kept.built.items()}
    kept.built, kept.slots = {}, []
    return kept


def _for(request: HttpRequest, pieces: list[str]) -> str:
    """The kept text, with the visitor's own templates rendered for this request."""
    if len(pieces) == 1:
        return pieces[0]
    return mark_safe(
        "".join(
            piece if n % 2 == 0 else render_to_string(piece, request=request)
            for n, piece in enumerate(pieces)
        )
    )


def serve(request: HttpRequest, kept: Kept) -> HttpResponse:
    """The kept content, in the page rendered for this visitor."""
    if kept.fragment is not None:
        return HttpResponse(_for(request, kept.fragment))
    parts = {name: mark_safe(_for(request, pieces)) for name, pieces in kept.parts.items()}
    return render(request, "kept/page.html", {"parts": parts})


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
            material = repr(
                [
                    view.__module__,
                    view.__name__,
                    args,
                    sorted(kwargs.items()),
                    is_fragment(request),
                    fragment_target(request),  # a step's table alone, or the whole step
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
            response = serve(request, kept)
            patch_vary_headers(response, ["HX-Request", "HX-History-Restore-Request", "HX-Target"])
            return response

        return wrapper

    return decorate
