"""The learner's loop on a phone: the review list tells its questions apart, an exam's review
shows each deal, focus goes to the feedback after answering (with a ring everyone can see),
the right answer is said once. The quiz pages looked at on a 390x844 phone and a 1280x720
projector."""

import re

import pytest
from playwright.sync_api import expect

from penaltyflow.quizzes.bank import get_question, question_ids

from .conftest import SIZES, _page, screenshot

pytestmark = pytest.mark.browser


def wrong_keys(q) -> list[str]:
    return [k for k in q.keys if k not in q.right_keys()][:1]


def answer_wrong(page, site, qid: str) -> None:
    page.goto(f"{site}/quiz/q/{qid}/")
    page.wait_for_load_state()
    key = wrong_keys(get_question(qid))[0]
    page.locator(f'label:has(input[value="{key}"])').first.click()
    page.get_by_role("button", name="Answer").click()
    expect(page.locator(".feedback")).to_be_visible()


def test_the_review_list_tells_questions_with_one_prompt_apart(site, phone):
    prompts: dict[str, list[str]] = {}
    for qid in question_ids(law="50", kind="penalty-card", limit=400):
        prompts.setdefault(get_question(qid).prompt, []).append(qid)
    # "What is West's ♥10 now?" for two deals: two entries that read alike but for the deal
    same = next(ids for ids in prompts.values() if len(ids) >= 2)[:2]
    other = question_ids(law="50", kind="legal-cards", limit=3)
    for qid in same + other:
        answer_wrong(phone, site, qid)
    phone.goto(f"{site}/quiz/progress/")
    rows = phone.locator(".due-list li").all_inner_texts()
    assert len(rows) == 2 + len(other)
    told = [re.sub(r"\s+due \d\d:\d\d$", "", row) for row in rows]
    assert len(set(told)) == len(told), told
    for row in phone.locator(".due-list .due-moment").all_inner_texts():
        assert "is declarer in" not in row and "been played" not in row
    screenshot(phone, "quiz-phone-review-list")


def test_an_exam_review_shows_each_deal(site, browser):
    for size in SIZES:
        context, page = _page(browser, size)
        page.goto(f"{site}/quiz/")
        page.locator('label.law-option:has(input[value="51"])').click()
        page.get_by_role("button", name=re.compile("^Exam")).click()
        page.wait_for_url(re.compile(r"/quiz/r/[0-9a-f-]{36}/1/$"))
        results = page.url.rsplit("/1/", 1)[0] + "/"
        page.goto(results)  # the review of every question, answered or not
        items = page.locator(".review-item")
        assert items.count() == 25
        with_deal = page.locator(".review-item:has(.review-deal)")
        assert with_deal.count() > 0
        first = with_deal.first.locator(".review-deal")
        expect(first).to_have_attribute("open", "")  # not answered: shown
        expect(first.locator(".bridge-table")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, f"quiz-exam-review-{size['width']}x{size['height']}")
        context.close()


def test_after_answering_focus_is_on_the_feedback_and_the_answer_is_said_once(site, phone):
    qid = question_ids(law="50", kind="penalty-card", limit=1)[0]
    q = get_question(qid)
    phone.goto(f"{site}/quiz/q/{qid}/")
    phone.wait_for_load_state()
    # the keyboard alone: the radios and the Answer button show the same ring as links
    radio = phone.locator("input[name=answer]").first
    radio.focus()
    phone.keyboard.press("ArrowDown")  # to the next choice, by the keyboard: focus-visible
    ring = phone.evaluate(
        """() => { const l = document.activeElement.closest('label');
                   const s = getComputedStyle(l); return [s.outlineStyle, s.outlineWidth]; }"""
    )
    assert ring == ["solid", "3px"], ring
    phone.locator(f'label:has(input[value="{wrong_keys(q)[0]}"])').click()
    phone.keyboard.press("Tab")
    while phone.evaluate("document.activeElement.textContent.trim()") != "Answer":
        phone.keyboard.press("Tab")
    button = phone.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, s.outlineWidth]; }"
    )
    assert button == ring, (button, ring)
    phone.keyboard.press("Enter")
    feedback = phone.locator(".feedback")
    expect(feedback).to_be_focused()
    right = [text for key, text in q.choices if key in q.right_keys()][0]
    said = feedback.inner_text()
    # once as the answer (the teaching text may use the words in its reasoning)
    assert said.count(f"The right answer: {right}.") == 1, said
    assert not re.search(r"(?i)\bthe answer: ", said.replace("The right answer:", "")), said
    screenshot(phone, "quiz-phone-answered-wrong")


def test_in_an_exam_answer_by_keyboard_lands_focus_on_the_next_question_s_first_choice(site, phone):
    """After Answer in an exam the next question comes in place (no feedback yet): focus goes
    to its first choice, not to <body> (five tabs back), and the status line says so."""
    phone.goto(f"{site}/quiz/")
    phone.get_by_role("button", name="Exam: 25 questions, feedback at the end").click()
    phone.wait_for_load_state()
    for n in (1, 2):
        expect(phone.locator(".quiz-count")).to_have_text(f"Exam · Question {n} of 25")
        first = phone.locator("#quiz fieldset.answers input[name=answer]").first
        if n == 2:
            expect(first).to_be_focused()  # where the keyboard goes on from
            expect(phone.locator("#status")).to_have_text("Answer saved. Exam · Question 2 of 25")
        first.focus()
        phone.keyboard.press("Space")  # the first choice picked (a radio or a card to tap)
        phone.get_by_role("button", name="Answer").focus()
        phone.keyboard.press("Enter")
    expect(phone.locator(".quiz-count")).to_have_text("Exam · Question 3 of 25")
    assert phone.evaluate("document.activeElement.name") == "answer"
