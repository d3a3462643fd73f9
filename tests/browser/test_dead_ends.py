"""Dead ends, as a player on a phone meets them: a mistyped class code, "Send my answer" with
nothing ticked, the tick-all rows, the chart of the law on a phone, a suit symbol beside its
cards. Each page looked at on a 390x844 phone and a 1280x720 projector (SIZES)."""

import re

import pytest
from playwright.sync_api import expect

from penaltyflow.classroom.models import Lesson, Session

from .conftest import PHONE, SIZES, _page, axe_violations, screenshot

pytestmark = pytest.mark.browser


def open_class(item: int) -> Session:
    from django.contrib.auth.models import User

    lesson = Lesson.objects.get(slug="club-night")
    return Session.objects.create(
        code="HJK234",
        lesson=lesson,
        title=lesson.title,
        teacher=User.objects.get(username="tess"),
        items=lesson.snapshot(),
        item=item,
    )


def join(page, club, code="HJK234"):
    page.goto(club + "/join/")
    page.fill("input[name=code]", code)
    page.get_by_role("button", name="Join").click()
    page.wait_for_url(f"**/classroom/{code}/")
    page.wait_for_load_state()


def small(page, selector: str) -> list:
    return page.evaluate(
        """s => [...document.querySelectorAll(s)].filter(e => e.offsetParent !== null)
              .map(e => e.getBoundingClientRect()).filter(r => r.height < 44 || r.width < 44)
              .map(r => [r.width, r.height])""",
        selector,
    )


def test_a_mistyped_code_keeps_the_form_and_says_what_is_wrong(browser, club):
    open_class(0)
    for size in SIZES:
        context, page = _page(browser, size)
        page.goto(club + "/join/")
        expect(page.locator("input[name=code]")).to_be_focused()
        page.fill("input[name=code]", "qwerty")
        page.fill("input[name=name]", "Flo")
        page.get_by_role("button", name="Join").click()
        alert = page.get_by_role("alert")
        expect(alert).to_contain_text("There is no class with the code QWERTY")
        expect(page.locator("input[name=code]")).to_have_value("qwerty")  # kept, to correct
        expect(page.locator("input[name=name]")).to_have_value("Flo")
        expect(page.locator("input[name=code]")).to_have_attribute("aria-invalid", "true")
        assert small(page, "#content button, #content input") == []
        screenshot(page, f"join-no-such-class-{size['width']}x{size['height']}")
        page.fill("input[name=code]", "abc12z")
        page.get_by_role("button", name="Join").click()
        expect(page.get_by_role("alert")).to_contain_text("never use I, O, 0 or 1")
        expect(page.get_by_role("alert")).to_contain_text("you typed 1")
        screenshot(page, f"join-look-alike-{size['width']}x{size['height']}")
        page.fill("input[name=code]", " hjk 234 ")  # as read aloud: spaces, lower case
        page.get_by_role("button", name="Join").click()
        page.wait_for_url("**/classroom/HJK234/")
        context.close()


def test_tick_all_rows_line_up_and_sending_nothing_says_so(browser, club):
    open_class(2)  # "What may declarer choose?": several answers may be right
    context, page = _page(browser, PHONE)
    join(page, club)
    boxes = page.locator("label.answer-btn input[type=checkbox]")
    expect(boxes.first).to_be_visible()
    assert boxes.count() >= 2
    lefts = {round(b.bounding_box()["x"]) for b in boxes.all()}
    assert len(lefts) == 1, f"the boxes are not in one column: {lefts}"
    texts = page.evaluate(
        """[...document.querySelectorAll('label.answer-btn')].map(l => {
             const r = document.createRange(); r.selectNodeContents(l);
             const rects = [...r.getClientRects()].filter(x => x.width > 4);
             return Math.round(rects[rects.length - 1].left); })"""
    )
    assert len(set(texts)) == 1, f"the words do not start in one column: {texts}"
    for box in boxes.all():
        assert box.bounding_box()["width"] >= 28 - 0.5
    assert small(page, "label.answer-btn, .answers button") == []

    page.get_by_role("button", name="Send my answer").click()
    notice = page.locator("#live .answer-error")
    expect(notice).to_have_text("Tick an answer first, then send it.")
    expect(notice).to_be_in_viewport()  # beside the button that was tapped
    expect(page.locator("body")).not_to_contain_text("{#")
    expect(page.get_by_role("button", name="Send my answer")).to_be_visible()  # still there
    screenshot(page, "classroom-phone-nothing-ticked")
    page.get_by_label(re.compile("Accept it")).check()
    page.get_by_role("button", name="Send my answer").click()
    expect(page.get_by_role("button", name="Change my answer")).to_be_visible()
    expect(page.locator("#live .notice")).to_have_count(0)
    context.close()


def test_the_phones_chart_is_a_button_and_stays_open_while_the_phone_follows(browser, club):
    session = open_class(0)
    context, page = _page(browser, PHONE)
    join(page, club)
    summary = page.locator(".phone-diagram summary")
    expect(summary).to_contain_text("The chart of Law")
    look = summary.evaluate(
        "e => { const s = getComputedStyle(e); return [s.borderTopWidth, s.borderTopStyle,"
        " e.getBoundingClientRect().height]; }"
    )
    assert look[1] == "solid" and float(look[0].rstrip("px")) >= 2 and look[2] >= 44, look
    screenshot(page, "classroom-phone-chart-closed")
    summary.click()
    expect(page.locator(".phone-diagram svg")).to_be_visible()
    screenshot(page, "classroom-phone-chart-open")
    # the class moves on (a new version of the session), on the same item: the chart stays open
    version = page.locator("#live").get_attribute("data-version")
    Session.objects.filter(pk=session.pk).update(version=int(version) + 1)
    expect(page.locator("#live")).to_have_attribute("data-version", str(int(version) + 1))
    expect(page.locator(".phone-diagram")).to_have_attribute("open", "")
    expect(page.locator(".phone-diagram svg")).to_be_visible()
    context.close()


def test_suit_symbols_sit_level_with_their_cards_in_the_hand_to_play(browser, site):
    """With the cards as buttons (44 px on a phone) and without (after a card is tried)."""
    context, page = _page(browser, PHONE)
    for query in ["", "?try=HA"]:
        page.goto(f"{site}/charts/law-48/declarer-exposes/{query}")
        rows = page.evaluate(
            """[...document.querySelectorAll('.hand.to-play .suits li')].map(li => {
                 const suit = li.querySelector('.suit').getBoundingClientRect();
                 const card = li.querySelector('.rank, .void');
                 const r = card.getBoundingClientRect();
                 return [suit.top + suit.height / 2, r.top + r.height / 2]; })"""
        )
        assert rows
        for suit_middle, card_middle in rows:
            assert abs(suit_middle - card_middle) <= 4, (query, rows)
        screenshot(page, f"step-phone-to-play{query.replace('?', '-').replace('=', '-')}")
    context.close()


def test_the_pages_of_this_file_pass_axe(browser, club):
    """WCAG 2.2 AA on the join page with a mistyped code, sign-up refusing a password, and a
    phone told to tick an answer first."""
    open_class(2)
    context, page = _page(browser, PHONE)
    page.goto(club + "/join/")
    page.fill("input[name=code]", "abc12z")
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_role("alert")).to_be_visible()
    assert axe_violations(page) == []
    page.goto(club + "/accounts/signup/")
    page.fill("input[name=username]", "sam")
    page.fill("input[name=password1]", "1234")
    page.fill("input[name=password2]", "1234")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator(".field-errors")).to_contain_text("too short")
    screenshot(page, "signup-refused-390x844")
    assert axe_violations(page) == []
    join(page, club)
    page.get_by_role("button", name="Send my answer").click()
    expect(page.locator("#live .answer-error")).to_be_visible()
    assert axe_violations(page) == []
    context.close()
