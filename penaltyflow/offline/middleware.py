from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers

from . import kept

PRECACHE_HEADER = "X-PenaltyFlow-Precache"  # sent by the service worker while it copies pages
VERSION_HEADER = "X-PenaltyFlow-Version"


class OfflineHeaders:
    """Marks what a browser or the service worker may keep, and what it may not.

    - Anything personal is `private, no-store`: the answer to a POST, and every
      page for a browser with a session (signed in, or with quiz progress). The
      service worker never keeps a no-store answer.
    - A page fetched by the service worker for its offline copy says which
      content version it is, so that a copy is never a mixture of two versions.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        session = settings.SESSION_COOKIE_NAME
        personal = (
            request.method not in ("GET", "HEAD")
            or session in request.COOKIES
            or session in response.cookies
        )
        if personal:
            add_never_cache_headers(response)  # includes private and no-store
        elif request.headers.get(PRECACHE_HEADER):
            response[VERSION_HEADER] = kept.version()
        return response
