"""Quizzes in the browser, on a phone: a round of 10 with htmx (cards answered by tapping),
its forms without JavaScript, an exam to the end; screenshots of every quiz page."""

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from penaltyflow.quizzes import progress
from penaltyflow.quizzes.bank import get_question
from penaltyflow.quizzes.models import ReviewCard

from .conftest import PHONE, PROJECTORS, _page, screenshot

pytestmark = pytest.mark.browser
ROUND_URL = re.compile(r"/quiz/r/[0-9a-f-]{36}/(\d+)/$")


def answer(page, right: bool = True) -> str:
    """Answer the question on the page (right, or wrong); returns its kind."""
    quiz = page.locator("#quiz")
    q = get_question(quiz.get_attribute("data-qid"))
    keys = sorted(q.right_keys())
    if not right:
        keys = [k for k in q.keys if k not in keys][:1]
    choice = "label.tap-card" if q.kind == "legal-cards" else "label.answer-choice"
    for key in keys:
        page.locator(f'{choice}:has(input[value="{key}"])').click()
    page.get_by_role("button", name="Answer").click()
    return q.kind


def small_targets(page) -> list[str]:
    """Links, buttons and answer labels under 44 px high (or wide) on the page."""
    return page.evaluate(
        """() => [...document.querySelectorAll(
              '#content a, #content button, label.tap-card, label.answer-choice, label.law-option')]
            .filter(e => e.offsetParent !== null)
            .filter(e => { const r = e.getBoundingClientRect();
                           return r.height < 44 || r.width < 44; })
            .map(e => e.outerHTML.slice(0, 80))"""
    )


def overflows(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") > page.viewport_size["width"]


def start_round(page, site, laws=("50",), mode="Start a round of 10"):
    page.goto(f"{site}/quiz/")
    for law in laws:
        page.locator(f'label.law-option:has(input[value="{law}"])').click()
    page.get_by_role("button", name=mode).click()
    expect(page).to_have_url(ROUND_URL)
    page.wait_for_load_state()  # htmx is deferred: a click before it runs posts the whole form


def test_a_round_of_ten_on_a_phone_with_htmx_tapping_cards(site, phone):
    start_round(phone, site)
    phone.evaluate("window.stayedOnPage = true")  # gone if a click loads a whole new page
    phone.get_by_role("button", name="Answer").click()  # nothing picked: told so, in place
    expect(phone.locator("#quiz .error")).to_have_text("Pick an answer first.")
    tapped = 0
    for n in range(1, 11):
        expect(phone.locator(".quiz-count")).to_have_text(f"Question {n} of 10")
        assert ROUND_URL.search(phone.url).group(1) == str(n)
        assert not small_targets(phone), small_targets(phone)
        assert not overflows(phone)
        kind = answer(phone, right=n % 3 != 0)
        expect(phone.locator(".feedback h2")).to_have_text("✓ Right" if n % 3 else "✗ Not quite")
        expect(phone.locator(".feedback .cites")).to_contain_text("Law ")
        step_link = phone.locator(".feedback .step-link")
        expect(step_link).to_have_attribute("href", re.compile("^/charts/"))
        if kind == "legal-cards":
            tapped += 1
            expect(phone.locator("label.tap-card.right").first).to_be_visible()
            if tapped == 1:
                screenshot(phone, "quiz-phone-cards-answered")
        assert not small_targets(phone), small_targets(phone)
        phone.locator(".feedback .quiz-next a").click()
    expect(phone.locator("h1")).to_have_text("Practice round: 7 of 10 right")
    assert phone.evaluate("window.stayedOnPage") is True
    # the results page, not a page inside the question's page
    expect(phone.locator("header.site-header")).to_have_count(1)
    expect(phone.locator("footer.site-footer")).to_have_count(1)
    expect(phone.locator("main")).to_have_count(1)
    expect(phone).to_have_title(re.compile("^(?!Question)"))
    assert tapped, "no question answered by tapping cards in ten from Law 50"
    screenshot(phone, "quiz-phone-results")
    phone.go_back()
    expect(phone.locator(".quiz-count")).to_have_text("Question 10 of 10")
    # The three wrong answers come back within minutes; the page lists what is due by
    # the end of today (so just before midnight, those are tomorrow's).
    soon = timezone.now() + dt.timedelta(minutes=30)
    assert ReviewCard.objects.filter(due__lte=soon).count() >= 3
    due_today = ReviewCard.objects.filter(due__lte=progress.end_of_today()).count()
    phone.goto(f"{site}/quiz/progress/")
    expect(phone.locator(".law-bar", has_text="Law 50")).to_contain_text("70% of 10")
    expect(phone.locator(".due-list li")).to_have_count(due_today)
    expect(phone.locator("table.rounds tbody tr")).to_have_count(1)
    assert not overflows(phone) and not small_targets(phone)
    screenshot(phone, "quiz-phone-progress")


def test_the_rounds_forms_work_without_javascript(site, browser):
    """The round's forms and links, answered in the browser without JavaScript until a choice
    of words and a hand's cards have each been answered, right and wrong, each question at its
    own address with its verdict. The round to its results is the test client's
    (tests/quizzes/test_rounds.py), which posts and follows as such a browser does."""
    context, page = _page(browser, PHONE, javascript=False)
    try:
        start_round(page, site, laws=("50", "57"))
        answered = set()
        for n in range(1, 11):
            expect(page.locator(".quiz-count")).to_have_text(f"Question {n} of 10")
            kind = answer(page, right=n != 2)
            answered.add(kind == "legal-cards")
            assert ROUND_URL.search(page.url).group(1) == str(n)
            verdict = "✗ Not quite" if n == 2 else "✓ Right"
            expect(page.locator(".feedback h2")).to_have_text(verdict)
            if n >= 2 and answered == {True, False}:
                break  # both kinds of form, right and wrong (a round drawn all of one kind,
                # 1 in 500, is answered to its end)
            page.locator(".feedback .quiz-next a").click()
        screenshot(page, "quiz-phone-nojs-answered")
    finally:
        context.close()


def test_an_exam_to_the_end_no_feedback_until_the_results(site, phone):
    start_round(phone, site, laws=(), mode="Exam: 25 questions, feedback at the end")
    for n in range(1, 26):
        expect(phone.locator(".quiz-count")).to_have_text(f"Exam · Question {n} of 25")
        assert ROUND_URL.search(phone.url).group(1) == str(n)
        if n == 3:
            screenshot(phone, "quiz-phone-exam")
        answer(phone, right=n % 5 != 0)
        expect(phone.locator(".feedback")).to_have_count(0)
    expect(phone.locator("h1")).to_have_text("Exam: 20 of 25 right")
    expect(phone.locator(".time-taken")).to_be_visible()
    expect(phone.locator(".review-item")).to_have_count(25)
    expect(phone.locator(".review-item.is-wrong .right-answer")).to_have_count(5)
    assert not overflows(phone)
    screenshot(phone, "quiz-phone-exam-results")


@pytest.mark.parametrize("size", [(390, 844), *PROJECTORS])
def test_every_quiz_page_fits_and_is_looked_at(site, browser, size):
    width, height = size
    context, page = _page(browser, {"width": width, "height": height})
    try:
        pages = {
            "home": "/quiz/",
            "question-cards": "/quiz/q/g-minor-card-honour-beside-0007/",
            "question-options": "/quiz/q/g-several-suits-options-0003/",
            "question-statement": "/quiz/q/t-ten-dropped-is-minor/",
            "question-auction": "/quiz/q/g-insufficient-other-bid-barred-0000/",
            "question-contract": "/quiz/q/g-insufficient-accepted-contract-0003/",
            "progress": "/quiz/progress/",
            "signup": "/accounts/signup/",
            "login": "/accounts/login/",
        }
        problems = {}
        for name, path in pages.items():
            page.goto(site + path)
            assert not overflows(page), name
            if width == 390 and small_targets(page):
                problems[name] = small_targets(page)
            screenshot(page, f"quiz-{name}-{width}x{height}")
        assert not problems
        page.goto(site + pages["question-cards"])
        answer(page, right=False)
        expect(page.locator(".feedback")).to_be_visible()
        assert not overflows(page)
        screenshot(page, f"quiz-question-answered-{width}x{height}")
    finally:
        context.close()


def test_an_auction_question_on_a_phone_hides_the_contract_until_answered(site, phone):
    """A deal from the first call: the calls drawn in their columns, the answers first, and
    for "what is the final contract" no contract, declarer or dummy until it is answered."""
    qid = "g-insufficient-accepted-contract-0003"
    phone.goto(f"{site}/quiz/q/{qid}/")
    table = phone.locator(".quiz-deal")
    expect(table.get_by_text("nobody: the auction is over")).to_be_visible()
    expect(table.locator(".role")).to_have_count(0)
    expect(table.get_by_text("Contract", exact=True)).to_have_count(0)
    assert not overflows(phone) and not small_targets(phone)
    phone.wait_for_load_state()
    assert answer(phone, right=True) == "final-contract"
    expect(phone.locator(".feedback")).to_contain_text("The final contract")
    expect(phone.locator(".quiz-deal").get_by_text("Contract", exact=True)).to_be_visible()
    assert not overflows(phone)
    screenshot(phone, "quiz-auction-contract-answered-390x844")
