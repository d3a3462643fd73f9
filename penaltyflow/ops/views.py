from django.core.exceptions import DisallowedHost
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

# Variant addresses of a step (one event of the example, one player's view, a card
# tried, one of declarer's options) are the step's own page seen another way:
# many thousands of them, none worth a crawler's time.
VARIANT_PARAMETERS = ("event", "view", "try", "option")
ROBOTS = "\n".join(
    [
        "User-agent: *",
        "Disallow: /admin/",
        "Disallow: /accounts/",
        "Disallow: /healthz",
        *(f"Disallow: /*?*{name}=" for name in VARIANT_PARAMETERS),
        "",
    ]
)


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    return HttpResponse(ROBOTS, content_type="text/plain; charset=utf-8")


@never_cache
@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """200 when the database answers with the charts, 503 otherwise: for a load balancer."""
    from penaltyflow.flowcharts.models import Flowchart

    try:
        loaded = Flowchart.objects.only("pk").exists()
    except DatabaseError:
        return _plain("the database does not answer\n", status=503)
    if not loaded:
        return _plain("no charts are loaded\n", status=503)
    return _plain("ok\n")


def _plain(text: str, status: int = 200) -> HttpResponse:
    return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 400 page; for a host name this site does not answer to, a page that says so."""
    if isinstance(exception, DisallowedHost):
        return render(request, "ops/bad_host.html", status=400)
    return render(request, "400.html", status=400)
