"""A club night in the browser: a teacher on a 1280x720 projector, three students on phones,
each in a browser context of their own. The phones follow the teacher by themselves."""

import re

import pytest
from playwright.sync_api import expect

from penaltyflow.classroom.models import Answer, Session
from penaltyflow.quizzes import bank

from .conftest import PHONE, _page, screenshot, settle
from .test_projector import sign_in_to

pytestmark = pytest.mark.browser
# How long to wait for a phone (or the projector) to show what the teacher did before
# calling it stuck: a ceiling, never the verdict. How fast they follow (within about a
# second) is measured in bench/classroom_bench.py; a test never asserts a duration.
FOLLOW_MS = 30_000


def fits(page, scrolls: bool = False) -> None:
    """Nothing sticking out; nothing to scroll either, unless it `scrolls` (a phone may)."""
    settle(page)
    size = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
        " innerWidth, innerHeight]"
    )
    assert size[0] <= size[2] and (scrolls or size[1] <= size[3]), size


def small_taps(page) -> list:
    return page.evaluate(
        """[...document.querySelectorAll('button:not([disabled]), .answer-btn, summary')]
           .map(e => e.getBoundingClientRect()).filter(r => r.width && r.height < 44)
           .map(r => [r.width, r.height])"""
    )


def test_a_teacher_and_three_phones(browser, club):
    contexts = []
    try:
        context, teacher = _page(browser, {"width": 1280, "height": 720})
        contexts.append(context)
        teacher.goto(club + "/accounts/login/?next=/classroom/")
        teacher.fill("input[name=username]", "tess")
        teacher.fill("input[name=password]", "projector-pw")
        teacher.locator("form button[type=submit], form input[type=submit]").first.click()
        teacher.wait_for_url("**/classroom/")
        teacher.locator(
            "form[action='/classroom/start']:has(input[value='club-night']) button"
        ).click()
        teacher.wait_for_url(re.compile(r".*/classroom/\w{6}/present/$"))
        code = teacher.locator(".code").inner_text().strip()
        assert re.fullmatch(r"[A-Z2-9]{6}", code)
        expect(teacher.locator(".qr svg")).to_be_visible()
        fits(teacher)
        screenshot(teacher, "classroom-projector-1280x720-step")

        phones = []
        for n, name in enumerate(["Ann", "Bob", ""]):
            context, phone = _page(browser, PHONE)
            contexts.append(context)
            phone.goto(club + "/join/")
            phone.fill("input[name=code]", code.lower() if n == 0 else code)
            phone.fill("input[name=name]", name)
            phone.locator("button[type=submit]").click()
            phone.wait_for_url(f"**/classroom/{code}/")
            phones.append(phone)
        ann, bob, cy = phones
        expect(ann.locator(".item-title")).to_contain_text("A defender leads out of turn")
        expect(teacher.locator("#live")).to_contain_text("3 students", timeout=FOLLOW_MS + 500)
        screenshot(ann, "classroom-phone-step")
        statuses = []
        ann.on(
            "response",
            lambda r: statuses.append((r.status, r.url, r.request.headers.get("if-none-match"))),
        )

        # → next: every phone shows the question (each waits at most FOLLOW_MS; the time
        # it takes is measured in bench/classroom_bench.py, never asserted here)
        teacher.keyboard.press("ArrowRight")
        for phone in phones:
            expect(phone.locator(".item-title")).to_contain_text(
                "Who chooses now?", timeout=FOLLOW_MS
            )
        fits(teacher)

        # the class's own deal says who chooses: the right seat, and two wrong ones
        q = bank.get_question(Session.objects.get(code=code).items[1]["question"])
        (right,) = q.right_keys()
        names = {key: text.split()[0] for key, text in q.choices}  # "North"
        wrong, other = [key for key in q.keys if key != right][:2]
        # tap, change, and the projector counts them live
        ann.get_by_role("button", name=re.compile(names[wrong])).click()
        expect(ann.locator(".answer-btn.chosen")).to_contain_text(names[wrong])
        bob.get_by_role("button", name=re.compile(names[right])).click()
        cy.get_by_role("button", name=re.compile(names[other])).click()
        ann.get_by_role("button", name=re.compile(names[right])).click()  # Ann changes her mind
        expect(ann.locator(".answer-btn.chosen")).to_contain_text(names[right])
        expect(ann.locator(".answer-btn.chosen")).to_have_count(1)
        expect(teacher.locator("#live")).to_contain_text("3 of 3 answered", timeout=FOLLOW_MS + 500)
        screenshot(teacher, "classroom-projector-1280x720-answers")
        assert small_taps(ann) == []
        fits(ann, scrolls=True)
        screenshot(ann, "classroom-phone-answered")
        # each phone's answer, read through its link to the quiz's answer row
        chosen = [a.keys for a in Answer.objects.select_related("answer")]
        assert sorted(chosen) == sorted([right, right, other])

        # R: reveal; phones say right or wrong, with the explanation
        teacher.keyboard.press("r")
        expect(teacher.locator(".bar-row.right")).to_contain_text(names[right])
        expect(teacher.locator("#live")).to_contain_text("2 right")
        expect(ann.locator(".verdict")).to_contain_text("Right!", timeout=FOLLOW_MS)
        expect(cy.locator(".verdict")).to_contain_text("Not this time", timeout=FOLLOW_MS)
        expect(cy.locator(".explanation")).to_contain_text(f"{names[right]} (declarer) chooses")
        expect(cy.get_by_role("button", name=re.compile(names[right]))).to_be_disabled()
        screenshot(teacher, "classroom-projector-1280x720-revealed")
        screenshot(cy, "classroom-phone-revealed")

        # the question with several answers: checkboxes and a send button
        teacher.keyboard.press("ArrowRight")
        expect(bob.locator(".item-title")).to_contain_text(
            "What may declarer choose", timeout=FOLLOW_MS
        )
        bob.get_by_label(re.compile("Accept it")).check()
        bob.get_by_label(re.compile("Refuse it")).check()
        bob.get_by_role("button", name="Send my answer").click()
        expect(bob.get_by_role("button", name="Change my answer")).to_be_visible()
        expect(teacher.locator("#live")).to_contain_text("1 of 3 answered", timeout=FOLLOW_MS + 500)

        # ← back while Cy's wifi is down: when it is back, Cy catches up by himself
        contexts[3].set_offline(True)
        teacher.keyboard.press("ArrowLeft")
        for phone in (ann, bob):
            expect(phone.locator(".item-title")).to_contain_text(
                "Who chooses now?", timeout=FOLLOW_MS
            )
        cy.wait_for_event("requestfailed", timeout=FOLLOW_MS + 2000)  # a poll, while offline
        expect(cy.locator(".item-title")).to_contain_text("What may declarer choose")
        contexts[3].set_offline(False)
        expect(cy.locator(".item-title")).to_contain_text("Who chooses now?", timeout=FOLLOW_MS)
        # nothing changes for a while: the polls cost a 304 each
        ann.wait_for_event("response", lambda r: r.status == 304, timeout=FOLLOW_MS + 2000)
        assert 304 in [status for status, *_ in statuses]

        # the big screen
        teacher.set_viewport_size({"width": 1920, "height": 1080})
        teacher.keyboard.press("ArrowRight")
        teacher.keyboard.press("ArrowRight")
        expect(teacher.locator(".item-title")).to_contain_text("The card is taken back")
        expect(teacher.locator(".diagram .node.current")).to_have_count(1)
        expect(teacher.locator(".stage")).to_have_count(1)
        screenshot(teacher, "classroom-projector-1920x1080-step")
        fits(teacher)
        teacher.set_viewport_size({"width": 1366, "height": 900})
        fits(teacher)
        screenshot(teacher, "classroom-projector-1366x900-step")

        # the end: results for the teacher, the review queue for the students
        teacher.once("dialog", lambda dialog: dialog.accept())
        teacher.locator("#key-end").click()
        expect(ann.locator(".ended")).to_be_visible(timeout=FOLLOW_MS)
        teacher.goto(f"{club}/classroom/{code}/summary/")
        expect(teacher.locator("body")).to_contain_text("2 right (67%)")
        screenshot(teacher, "classroom-summary")
        ann.get_by_role("button", name=re.compile("Keep this lesson")).click()
        expect(ann.locator("body")).to_contain_text("now in your review queue")
    finally:
        for context in contexts:
            context.close()


def test_pages_at_phone_and_projector_sizes(browser, club):
    """The join page and the handout, looked at."""
    context, page = _page(browser, PHONE)
    page.goto(club + "/join/")
    assert small_taps(page) == []
    screenshot(page, "classroom-join-phone")
    page.set_viewport_size({"width": 1366, "height": 900})
    sign_in_to(page, club, "/lessons/club-night/handout/")  # the handout is for teachers
    expect(page.locator(".handout-item")).to_have_count(4)
    screenshot(page, "classroom-handout")
    page.emulate_media(media="print")
    screenshot(page, "classroom-handout-print")
    context.close()
