"""Playwright on Debian's chromium, against Django's live test server.

No browser is ever downloaded: Debian's /usr/bin/chromium is driven directly,
with the flags that keep it off the network this machine does not have.
"""

import os
import shutil
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # The address bar's suggestion popup, a web page of its own that chromium 156 makes for
    # every window, headless too (chrome://omnibox-popup.top-chrome): a third of chromium's
    # CPU for a new context and its first page, for a popup no test can see.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]
# Screenshots (PNG, and the handouts' PDFs) to look at, when asked: `make screenshots`, or
# SCREENSHOTS=dir before pytest. They assert nothing, so `make test` does not spend time on them.
SCREENSHOTS = Path(os.environ.get("SCREENSHOTS") or Path(__file__).parents[2] / "screenshots")
TAKE_SCREENSHOTS = bool(os.environ.get("SCREENSHOTS"))
AXE = Path(__file__).parents[2] / "var" / "test-tools" / "axe-core" / "axe.min.js"  # make test
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
# A club's projector: 1280x720, the smallest a room uses, is where pages are checked (site.css
# has no breakpoint between it and 1366x900, which only gives more room); `make screenshots`
# looks at 1366x900 too.
PROJECTORS = [(1280, 720)] + ([(1366, 900)] if TAKE_SCREENSHOTS else [])
# A page that must fit a phone and a projector: each of them.
SIZES = [PHONE] + [{"width": width, "height": height} for width, height in PROJECTORS]

# Playwright's sync API runs an event loop in this thread; the live server's
# database work happens in its own thread, and our fixtures only set up data.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# Without this, Playwright's set_offline() does not reach a service worker's own
# requests, and an offline test would quietly fetch from the live server.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: sudo apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def _one_request_at_a_time(live_server):
    """The live server answers one request at a time.

    On SQLite in memory, every thread of the live server uses the test's one connection
    (pytest-django passes it to them, or they would see another, empty, database), with
    its one transaction state. Two requests at once on it (a teacher's "reveal" while
    three phones poll) can fail with "database table is locked". The site's own servers
    have a connection per thread, on a file or on PostgreSQL; so here requests take turns.
    """
    httpd = live_server.thread.httpd
    # Django's handler writes a response's head and its body in two sends: with Nagle's
    # algorithm on, the body waited for the browser's delayed ACK, 25 to 40 ms a request.
    httpd.RequestHandlerClass = type(
        "NoDelayHandler", (httpd.RequestHandlerClass,), {"disable_nagle_algorithm": True}
    )
    app, turn = httpd.get_app(), threading.Lock()
    static = "/" + settings.STATIC_URL.lstrip("/")

    def one_at_a_time(environ, start_response):
        if environ.get("PATH_INFO", "").startswith(static):
            start_response = _kept_by_the_browser(start_response)
        with turn:
            body = app(environ, start_response)
            try:
                return [b"".join(body)]  # made whole within the turn
            finally:
                if hasattr(body, "close"):
                    body.close()  # Django's request_finished, within the turn too

    httpd.set_app(one_at_a_time)


def _kept_by_the_browser(start_response):
    """Static files kept by the browser, as production has them kept.

    In production their names carry a digest of their content and WhiteNoise has browsers
    keep them for a year. Here they keep their plain names and Django's static handler
    sends no Cache-Control, so chromium asked again for all eight on every page a test
    opened (1,640 requests in the phone walk alone), each waiting its turn.
    """

    def start(status, headers, exc_info=None):
        if not any(name.lower() == "cache-control" for name, _ in headers):
            headers = [*headers, ("Cache-Control", "max-age=3600")]
        return start_response(status, headers, exc_info)

    return start


@pytest.fixture
def site(live_server, _one_request_at_a_time, transactional_db, restore_content):
    """The live server with the project's real charts (restored from the session's load)."""
    yield live_server.url
    finish_requests()


def finish_requests(timeout: float = 5) -> None:
    """Wait for the live server's requests still running when a test ends (a page the
    test closed may have been mid-request). On PostgreSQL such a request holds table
    locks while the database is emptied for the next test, and the two deadlock."""
    deadline = time.monotonic() + timeout
    for thread in threading.enumerate():
        if "process_request_thread" in thread.name:
            thread.join(max(0.0, deadline - time.monotonic()))


def _page(browser, viewport, javascript=True, service_workers="block", **options):
    """A new context and its page: every test makes its contexts here. The offline copy is
    tested on its own (test_offline.py); elsewhere the service worker would copy the whole
    site behind the test (some 400 requests each time: five tests that made their own
    contexts made a third of the live server's requests so)."""
    context = browser.new_context(
        viewport=viewport,
        java_script_enabled=javascript,
        service_workers=service_workers,
        **options,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


@pytest.fixture
def page(browser):
    context, page = _page(browser, DESKTOP)
    yield page
    context.close()


@pytest.fixture
def page_without_js(browser):
    context, page = _page(browser, DESKTOP, javascript=False)
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context, page = _page(browser, PHONE)
    yield page
    context.close()


def screenshot(page, name: str) -> Path | None:
    """The whole page as `SCREENSHOTS/name.png`, when screenshots are asked for."""
    if not TAKE_SCREENSHOTS:
        return None
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def keep_file(name: str, data: bytes) -> None:
    """A file to look at (a handout's PDF) beside the screenshots, when they are asked for."""
    if TAKE_SCREENSHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / name).write_bytes(data)


def settle(page) -> None:
    """Wait until the page stops moving: no htmx request in flight, nothing being swapped
    or settled (the projector frames its chart once a swap has settled), then a frame."""
    page.wait_for_function(  # a function, not a string: the page's CSP forbids eval
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def axe_violations(page) -> list[str]:
    """axe-core's WCAG 2.2 AA rules on the page as it is now: one line per rule broken."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make test` (it fetches axe-core from npm)")
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())  # evaluated, not a <script>: the page's CSP stays as it is
    run = (  # the details of violations only (axe skips the rest's: faster)
        "([tags, selectors]) => axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations'], selectors})"
    )
    # Without the CSS selectors naming each node (a fifth of axe's time on a big page), then,
    # if anything is found, again with them, to say where.
    found = page.evaluate(run, [WCAG_22_AA, False])
    if found["violations"]:
        found = page.evaluate(run, [WCAG_22_AA, True])
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
        for v in found["violations"]
    ]


@pytest.fixture
def club(live_server, transactional_db, good_chart, write_chart):
    """A lesson on the small chart (a step, two questions, a step) and a teacher, tess."""
    from django.contrib.auth.models import Group, User

    from penaltyflow.classroom.models import TEACHERS_GROUP, Lesson, LessonItem
    from penaltyflow.flowcharts.loader import load_charts
    from tests.classroom.conftest import OPTIONS, WHO

    load_charts([write_chart(good_chart)])
    lesson = Lesson.objects.create(slug="club-night", title="A lead out of turn")
    items = [
        {"chart": "mini-56", "node": "lead"},
        {"question": WHO},
        {"question": OPTIONS},
        {"chart": "mini-56", "node": "retract", "path": "lead.accept"},
    ]
    for n, item in enumerate(items):
        LessonItem.objects.create(lesson=lesson, position=n, **item)
    teacher = User.objects.create_user("tess", password="projector-pw")
    teacher.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
    yield live_server.url
    finish_requests()
