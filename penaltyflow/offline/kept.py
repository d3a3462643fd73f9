"""What a phone keeps for offline use, and the version that names it.

The service worker keeps one copy of the site per version: the home page, every
chart page, every step's plain address, every diagram, the quick mode and the
static files. The version moves on with the content (the content generation of
pagecache, which loadcharts, loadquick and admin edits move on) and
with the static files, so a new version is a whole new copy, never a mixture.
"""

import functools
import hashlib

from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse

from penaltyflow.core.pagecache import content_stamp
from penaltyflow.director.views import kept_urls as quick_urls
from penaltyflow.flowcharts.models import Flowchart, Node

SCHEMA = "1"  # move on when what is kept changes shape
ICONS = {"192": 192, "512": 512, "maskable-512": 512}
# Never kept, never answered from the copy: personal or live pages.
NEVER = ("/admin/", "/accounts/", "/quiz", "/classroom/", "/join/", "/healthz")
SKIPPED_STATIC = ("admin/",)  # the admin's own files: only staff use them, online
IGNORED = ["*.gz", "*.br", ".*", "*~", "CVS"]


@functools.cache
def static_paths() -> tuple[str, ...]:
    """The project's own static files (static/). The worker also keeps any other static
    file a kept page refers to (django-htmx's script, say): it reads them off the pages."""
    found = finders.FileSystemFinder().list(IGNORED)
    return tuple(sorted(path for path, _ in found if not path.startswith(SKIPPED_STATIC)))


@functools.cache
def _static_digest() -> str:
    """Every static file a page may use, the apps' too: a new one is a new version."""
    digest = hashlib.blake2b(digest_size=16)
    paths = {
        path
        for finder in finders.get_finders()
        for path, _ in finder.list(IGNORED)
        if not path.startswith(SKIPPED_STATIC)
    }
    for path in sorted(paths):
        digest.update(path.encode() + b"\0")
        with open(finders.find(path), "rb") as handle:
            digest.update(hashlib.blake2b(handle.read(), digest_size=16).digest())
    return digest.hexdigest()


def version() -> str:
    """The name of the copy a phone keeps: content, static files and schema together."""
    material = f"{SCHEMA}:{content_stamp()}:{_static_digest()}"
    return hashlib.blake2b(material.encode(), digest_size=8).hexdigest()


def page_urls() -> list[str]:
    """The pages and diagrams kept, each by its plain address (no query)."""
    urls = [reverse("flowcharts:home"), reverse("offline:offline"), reverse("offline:manifest")]
    urls += [reverse("offline:icon", args=[name]) for name in ICONS]
    urls += quick_urls()
    for slug in Flowchart.objects.values_list("slug", flat=True):
        urls += [
            reverse("flowcharts:chart", args=[slug]),
            reverse("flowcharts:chart_svg", args=[slug]),
            reverse("flowcharts:chart_pdf", args=[slug]),
        ]
    for slug, key in Node.objects.order_by("chart__order", "chart__slug", "id").values_list(
        "chart__slug", "key"
    ):
        urls.append(reverse("flowcharts:step", args=[slug, key]))
    return urls


def file_urls() -> list[str]:
    """The static files kept, by the URLs pages use (hashed names under manifest storage)."""
    return [static(path) for path in static_paths()]


def listing() -> dict:
    return {"version": version(), "pages": page_urls(), "files": file_urls()}
