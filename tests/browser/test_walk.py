"""A learner walks Law 56 into Law 50D2, with htmx and without JavaScript."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import screenshot

pytestmark = pytest.mark.browser

CURRENT = "rgb(198, 40, 40)"  # --current
VISITED = "rgb(211, 84, 0)"  # --path

# (choice clicked, chart, node it leads to)
WALK = [
    ("Next", "law-56", "is-opening-lead"),
    ("No, a later trick", "law-56", "told-to-lead"),
    ("No", "law-56", "is-trick-13"),
    ("No", "law-56", "does-declarer-accept"),
    ("No, declarer does not accept", "law-56", "lead-taken-back"),
    ("Next", "law-56", "to-law-50"),
    ("Continue in Law 50", "law-50", "major-penalty-card"),
    ("Next", "law-50", "who-is-next"),
    ("Partner is on lead", "law-50", "d2-declarer-chooses"),
]


def shape_stroke(page, key: str) -> str:
    shape = page.locator(f'[id="node-{key}"]').locator("polygon, path, ellipse").first
    return shape.evaluate("e => getComputedStyle(e).stroke")


def assert_at(page, site, chart, key, visited=()):
    expect(page).to_have_url(re.compile(re.escape(f"{site}/charts/{chart}/{key}/") + r"(\?.*)?$"))
    expect(page.locator("#step")).to_have_attribute("data-node", key)
    assert shape_stroke(page, key) == CURRENT
    for earlier in visited:
        assert shape_stroke(page, earlier) == VISITED


def click_choice(page, label):
    page.locator("#step .choice", has=page.get_by_text(label, exact=True)).first.click()


def walk(page, site):
    page.goto(site + "/charts/law-56/")
    page.get_by_role("link", name="Step through it").click()
    assert_at(page, site, "law-56", "lead-out-of-turn")
    visited = {"law-56": ["lead-out-of-turn"], "law-50": []}
    for label, chart, key in WALK:
        click_choice(page, label)
        assert_at(page, site, chart, key, visited[chart])
        visited[chart].append(key)


def test_a_learner_steps_from_law_56_into_law_50d2_with_htmx(site, page):
    page.goto(site + "/")
    page.evaluate("window.sameDocument = true")
    walk(page, site)
    # Inside one chart each step was swapped in place: the document was never reloaded.
    assert page.evaluate("window.sameDocument === undefined")  # the jump to Law 50 reloads
    page.evaluate("window.sameDocument = true")
    expect(page.locator("#step h1")).to_have_text("What does declarer choose?")
    expect(page.locator("#step > .cite")).to_contain_text("Law 50D2")
    labels = page.locator("#step .choice-label").all_inner_texts()
    assert labels == ["Require the suit", "Forbid the suit", "No restriction"]
    expect(page).to_have_title(re.compile("What does declarer choose"))
    screenshot(page, "walk-law-50-d2")

    page.go_back()
    assert_at(page, site, "law-50", "who-is-next", ["major-penalty-card"])
    page.go_back()
    assert_at(page, site, "law-50", "major-penalty-card")
    page.go_forward()
    assert_at(page, site, "law-50", "who-is-next", ["major-penalty-card"])
    assert page.evaluate("window.sameDocument === true")  # back and forward swapped in place


def test_the_same_walk_works_without_javascript(site, page_without_js):
    walk(page_without_js, site)
    expect(page_without_js.locator("#step h1")).to_have_text("What does declarer choose?")
    page_without_js.go_back()
    assert_at(page_without_js, site, "law-50", "who-is-next", ["major-penalty-card"])


def test_a_node_of_the_diagram_is_a_link_to_its_step(site, page):
    page.goto(site + "/charts/law-50/")
    page.locator('[id="node-d2-forbid"] a').click()
    assert_at(page, site, "law-50", "d2-forbid", ["who-is-next", "major-penalty-card"])


def test_the_one_step_back_button_goes_back_one_step(site, page):
    page.goto(site + "/charts/law-56/does-declarer-accept/")
    click_choice(page, "No, declarer does not accept")
    # Wait for the swap, not a time: the old page has a "One step back" link too.
    expect(page.locator("#step")).not_to_have_attribute("data-node", "does-declarer-accept")
    page.get_by_role("link", name="One step back").click()
    assert_at(page, site, "law-56", "does-declarer-accept", ["lead-out-of-turn", "is-trick-13"])


def test_an_unknown_step_shows_the_sites_404_page(site, page):
    response = page.goto(site + "/charts/law-56/no-such-step/")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text("There is no such page")
    expect(page.locator(".site-header")).to_be_visible()
