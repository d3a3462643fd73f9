"""Chart pages are a pure function of the content and the URL, so each is built once.

A page is kept in the cache under the content's stamp: a hash of every chart's
version. Loading content or saving in the admin changes a version and so the
stamp; this process sees that at once, other worker processes within
STAMP_SECONDS, when they next read the stamp (one small query).
"""

import hashlib
import time
from collections.abc import Callable
from functools import wraps

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

from .models import Flowchart

STAMP_SECONDS = 1.0
_stamp: tuple[float, str] | None = None


def content_stamp() -> str:
    global _stamp
    now = time.monotonic()
    if _stamp is None or now - _stamp[0] > STAMP_SECONDS:
        versions = list(Flowchart.objects.order_by("slug").values_list("slug", "version"))
        _stamp = (now, hashlib.blake2b(repr(versions).encode(), digest_size=8).hexdigest())
    return _stamp[1]


def content_changed() -> None:
    """Forget the stamp, so this process reads it again on the next request."""
    global _stamp
    _stamp = None


def cached_by_content(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Keep the view's successful answers per content stamp, URL, query and fragment-or-page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        fragment = bool(request.htmx) and not request.htmx.history_restore_request
        key = ":".join(
            [
                "page",
                content_stamp(),
                view.__name__,
                *map(str, args),
                *(f"{k}={v}" for k, v in sorted(kwargs.items())),
                "fragment" if fragment else "page",
                # Every query parameter counts: path, and the example's event, view, option, try.
                hashlib.blake2b(
                    repr(sorted(request.GET.lists())).encode(), digest_size=12
                ).hexdigest(),
            ]
        )
        hit = cache.get(key)
        if hit is not None:
            content, content_type = hit
            response = HttpResponse(content, content_type=content_type)
        else:
            response = view(request, *args, **kwargs)
            if response.status_code == 200 and not response.streaming:
                cache.set(key, (response.content, response["Content-Type"]))
        patch_vary_headers(response, ["HX-Request"])
        return response

    return wrapper
