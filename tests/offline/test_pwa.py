"""Installable, and what the offline copy holds: checked over HTTP, as a browser would see it.

Lighthouse is not available here, so its installability checks are made one by one:
a manifest with a name, a start URL inside its scope, display standalone, a theme
colour and PNG icons of 192 and 512 pixels that really are those sizes; a service
worker at the root with a fetch handler; all from our own origin.
"""

import io
import json

import pytest
from django.core.management import call_command
from PIL import Image

from penaltyflow.director.models import QuickGuide
from penaltyflow.flowcharts.models import Flowchart, Node
from penaltyflow.offline import kept

pytestmark = pytest.mark.same_on_any_database


@pytest.fixture
def quick(content):
    call_command("loadquick", verbosity=0)


def test_the_manifest_meets_the_installability_checks(client, quick):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#1d3557">' in page
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"].startswith(manifest["scope"])
    assert manifest["theme_color"] == "#1d3557" and manifest["background_color"]
    assert client.get(manifest["start_url"]).status_code == 200
    sizes = set()
    for icon in manifest["icons"]:
        image_response = client.get(icon["src"])
        assert image_response["Content-Type"] == "image/png" == icon["type"]
        image = Image.open(io.BytesIO(image_response.content))
        assert image.format == "PNG" and f"{image.width}x{image.height}" == icon["sizes"]
        sizes.add((image.width, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes


def test_the_service_worker_is_served_from_the_root_with_a_fetch_handler(client, quick):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"  # a new version is seen at once
    source = response.content.decode()
    config = json.loads(source.splitlines()[0].removeprefix("const CONFIG = ").rstrip(";"))
    assert config["version"] == kept.version()
    assert 'addEventListener("fetch"' in source
    register = client.get("/static/js/sw-register.js")
    assert b'register("/sw.js", { scope: "/" })' in b"".join(register.streaming_content)


def test_the_copy_holds_every_chart_step_diagram_and_static_file(client, quick):
    listing = client.get("/offline/kept.json").json()
    assert listing["version"] == kept.version()
    pages = set(listing["pages"])
    for chart in Flowchart.objects.all():
        chart_urls = {f"/charts/{chart.slug}/", f"/charts/{chart.slug}.svg"}
        assert chart_urls | {f"/charts/{chart.slug}.pdf"} <= pages  # the PDF too
    steps = {
        f"/charts/{slug}/{key}/" for slug, key in Node.objects.values_list("chart__slug", "key")
    }
    assert steps <= pages and not any("?" in url for url in pages)
    assert {"/", "/offline/", "/table/", "/table/lead-out-of-turn/"} <= pages
    for guide in QuickGuide.objects.all():  # every situation, the auction's too, every page
        assert {guide.node_url(key) for key in guide.nodes} <= pages, guide.slug
    assert "/table/insufficient-bid/" in pages
    assert not any(url.startswith(kept.NEVER) for url in pages)
    files = listing["files"]
    assert "/static/css/site.css" in files and "/static/js/sw-register.js" in files
    assert not any("/admin/" in url for url in files)
    for url in listing["pages"]:
        response = client.get(url, headers={"X-PenaltyFlow-Precache": "1"})
        assert response.status_code == 200, url
        assert response["X-PenaltyFlow-Version"] == listing["version"], url


def test_the_version_moves_on_with_the_content(client, quick):
    before = client.get("/offline/kept.json").json()["version"]
    call_command("loadquick", force=True, verbosity=0)  # unchanged files: only --force loads
    after = client.get("/offline/kept.json").json()["version"]
    assert after != before
    assert f'"version": "{after}"' in client.get("/sw.js").content.decode()


def test_personal_answers_are_marked_never_to_be_kept(client, quick, django_user_model):
    assert "no-store" not in client.get("/charts/law-50/").get("Cache-Control", "")
    posted = client.post("/admin/login/", {"username": "x", "password": "y"})
    assert "no-store" in posted["Cache-Control"] and "private" in posted["Cache-Control"]
    django_user_model.objects.create_user("someone", password="a long secret 123")
    client.login(username="someone", password="a long secret 123")
    for url in ("/", "/charts/law-50/", "/table/"):
        control = client.get(url)["Cache-Control"]
        assert "no-store" in control and "private" in control, url
    # a page built for a signed-in visitor never says it belongs to the offline copy
    response = client.get("/charts/law-50/", headers={"X-PenaltyFlow-Precache": "1"})
    assert "X-PenaltyFlow-Version" not in response


def test_the_offline_page_links_to_what_is_kept(client, quick):
    page = client.get("/offline/").content.decode()
    assert "You are offline" in page
    for chart in Flowchart.objects.all():
        assert f'href="{chart.get_absolute_url()}"' in page
    assert 'href="/table/"' in page


def test_unknown_icons_are_404(client):
    assert client.get("/icons/1024.png").status_code == 404
