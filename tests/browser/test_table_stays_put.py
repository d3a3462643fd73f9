"""The example table is its own htmx target: its clicks keep the learner's place.

Next/previous event, a view, a card tried or an option replace the table alone,
keep the scroll position and replace the address (Back goes to the previous
step, not the previous try); steps still push. Focus goes to the heading of what
changed, and one short status line is the only live region.
"""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

STEP = "/charts/law-50/major-penalty-card/"
LIVE = "[aria-live], [role=status], [role=alert], [role=log]"


def scroll_y(page) -> float:
    return page.evaluate("window.scrollY")


def focused(page) -> str:
    return page.evaluate(
        "document.activeElement.tagName + ' ' + document.activeElement.textContent.trim()"
    )


def table_in_view(page):
    # at once, not smoothly: the position is final when this returns
    page.locator("#table .event-nav").evaluate(
        "e => e.scrollIntoView({block: 'center', behavior: 'instant'})"
    )
    return scroll_y(page)


def test_table_clicks_keep_the_scroll_position_and_focus_the_tables_heading(site, phone):
    phone.goto(site + STEP)
    before = table_in_view(phone)
    assert before > 800  # on a phone the table is well below the top of the step
    now = phone.locator("#table .event-now")

    phone.get_by_role("link", name="◀ Previous").click()
    expect(now).to_contain_text("9 of 10")
    assert abs(scroll_y(phone) - before) < 5
    expect(phone.locator("#table h2")).to_be_focused()  # once htmx has settled the swap
    expect(phone.locator("#status")).to_contain_text("9 of 10")

    phone.get_by_role("link", name="What East sees").click()
    expect(phone.locator("#table .view-link.active")).to_have_text("What East sees")
    assert abs(scroll_y(phone) - before) < 5

    phone.get_by_role("link", name="All four hands").click()
    # its table swapped in first: the old table's "Next" would keep East's view
    expect(phone.locator("#table .view-link.active")).to_have_text("All four hands")
    phone.get_by_role("link", name="Next ▶").click()
    expect(now).to_contain_text("10 of 10")
    card = phone.locator(".hand-south a.card-link").first
    card.scroll_into_view_if_needed()  # as the learner scrolls to it
    before = scroll_y(phone)
    card.click()
    expect(phone.locator("#table .verdict")).to_be_visible()
    assert abs(scroll_y(phone) - before) < 5
    expect(phone.locator("#table h2")).to_be_focused()  # once htmx has settled the swap
    expect(phone.locator("#status")).to_contain_text("may")

    # One live region: the status line, outside what is swapped.
    live = phone.locator(LIVE)
    expect(live).to_have_count(1)
    expect(live).to_have_attribute("id", "status")


def test_back_after_a_card_try_goes_to_the_previous_step(site, page):
    page.goto(site + "/charts/law-50/card-stays-face-up/")
    page.locator("#step .choice").first.click()  # a step: pushed
    expect(page.locator("#step")).to_have_attribute("data-node", "how-many-cards")
    step_url = page.url
    page.locator("#table a.card-link").first.click()  # a try: the address is replaced
    expect(page.locator("#table .verdict")).to_be_visible()
    assert "try=" in page.url and page.url.startswith(step_url.split("?")[0])
    page.get_by_role("link", name="◀ Previous").click()
    expect(page).to_have_url(re.compile("event="))
    page.go_back()
    expect(page.locator("#step")).to_have_attribute("data-node", "card-stays-face-up")
    expect(page).to_have_url(re.compile(r"/charts/law-50/card-stays-face-up/$"))


def test_a_step_swap_focuses_the_steps_heading(site, page):
    page.goto(site + "/charts/law-56/does-declarer-accept/")
    page.locator("#step .choice").first.click()
    expect(page.locator("#step")).to_have_attribute("data-node", "to-law-53")
    expect(page.locator("#step h1")).to_be_focused()
    assert focused(page) == "H1 The lead stands (Law 53)"
    expect(page.locator("#status")).to_contain_text("The lead stands")
