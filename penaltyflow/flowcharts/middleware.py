from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django_htmx.http import HttpResponseClientRedirect


class HtmxErrorPages:
    """An htmx click that lands on a 400 or 404 goes there as a full page.

    htmx swaps nothing for an error by default, so a stale link (content changed
    since the page was loaded) would seem dead; the browser is sent to the address
    instead, where the site's error page says what happened.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            request.htmx
            and not request.htmx.history_restore_request
            and response.status_code in (400, 404)
            and request.method == "GET"
            # never an address another site could be read from: //evil.example/
            and url_has_allowed_host_and_scheme(request.get_full_path(), allowed_hosts=None)
        ):
            return HttpResponseClientRedirect(request.get_full_path())
        return response
