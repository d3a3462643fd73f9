"""Chart pages are a pure function of the content and the URL, so each is built once.

A page is kept in the cache under the content's generation: a counter that every
change of content (a load, an admin save) moves forward in the same transaction,
and never back. This process sees a new generation as soon as the change is
committed; other worker processes within STAMP_SECONDS, when they next read it
(one small query).
"""

import hashlib
import time
from collections.abc import Callable
from functools import wraps

from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

from .models import ContentGeneration

STAMP_SECONDS = 1.0
# The query parameters the chart pages read; any other is ignored, and not kept apart.
PARAMETERS = ("came", "path", "event", "view", "option", "try")
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


def cached_by_content(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Keep the view's successful answers per generation, URL, query and fragment-or-page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        fragment = bool(request.htmx) and not request.htmx.history_restore_request
        material = repr(
            [
                view.__name__,
                args,
                sorted(kwargs.items()),
                fragment,
                [(name, request.GET.getlist(name)) for name in PARAMETERS],
            ]
        )
        digest = hashlib.blake2b(material.encode(), digest_size=20).hexdigest()
        key = f"page:{content_stamp()}:{digest}"  # short and fixed, whatever the URL
        hit = cache.get(key)
        if hit is not None:
            content, content_type = hit
            response = HttpResponse(content, content_type=content_type)
        else:
            response = view(request, *args, **kwargs)
            if response.status_code == 200 and not response.streaming:
                cache.set(key, (response.content, response["Content-Type"]))
        patch_vary_headers(response, ["HX-Request", "HX-History-Restore-Request"])
        return response

    return wrapper
