"""Pages that are a pure function of the content and the URL are built once.

A page is kept in the cache under the content's generation: a counter that every
change of content (a load, an admin save) moves forward in the same transaction,
and never back. This process sees a new generation as soon as the change is
committed; other worker processes within STAMP_SECONDS, when they next read it
(one small query).
"""

import hashlib
import re
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import patch_vary_headers

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


# base.html gives every page its CSRF token (for htmx posts); a kept page gets the
# token of whoever asks for it, never the one it was first built for.
_CSRF = re.compile(rb'(hx-headers=\'\{"X-CSRFToken": ")[^"]*("\}\')')
_MARK = b"\x00csrf\x00"


def _with_token(content: bytes, request: HttpRequest) -> bytes:
    if _MARK not in content:
        return content
    return content.replace(_MARK, get_token(request).encode())


def cached_by_content(
    query: type[forms.Form] | None = None,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Keep the view's successful answers per generation, URL, query and fragment-or-page.

    `query` is the form that declares the query parameters the view reads: the
    key holds each of its fields, and only those (any other parameter is ignored
    by the view, so it does not make a page of its own). A view that reads none
    passes nothing.
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
            hit = cache.get(key)
            if hit is not None:
                content, content_type = hit
                response = HttpResponse(_with_token(content, request), content_type=content_type)
            else:
                response = view(request, *args, **kwargs)
                if response.status_code == 200 and not response.streaming:
                    content = _CSRF.sub(rb"\1" + _MARK + rb"\2", response.content)
                    cache.set(key, (content, response["Content-Type"]))
            patch_vary_headers(response, ["HX-Request", "HX-History-Restore-Request", "HX-Target"])
            return response

        return wrapper

    return decorate
