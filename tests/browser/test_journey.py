"""A learner takes one case from Law 56 into Law 50 and Law 53, and comes back."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import screenshot

pytestmark = pytest.mark.browser

# The ♠K deal of Law 56's "taken back" step: East's ♠K, South plays 4♠.
EAST_SPADE_KING = "♠K"


def click(page, label):
    page.locator("#step .choice", has=page.get_by_text(label, exact=True)).first.click()


def at(page, chart, key):
    expect(page).to_have_url(re.compile(rf"/charts/{chart}/{key}/(\?.*)?$"))
    expect(page.locator("#step")).to_have_attribute("data-node", key)


def penalty_cards(page) -> list[str]:
    return page.locator(".bridge-table .penalty-cards .face").all_inner_texts()


# From "a defender leads out of turn" to declarer's choice; each step waited for, as two
# "No" in a row would otherwise both land on the first one before htmx swaps it.
TO_DECLARERS_CHOICE = [
    ("Next", "is-opening-lead"),
    ("No, a later trick", "told-to-lead"),
    ("No", "is-trick-13"),
    ("No", "does-declarer-accept"),
]


def walk(page, steps):
    for label, key in steps:
        click(page, label)
        at(page, "law-56", key)


def walk_into_law_50(page, site):
    page.goto(site + "/charts/law-56/lead-out-of-turn/")
    walk(
        page,
        TO_DECLARERS_CHOICE
        + [("No, declarer does not accept", "lead-taken-back"), ("Next", "to-law-50")],
    )
    deal = page.locator(".hand-east").inner_text()
    assert penalty_cards(page) == [EAST_SPADE_KING]
    click(page, "Continue in Law 50")
    at(page, "law-50", "major-penalty-card")
    return deal


def test_law_56_refused_into_law_50_keeps_the_spade_king_deal_and_the_route(site, phone):
    """On a phone (test_walk.py walks the same way on a wide screen, the diagram marking it)."""
    page = phone
    deal = walk_into_law_50(page, site)
    # The same deal: East's hand as it was, the ♠K face up before him, not Law 50's ♦4 and ♥7.
    assert page.locator(".hand-east").inner_text() == deal
    assert penalty_cards(page) == [EAST_SPADE_KING]
    trail = page.get_by_role("list", name="The way you came")
    expect(trail).to_contain_text("Law 56")
    expect(trail).to_contain_text("Does declarer accept the lead?")
    expect(trail).not_to_contain_text("How many penalty cards?")
    screenshot(page, "journey-56-to-50-phone")

    # On in Law 50 with the same deal, as long as it can show the step.
    click(page, "Next")
    at(page, "law-50", "who-is-next")
    assert penalty_cards(page) == [EAST_SPADE_KING]
    click(page, "Partner is on lead")
    at(page, "law-50", "d2-declarer-chooses")  # Law 56's own case: West on lead (issue 18)
    expect(page.locator(".case-lost")).to_have_count(0)
    assert page.locator(".hand-east").inner_text() == deal

    # One step back, and back again across the jump into Law 56.
    for key in ("who-is-next", "major-penalty-card"):
        page.get_by_role("link", name="One step back").click()
        at(page, "law-50", key)
    page.get_by_role("link", name="One step back").click()
    at(page, "law-56", "to-law-50")
    assert penalty_cards(page) == [EAST_SPADE_KING]
    page.get_by_role("link", name="One step back").click()
    at(page, "law-56", "lead-taken-back")


def test_law_56_accepted_into_law_53_keeps_the_4_spades_deal_and_comes_back(site, page):
    page.goto(site + "/charts/law-56/lead-out-of-turn/")
    walk(page, TO_DECLARERS_CHOICE + [("Yes, declarer accepts", "to-law-53")])
    contract = page.locator(".table-facts").inner_text()
    assert "4♠ by South" in contract
    north = page.locator(".hand-north").inner_text()
    click(page, "Continue in Law 53")
    at(page, "law-53", "lead-stands")
    assert page.locator(".hand-north").inner_text() == north
    expect(page.locator(".table-facts")).to_contain_text("4♠ by South")
    trail = page.get_by_role("list", name="The way you came")
    expect(trail).to_contain_text("Law 56")
    expect(trail).not_to_contain_text("What happened?")
    page.get_by_role("link", name="One step back").click()
    at(page, "law-56", "to-law-53")
    page.get_by_role("link", name="One step back").click()
    at(page, "law-56", "does-declarer-accept")
