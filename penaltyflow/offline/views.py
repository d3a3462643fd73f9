import json
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from penaltyflow.director.models import QuickGuide
from penaltyflow.engine.core import laws
from penaltyflow.flowcharts.models import Flowchart

from . import icons, kept

WORKER_SOURCE = Path(__file__).with_name("sw.js")
THEME = "#1d3557"
BACKGROUND = "#fbfaf7"


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the site's root so that its scope is the whole site.

    Its first line names the version it keeps; when content changes, these bytes
    change, the browser installs the new worker beside the old one, and the page
    offers to reload once the new copy is complete.
    """
    config = {
        "version": kept.version(),
        "listing": reverse("offline:kept"),
        "offline": reverse("offline:offline"),
        "never": kept.NEVER,
        "static": settings.STATIC_URL,  # not static(""): manifest storage has no entry for it
    }
    source = f"const CONFIG = {json.dumps(config)};\n{WORKER_SOURCE.read_text()}"
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def kept_listing(request: HttpRequest) -> JsonResponse:
    response = JsonResponse(kept.listing())
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    icon = [
        {"src": reverse("offline:icon", args=["192"]), "sizes": "192x192", "type": "image/png"},
        {"src": reverse("offline:icon", args=["512"]), "sizes": "512x512", "type": "image/png"},
        {
            "src": reverse("offline:icon", args=["maskable-512"]),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    data = {
        "id": reverse("flowcharts:home"),
        "name": f"PenaltyFlow: {laws.topics()}",
        "short_name": "PenaltyFlow",
        "description": f"The Laws of Duplicate Bridge 2017, Laws {laws.span(' to ')}, "
        "as flowcharts; "
        "and a director's quick mode to rule at the table, offline.",
        "start_url": reverse("flowcharts:home"),
        "scope": reverse("flowcharts:home"),
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "lang": "en-GB",
        "icons": icon,
        "shortcuts": [
            {"name": "Rule at the table", "url": reverse("director:index"), "icons": icon[:1]}
        ],
    }
    response = HttpResponse(json.dumps(data), content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def icon(request: HttpRequest, name: str) -> HttpResponse:
    if name not in kept.ICONS:
        raise Http404("No such icon.")
    png = icons.icon_png(kept.ICONS[name], maskable=name.startswith("maskable"))
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """What a phone shows for a page it did not keep, with links to what it did."""
    context = {
        "charts": Flowchart.objects.defer("svg", "pdf"),
        "guides": QuickGuide.objects.defer("nodes"),
    }
    return render(request, "offline/offline.html", context)
