"""The offline copy in a real browser: kept, used offline, replaced whole, nothing personal.

And the director's quick mode, walked to a ruling on a 390 px phone.
"""

import json

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import expect

from penaltyflow.core.pagecache import content_changed
from penaltyflow.director.models import QuickGuide
from penaltyflow.flowcharts.models import Flowchart, Node
from penaltyflow.offline import kept

from .conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    PROJECTORS,
    _page,
    axe_violations,
    screenshot,
)

pytestmark = pytest.mark.browser

CHART = "/charts/law-50/"
STEP = "/charts/law-56/does-declarer-accept/"
DIAGRAM = "/charts/law-50.svg"
INSTALL_MS = 90_000  # copying every page on a busy two-core machine


@pytest.fixture
def kept_site(site):
    call_command("loadquick", verbosity=0)
    return site


# The charts kept in the copy: those whose pages the test opens, and those Law 56 jumps to (the
# test loads its file again).
KEPT_CHARTS = ["law-48", "law-50", "law-53", "law-54", "law-56"]
# The situations at the table kept in the copy: three short ones of the play.
KEPT_GUIDES = ["penalty-card-not-played", "played-too-early", "card-exposed"]


@pytest.fixture
def play_site(kept_site):
    """The site with five of its charts (their jumps to the others taken out) and three of
    its situations at the table: a copy a third of the size, which the install test below
    makes twice. What it shows (a copy made whole, used offline, keeping nothing personal,
    replaced whole) is the same whatever the copy holds; tests/offline/test_pwa.py checks
    that the whole site's every page is listed and answers."""
    Node.objects.filter(kind=Node.Role.JUMP).exclude(jump_chart__slug__in=KEPT_CHARTS).delete()
    Flowchart.objects.exclude(slug__in=KEPT_CHARTS).delete()
    QuickGuide.objects.exclude(slug__in=KEPT_GUIDES).delete()
    assert QuickGuide.objects.count() == len(KEPT_GUIDES)
    content_changed()  # a new version: nothing built from the whole site is served
    return kept_site


def wait_for_offline_copy(page) -> str:
    """Wait until a service worker is in control and its copy is complete; return its cache name."""
    page.wait_for_function(
        "navigator.serviceWorker.controller !== null", timeout=INSTALL_MS, polling=200
    )
    return page.evaluate(
        """async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await caches.keys()).filter(name => name.startsWith("penaltyflow-"));
        }"""
    )


def cached_entries(page, words: tuple[str, ...] = ()) -> list[dict]:
    """Every response in every cache of the page's origin: URL, Cache-Control, version, and
    how many times its text (HTML, SVG or JSON) says each of `words` (counted in the page:
    the copy's texts, some megabytes, stay in the browser)."""
    return page.evaluate(
        """async words => {
            const out = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) {
                    const response = await cache.match(request);
                    const type = response.headers.get("Content-Type") || "";
                    const text = /html|svg|json/.test(type) ? await response.text() : "";
                    out.push({
                        cache: name, url: request.url, method: request.method,
                        control: response.headers.get("Cache-Control") || "",
                        version: response.headers.get("X-PenaltyFlow-Version"),
                        says: Object.fromEntries(words.map(w => [w, text.split(w).length - 1])),
                    });
                }
            }
            return out;
        }""",
        list(words),
    )


@pytest.fixture
def installing_phone(browser, tmp_path):
    """A phone with a normal profile, as a person's is (chromium checks whether a site can be
    installed only there, not in a private context), that runs service workers."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        viewport=PHONE,
        # Playwright's wait_for_function evaluates its predicate with eval, which the site's
        # Content-Security-Policy forbids (tests/browser/test_production.py checks it).
        bypass_csp=True,
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.set_default_timeout(15_000)
    yield context, page
    context.close()


def test_the_app_installs_its_kept_pages_open_offline_keeps_nothing_personal_and_is_replaced(
    play_site, installing_phone, tmp_path
):
    """One phone with its copy made (a copy takes seconds to make): chromium's own
    installability checks, the ones Lighthouse reports; then offline, the kept pages, and
    the offline page for the rest (a tried card waits for the network); then online, two
    people sign in, post and answer: the copy keeps nothing of theirs; then the content
    changes: the copy is replaced whole after the user reloads, never piecemeal."""
    context, page = installing_phone
    page.goto(play_site + "/")
    caches = wait_for_offline_copy(page)
    assert caches == [f"penaltyflow-{kept.version()}"]
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == play_site + "/manifest.webmanifest" and manifest["errors"] == []
    cdp.detach()
    uses = page.evaluate(
        """() => [...document.querySelectorAll("script[src], link[rel=stylesheet]")]
                 .map(e => new URL(e.src || e.href).pathname)"""
    )
    assert any("htmx" in url for url in uses)
    kept_urls = {entry["url"].removeprefix(play_site) for entry in cached_entries(page)}
    assert set(uses) <= kept_urls  # htmx, the CSS and the worker's own script: all kept

    context.set_offline(True)
    response = page.goto(play_site + CHART)
    assert response.from_service_worker
    assert page.locator("h1").first.inner_text().strip() != ""
    assert "You are offline" not in page.content()
    screenshot(page, "offline-chart-phone")

    response = page.goto(play_site + STEP)
    assert response.from_service_worker
    assert "Does declarer accept the lead?" in page.locator("h1").inner_text()
    # A step with its example's variations: the plain step, from the copy.
    page.goto(play_site + "/charts/law-56/does-declarer-accept/?path=lead-out-of-turn&event=2")
    assert "Does declarer accept the lead?" in page.locator("h1").inner_text()
    # A click through the chart (htmx) still works: the step's plain address from the copy.
    choice = page.locator(".choices a.choice").first
    target = choice.get_attribute("href").split("?")[0]
    with page.expect_navigation(url=f"**{target}"):  # htmx is told to load the whole page
        choice.click()
    page.wait_for_load_state()
    assert "You are offline" not in page.content()
    assert page.locator(".step-title").count() == 1

    svg = page.evaluate(
        f"""async () => {{
            const response = await fetch("{DIAGRAM}");
            return [response.status, response.headers.get("Content-Type"), await response.text()];
        }}"""
    )
    assert svg[0] == 200 and svg[1].startswith("image/svg+xml") and "<svg" in svg[2]
    assert page.evaluate("navigator.onLine") is False

    page.goto(play_site + "/admin/")
    assert page.locator("h1").inner_text() == "You are offline"
    kept_links = page.locator(".offline-kept a")
    assert kept_links.count() == 1 + len(KEPT_GUIDES) + Flowchart.objects.count()  # and home
    screenshot(page, "offline-page-phone")
    kept_links.filter(has_text="Law 54").click()
    assert "You are offline" not in page.content()
    assert "Law 54" in page.locator("main").inner_text()

    # A card tried on a kept step: the step stays, and says the engine needs the network.
    page.goto(play_site + "/charts/law-48/declarer-exposes/")
    page.wait_for_load_state()
    page.evaluate("window.stayedOnPage = true")  # gone if the tap reloads the page
    card = page.locator(".hand.to-play a.card-link").first
    card.click()
    note = page.locator("#table .offline-note")
    expect(note).to_contain_text("trying a card needs the network")
    expect(note).to_be_in_viewport()
    assert page.evaluate("window.stayedOnPage") is True
    assert page.locator(".hand.to-play a.card-link").count() > 0  # the table is still there
    screenshot(page, "offline-try-a-card-phone")
    # the same tap without htmx (a plain link): the kept step, with the same message
    page.goto(play_site + "/charts/law-48/declarer-exposes/?try=HA")
    expect(page.locator("#table .offline-note")).to_contain_text("needs the network")
    assert not page.url.endswith("#try-needs-network")  # said once, not kept in the address
    pdf = page.evaluate(
        """async () => { const r = await fetch("/charts/law-50.pdf");
                         const b = new Uint8Array(await r.arrayBuffer());
                         return [r.status, r.headers.get("Content-Type"),
                                 String.fromCharCode(...b.slice(0, 5))]; }"""
    )
    assert pdf == [200, "application/pdf", "%PDF-"]
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator(".offline-note")).to_have_count(0)

    # Back online, two people sign in on this phone, its copy made: nothing of theirs is kept.
    people_sign_in_and_leave_nothing_in_the_copy(context, page, play_site)
    context.clear_cookies()  # they are gone
    # The content changes on the server: the copy is replaced whole, once the user reloads.
    new_content_replaces_the_whole_copy_after_the_user_reloads(context, page, play_site, tmp_path)


def new_content_replaces_the_whole_copy_after_the_user_reloads(context, page, kept_site, tmp_path):
    """(Part of the install test above: one phone makes its first copy once.)"""
    page.goto(kept_site + STEP)
    [old_cache] = wait_for_offline_copy(page)

    # The content changes on the server: a step is reworded.
    source = (settings.CONTENT_DIR / "charts" / "law-56.yaml").read_text()
    old = 'label: "Does declarer accept the lead?"'
    assert old in source
    changed = tmp_path / "law-56.yaml"
    changed.write_text(source.replace(old, 'label: "Will declarer accept this lead?"'))
    call_command("loadcharts", str(changed), verbosity=0)

    # The page does not change under the user: it offers to reload.
    page.goto(kept_site + "/")
    button = page.get_by_role("button", name="Reload for the new version")
    button.wait_for(timeout=INSTALL_MS)
    assert "Does declarer accept the lead?" in page.evaluate(
        f"""async () => await (await caches.match("{STEP}")).text()"""
    )  # until then, the old copy stays whole
    screenshot(page, "offline-update-offer-phone")
    with page.expect_navigation():
        button.click()
    page.wait_for_function(
        f"""async () => {{
            const names = await caches.keys();
            return names.length === 1 && names[0] !== "{old_cache}";
        }}"""
    )
    old_label, new_label = "Does declarer accept the lead?", "Will declarer accept this lead?"
    entries = cached_entries(page, (old_label, new_label))
    assert {entry["cache"] for entry in entries} == {f"penaltyflow-{kept.version()}"}
    pages = [entry for entry in entries if entry["version"] is not None]
    assert pages and {entry["version"] for entry in pages} == {kept.version()}
    charts = [entry["says"] for entry in entries if "/charts/" in entry["url"]]
    assert sum(says[old_label] for says in charts) == 0  # nothing of the old version
    assert sum(says[new_label] for says in charts) >= 3  # its step, chart, diagram

    context.set_offline(True)
    page.goto(kept_site + STEP)
    assert "Will declarer accept this lead?" in page.locator("h1").inner_text()


SECRET = "a long secret 123"


def assert_copy_holds_nothing_personal(page, site: str, username: str) -> None:
    """The copy is exactly the listed pages and static files: no POST, no signed-in page."""
    listing = json.loads(page.evaluate("fetch('/offline/kept.json').then(r => r.text())"))
    entries = cached_entries(page, (username, "csrfmiddlewaretoken"))
    urls = {entry["url"].removeprefix(site) for entry in entries}
    assert len(urls) == len(entries)
    static = {url for url in urls if url.startswith(settings.STATIC_URL)}
    assert urls - static == set(listing["pages"])  # the kept pages, and nothing else
    assert set(listing["files"]) <= static  # and static files (those the pages refer to too)
    assert not any(url.startswith(settings.STATIC_URL + "admin/") for url in static)
    for entry in entries:
        assert entry["method"] == "GET"
        assert "no-store" not in entry["control"] and "private" not in entry["control"]
        assert not entry["url"].startswith(tuple(site + prefix for prefix in kept.NEVER))
        assert entry["says"] == {username: 0, "csrfmiddlewaretoken": 0}, entry["url"]


def people_sign_in_and_leave_nothing_in_the_copy(context, page, kept_site: str) -> None:
    """Two people sign in on one phone with its copy made, one after the other: a director
    into the admin (a POST), then a member who answers a quiz question. (Part of the install
    test above: a copy takes seconds to make, so one phone makes it once.)"""
    get_user_model().objects.create_superuser("signedinuser7", "d@example.com", SECRET)
    get_user_model().objects.create_user("quizzeruser8", password=SECRET)
    page.goto(kept_site + "/")

    page.goto(kept_site + "/admin/login/")
    page.fill("#id_username", "signedinuser7")
    page.fill("#id_password", SECRET)
    with page.expect_response(lambda r: r.request.method == "POST") as posted:
        page.click("input[type=submit]")
    assert "no-store" in posted.value.headers["cache-control"]
    page.wait_for_url("**/admin/")
    signed_in = page.goto(kept_site + CHART)
    assert "no-store" in signed_in.headers["cache-control"]
    assert "private" in signed_in.headers["cache-control"]
    page.goto(kept_site + STEP)
    page.goto(kept_site + "/table/")
    assert_copy_holds_nothing_personal(page, kept_site, "signedinuser7")

    context.clear_cookies()  # the director is gone; a member signs in on the same phone
    page.goto(kept_site + "/accounts/login/")
    page.fill("input[name=username]", "quizzeruser8")
    page.fill("input[name=password]", SECRET)
    with page.expect_navigation():
        page.locator("form input[name=password]").press("Enter")
    assert settings.SESSION_COOKIE_NAME in {cookie["name"] for cookie in context.cookies()}
    page.goto(kept_site + "/")  # signed in: the page from the network, with its token
    answered = page.evaluate(
        """async () => {
            const bank = await (await fetch("/quiz/questions.json?limit=1")).json();
            const id = bank.questions[0];
            const question = await (await fetch(`/quiz/q/${id}.json`)).json();
            const headers = document.body.getAttribute("hx-headers");  // base.html's token
            const token = headers ? JSON.parse(headers)["X-CSRFToken"]
                                  : document.cookie.match(/csrftoken=([^;]+)/)[1];
            const body = new URLSearchParams({answer: question.choices[0].key});
            const response = await fetch(`/quiz/q/${id}/answer`, {
                method: "POST", body, headers: {"X-CSRFToken": token, "Accept": "application/json"},
            });
            return [response.status, response.headers.get("Cache-Control")];
        }"""
    )
    assert answered[0] == 200 and "no-store" in answered[1]
    page.goto(kept_site + STEP)
    assert_copy_holds_nothing_personal(page, kept_site, "quizzeruser8")
    assert_copy_holds_nothing_personal(page, kept_site, "signedinuser7")


# Two common cases walked on a phone, from the start of their situation to the ruling: one of
# the play, one of the auction with the longest answers; every situation's pages are drawn by
# the same templates. Every ruling is reached within four taps (tests/director/
# test_quick_loader.py), each page shows one question or one ruling and links on
# (test_quick_pages.py), and the auction's common cases are walked there by their buttons
# (test_quick_auction.py).
WALKS = {
    "lead-out-of-turn": (
        "A lead out of turn",
        ["A defender, later in the play", "No", "No, he wants it taken back"],
        "Taken back: a major penalty card",
        "Law 56B",
    ),
    "call-out-of-turn": (
        "A call out of turn",
        [
            "Nothing yet: his left-hand opponent does not accept it",
            "A bid, at his right-hand opponent's turn",
            "He bid, doubled or redoubled",
            "No: I judge it not comparable",
        ],
        "Partner must pass at his next turn",
        "Law 31A2(b)",
    ),
}


def big_enough(page, locator) -> None:
    for box in [locator.nth(i).bounding_box() for i in range(locator.count())]:
        assert box["height"] >= 44 and box["width"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("case", WALKS)
def test_quick_mode_reaches_a_common_ruling_in_four_taps_on_a_phone(kept_site, phone, case):
    situation, answers, ruling, clause = WALKS[case]
    phone.goto(kept_site + "/")
    # Each tap is a link to the next page: it is measured once that page has loaded.
    with phone.expect_navigation():
        phone.get_by_role("link", name="Rule at the table").click()
    screenshot(phone, "quick-index-phone")
    with phone.expect_navigation():
        phone.get_by_role("link", name=situation).click()
    taps = 0
    for answer in answers:
        buttons = phone.locator(".quick-answer")
        big_enough(phone, buttons)
        assert phone.locator("h1.quick-question").count() == 1  # one question at a time
        if taps == 0:
            screenshot(phone, f"quick-{case}-start-phone")
        with phone.expect_navigation():
            buttons.filter(has_text=answer).first.click()
        taps += 1
    assert taps <= 4
    assert phone.locator("h1").inner_text() == ruling
    assert clause in phone.locator(".quick-cite").inner_text()
    tell = phone.locator(".quick-tell p").inner_text()
    assert 1 <= tell.count(". ") + tell.endswith(".") <= 2
    assert phone.locator(".bridge-table, table, .teaching").count() == 0  # no table, no teaching
    for why in phone.locator(".quick-more p").all():
        assert not why.is_visible()  # the teaching text only when asked
    big_enough(phone, phone.locator(".quick-nav"))
    screenshot(phone, f"quick-{case}-ruling-phone")
    with phone.expect_navigation():
        phone.get_by_role("link", name="Learn this step in the chart").click()
    assert phone.locator(".step-title").count() == 1


@pytest.mark.parametrize("size", PROJECTORS, ids=lambda size: str(size[0]))
def test_quick_mode_and_offline_page_on_a_projector(kept_site, browser, size):
    context, page = _page(browser, {"width": size[0], "height": size[1]})
    # Each of the quick mode's pages as its templates draw it: the grouped index, a
    # situation's first question, a question with its trail, the Director's judgement (with
    # its help), a ruling of the play and one of the auction; and the offline page.
    for name, url in [
        ("quick-index", "/table/"),
        ("quick-insufficient-bid", "/table/insufficient-bid/"),
        ("quick-question", "/table/lead-out-of-turn/declarer-accepts/"),
        ("quick-call-out-of-turn-judgement", "/table/call-out-of-turn/bid-rho-comparable/"),
        ("quick-ruling", "/table/penalty-card-partner-leads/require/"),
        ("quick-card-shown-ruling", "/table/card-shown-in-auction/honour-now/"),
        ("offline-page", "/offline/"),
    ]:
        page.goto(kept_site + url)
        screenshot(page, f"{name}-{size[0]}")
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        assert page.locator("h1").first.is_visible()
        assert axe_violations(page) == [], name  # WCAG 2.2 AA, the grouped index too
    context.close()
