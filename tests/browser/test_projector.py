"""The projector's full-screen key, signing in as a teacher, and the handout on paper
(A4 and Letter): pages as printed, dark text on white (or a pale box)."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import _page, keep_file, screenshot

pytestmark = pytest.mark.browser
PROJECTOR = {"width": 1280, "height": 720}


def sign_in_to(page, club, path: str) -> None:
    """Sign in as the teacher, tess, and land on `path` (the handout is for teachers)."""
    page.goto(f"{club}/accounts/login/?next={path}")
    page.fill("input[name=username]", "tess")
    page.fill("input[name=password]", "projector-pw")
    page.locator("form.account-form button[type=submit]").click()
    page.wait_for_url(club + path)


def sign_in_and_start(page, club) -> None:  # noqa: F811
    page.goto(club + "/accounts/login/")
    page.fill("input[name=username]", "tess")
    page.fill("input[name=password]", "projector-pw")
    page.locator("form.account-form button[type=submit]").click()
    page.wait_for_url(club + "/classroom/")  # no `next`: a teacher lands on the classroom
    expect(page.locator(".site-nav a", has_text="Classroom")).to_have_attribute(
        "href", "/classroom/"
    )
    for size in ({"width": 390, "height": 844}, {"width": 1366, "height": 900}, PROJECTOR):
        page.set_viewport_size(size)
        screenshot(page, f"classroom-home-teacher-{size['width']}x{size['height']}")
        link = page.locator(".site-nav a", has_text="Classroom").bounding_box()
        assert link and link["x"] + link["width"] <= size["width"], (size, link)
    page.locator("form[action='/classroom/start']:has(input[value='club-night']) button").click()
    page.wait_for_url(re.compile(r".*/classroom/\w{6}/present/$"))


def test_f_toggles_full_screen(browser, club):  # noqa: F811
    context, page = _page(browser, PROJECTOR)
    try:
        sign_in_and_start(page, club)
        screenshot(page, "projector-1280x720-before-full-screen")
        assert page.evaluate("document.fullscreenElement") is None
        page.keyboard.press("f")
        page.wait_for_function("document.fullscreenElement === document.documentElement")
        page.keyboard.press("F")
        page.wait_for_function("document.fullscreenElement === null")
        page.locator("#key-full").click()  # the button does the same, for the mouse
        page.wait_for_function("document.fullscreenElement !== null")
        page.locator("#key-full").click()
        page.wait_for_function("document.fullscreenElement === null")
        # typed into a field, F is a letter, not a key of the projector's
        page.evaluate(
            "document.body.append(Object.assign(document.createElement('input'), {id: 'typing'}))"
        )
        page.evaluate(  # count the requests to go full screen from here on
            "() => { window.asked = 0; const ask = Element.prototype.requestFullscreen;"
            " Element.prototype.requestFullscreen = function () { window.asked++;"
            " return ask.apply(this, arguments); }; }"
        )
        page.locator("#typing").press("f")
        # The letter is in the field: the key's handlers have all run (they run before it lands).
        expect(page.locator("#typing")).to_have_value("f")
        assert page.evaluate("window.asked") == 0
        assert page.evaluate("document.fullscreenElement") is None
    finally:
        context.close()


# Chromium's PDF: one page tree whose /Count is the number of pages; each page's
# MediaBox in points.
PAGES = re.compile(rb"/Count\s+(\d+)")
MEDIABOX = re.compile(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]")
PAPER = {"a4": ("A4", (595, 842)), "letter": ("Letter", (612, 792))}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_handout_prints_dark_on_light(browser, club, paper):  # noqa: F811
    fmt, (width, height) = PAPER[paper]
    context, page = _page(browser, {"width": 1366, "height": 900})
    try:
        sign_in_to(page, club, "/lessons/club-night/handout/")
        page.goto(f"{club}/lessons/club-night/handout/?paper={paper}")
        expect(page.locator(".handout-item")).to_have_count(4)
        pdf = page.pdf(format=fmt, print_background=True, prefer_css_page_size=True)
        keep_file(f"handout-{paper}.pdf", pdf)
        (pages,) = {int(n) for n in PAGES.findall(pdf)}
        # four items (each its words beside its deal), the chart and the answers: three
        # sheets today; more means something spills over a page
        assert 2 <= pages <= 4, pages
        assert len(MEDIABOX.findall(pdf)) == pages
        boxes = {(round(float(w)), round(float(h))) for w, h in MEDIABOX.findall(pdf)}
        assert boxes == {(width, height)}, boxes  # the handout's own page size is the paper's
        page.emulate_media(media="print")
        screenshot(page, f"handout-print-{paper}")
        # every piece of text, outside the diagram: its colour, and the paper behind it
        # (the nearest background that is not transparent)
        pairs = page.evaluate(
            """() => {
              const seen = new Set();
              const paper = e => {
                for (; e; e = e.parentElement) {
                  const c = getComputedStyle(e).backgroundColor;
                  if (c !== 'rgba(0, 0, 0, 0)') return c;
                }
                return 'rgb(255, 255, 255)';
              };
              for (const e of document.querySelectorAll('body *')) {
                const s = getComputedStyle(e);
                if (s.display === 'none' || s.visibility === 'hidden' || e.closest('svg')) continue;
                if ([...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
                  seen.add(s.color + ' on ' + paper(e));
              }
              return [...seen];
            }"""
        )
        rgb = re.compile(r"rgba?\((\d+), (\d+), (\d+)")
        assert pairs
        for pair in pairs:
            ink, behind = (tuple(map(int, m)) for m in rgb.findall(pair))
            assert max(ink) <= 0x55 and min(behind) >= 200, pair  # dark ink, light paper
    finally:
        context.close()


def test_q_shows_the_qr_code_big_for_latecomers(browser, club):  # noqa: F811
    """Past the first item the bar's QR code is some 55 px: Q (or the button) opens it at a
    size a phone scans from the room, and closes it again."""
    context, page = _page(browser, PROJECTOR)
    try:
        sign_in_and_start(page, club)
        expect(page.locator("#key-join")).to_have_count(0)  # joining: the code is big already
        page.keyboard.press("ArrowRight")
        expect(page.locator("#key-join")).to_be_visible()
        # nothing overlaps: measured in one go (the count's region is swapped in by each poll)
        assert page.evaluate(
            """() => Math.max(...[...document.querySelectorAll('.controls .button')]
                                .map(b => b.getBoundingClientRect().right))
                     < document.querySelector('.answered').getBoundingClientRect().left"""
        )
        big = page.locator(".join-big .qr")
        expect(big).to_be_hidden()
        page.keyboard.press("q")
        expect(big).to_be_visible()
        box = big.bounding_box()
        assert box["width"] >= 150 and box["height"] >= 150, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= PROJECTOR["height"], box
        expect(page.locator(".join-big .panel-code")).to_be_visible()
        screenshot(page, "projector-1280x720-qr-for-latecomers")
        page.keyboard.press("Q")
        expect(big).to_be_hidden()
        screenshot(page, "projector-1280x720-qr-closed")
        page.locator("#key-join").click()  # the mouse, as the key
        expect(big).to_be_visible()
    finally:
        context.close()


def test_the_results_the_room_sees_mark_no_answer_before_its_reveal(browser, club):  # noqa: F811
    """Issue 27: the projector's Results button opens the summary in front of the room; it
    ticked the right answer of every question, those not yet asked included."""
    from tests.browser.conftest import PHONE

    context, page = _page(browser, PROJECTOR)
    phone_context, phone = _page(browser, PHONE)
    try:
        sign_in_and_start(page, club)
        code = page.locator(".code").inner_text().strip()
        phone.goto(f"{club}/join/{code}/")
        phone.locator("button[type=submit]").click()
        phone.wait_for_url(f"**/classroom/{code}/")
        page.keyboard.press("ArrowRight")  # the first question, open
        phone.locator(".answer-btn").first.click()
        expect(page.locator("#live")).to_contain_text("1 of 1 answered", timeout=3000)
        with context.expect_page() as opened:
            page.get_by_role("link", name="Results").click()
        summary = opened.value
        summary.wait_for_load_state()
        items = summary.locator(".summary-items > li")
        expect(items).to_have_count(4)
        expect(items.nth(1)).to_contain_text("1 answered")
        for size in (PROJECTOR, {"width": 390, "height": 844}):
            summary.set_viewport_size(size)
            screenshot(summary, f"summary-before-reveal-{size['width']}x{size['height']}")
            assert summary.evaluate("document.documentElement.scrollWidth") <= size["width"]
        body = summary.locator("body").inner_text()
        assert "✓" not in body and "✗" not in body and " right (" not in body, body
        expect(summary.locator(".bar-row.right")).to_have_count(0)
        # revealed: the first question's answer is marked there, the second's still not
        page.keyboard.press("r")
        expect(page.locator("#live")).to_contain_text("right")
        summary.reload()
        expect(items.nth(1).locator(".bar-row.right")).to_have_count(1)
        expect(items.nth(2).locator(".bar-row.right")).to_have_count(0)
        screenshot(summary, "summary-after-reveal-390x844")
    finally:
        phone_context.close()
        context.close()


UNDER_THE_BAR = """() => {
  const bar = document.querySelector('.controls').getBoundingClientRect();
  const item = document.querySelector('.stage .item');
  const shown = [...item.querySelectorAll('.step-choices li, .bars li, .item-title')];
  return shown.filter(e => e.getBoundingClientRect().bottom > bar.top + .5)
    .map(e => e.innerText.slice(0, 40));
}"""


def test_the_revokes_lesson_keeps_its_choices_above_the_bar_and_says_no_ruling(browser, site):
    """Issue 27: 'Does Law 64B rule out a transfer?' (item 15, asked of the room) said
    'Transferred: 2 tricks (Law 64A1)', and its last choices sat under the control bar at
    1280x720; no item of the lesson (its deals drawn afresh) runs under the bar."""
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command

    from penaltyflow.classroom.models import TEACHERS_GROUP

    call_command("loadlessons", verbosity=0)
    tess = User.objects.create_user("tess", password="projector-pw")
    tess.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
    context, page = _page(browser, PROJECTOR)
    try:
        sign_in_to(page, site, "/classroom/")
        page.locator("form[action='/classroom/start']:has(input[value='revokes']) button").click()
        page.wait_for_url(re.compile(r".*/classroom/\w{6}/present/$"))
        items = int(page.locator(".progress").inner_text().split("/")[-1])
        under, asked = {}, 0
        for n in range(1, items + 1):
            if n > 1:
                page.keyboard.press("ArrowRight")
                page.wait_for_selector(f"#stage[data-item='{n - 1}']")
            title = page.locator(".item-title").inner_text()
            if found := page.evaluate(UNDER_THE_BAR):
                under[f"{n} {title}"] = found
            if title.startswith("Does Law 64B rule out a transfer?"):
                screenshot(page, "projector-revokes-64b-asked-1280x720")
                stage = page.locator("#stage").inner_text()
                assert "Transferred" not in stage and "64A1" not in stage, stage
                asked += 1
        assert items >= 18 and asked == 1
        assert under == {}
    finally:
        context.close()
