"""The auction on the table in a browser (issue 29): a Law 27 step on a phone and on the
projector's screen, with axe; the room's projector (calls at 28 px or more); the step on
paper."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import _page, axe_violations, keep_file, screenshot, settle

pytestmark = pytest.mark.browser

STEP = "/charts/law-27/partner-passes/"  # East passed in place of 1♦: West must pass throughout
IN_PLAY = "/charts/law-27/offender-defends/"  # 3NT by South, declarer's Law 26B choice

# What overflows the page sideways, and the auction's smallest call text, in px.
MEASURE = """() => ({
  overflow: document.documentElement.scrollWidth - window.innerWidth,
  call: Math.min(...[...document.querySelectorAll('.auction .call-label')]
    .map(e => parseFloat(getComputedStyle(e).fontSize))),
  auctionRight: document.querySelector('.auction').getBoundingClientRect().right,
})"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "projector-size"])
def test_a_law_27_step_shows_the_auction_readably_and_accessibly(site, browser, size):
    context, page = _page(browser, {"width": size[0], "height": size[1]})
    try:
        page.goto(site + STEP)
        auction = page.get_by_role("table", name=re.compile("The auction"))
        expect(auction).to_be_visible()
        expect(auction.get_by_role("columnheader")).to_have_text(["West", "North", "East", "South"])
        expect(auction.locator("del")).to_have_count(1)
        expect(page.locator(".auction-status .barred")).to_have_text(
            "West must pass for the rest of the auction (Law 27B2)"
        )
        expect(page.locator(".trick")).to_have_count(0)
        measured = page.evaluate(MEASURE)
        assert measured["overflow"] <= 0 and measured["auctionRight"] <= size[0], measured
        assert measured["call"] >= 16, measured
        screenshot(page, f"law-27-step-{size[0]}x{size[1]}")
        assert axe_violations(page) == []
        # Into the play: the auction stays, compact, beside the deal with the contract.
        page.goto(site + IN_PLAY)
        expect(page.locator(".auction.auction-over")).to_be_visible()
        expect(page.locator(".table-facts")).to_contain_text("3NT by South")
        assert page.evaluate(MEASURE)["overflow"] <= 0
        screenshot(page, f"law-27-into-the-play-{size[0]}x{size[1]}")
        assert axe_violations(page) == []
    finally:
        context.close()


def test_each_call_is_a_step_in_the_browser(site, page):
    page.goto(site + STEP + "?event=0")
    expect(page.locator(".event-now")).to_contain_text("The deal, before the first call")
    page.get_by_role("link", name="Next ▶").click()
    expect(page.locator(".event-now")).to_contain_text("North bids 1♥")
    expect(page.locator(".auction td.to-call")).to_contain_text("East to call")
    page.get_by_role("link", name="Next ▶").click()
    expect(page.locator(".auction .call.irregular")).to_contain_text("awaiting a ruling")


def test_the_step_on_paper_keeps_the_auction_in_black_on_white(site, page):
    page.goto(site + STEP)
    page.emulate_media(media="print")
    colours = page.evaluate(
        """() => [...document.querySelectorAll('.auction .call-label, .auction .call-note')]
          .map(e => getComputedStyle(e).color)"""
    )
    assert colours and set(colours) == {"rgb(0, 0, 0)"}, colours
    screenshot(page, "law-27-step-print")
    keep_file("law-27-step.pdf", page.pdf(format="A4"))


def test_the_auction_on_the_projector_is_at_the_rooms_size(browser, site):
    from django.contrib.auth.models import Group, User

    from penaltyflow.classroom.models import TEACHERS_GROUP, Lesson, LessonItem

    lesson = Lesson.objects.create(slug="law-27-night", title="An insufficient bid")
    # The first item shows the QR code while the room joins; the tables come after it.
    for n, node in enumerate(("insufficient-bid", "partner-passes", "offender-defends")):
        LessonItem.objects.create(lesson=lesson, position=n, chart="law-27", node=node)
    tess = User.objects.create_user("tess", password="projector-pw")
    tess.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
    context, page = _page(browser, {"width": 1280, "height": 720})
    try:
        page.goto(f"{site}/accounts/login/")
        page.fill("input[name=username]", "tess")
        page.fill("input[name=password]", "projector-pw")
        page.locator("form.account-form button[type=submit]").click()
        page.wait_for_url(site + "/classroom/")
        start = "form[action='/classroom/start']:has(input[value='law-27-night']) button"
        page.locator(start).click()
        page.wait_for_url(re.compile(r".*/classroom/\w{6}/present/$"))
        for n in (1, 2):
            page.keyboard.press("ArrowRight")
            page.wait_for_selector(f"#stage[data-item='{n}']")
            settle(page)
            expect(page.locator(".projector .auction")).to_be_visible()
            measured = page.evaluate(MEASURE)
            assert measured["call"] >= 28, measured  # read from the back of the room
            assert measured["auctionRight"] <= 1280, measured
            screenshot(page, f"projector-law-27-item-{n}-1280x720")
    finally:
        context.close()
