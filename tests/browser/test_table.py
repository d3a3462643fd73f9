"""The example hands in the browser: walking a chart of each phase, trying cards, comparing
options."""

import pytest
from playwright.sync_api import expect

from penaltyflow.flowcharts.loader import load_charts
from penaltyflow.flowcharts.models import Flowchart
from penaltyflow.hands.models import Example
from tests.flowcharts.test_journey import first_way_through

from .conftest import screenshot

pytestmark = pytest.mark.browser


# One chart of each phase, walked in the browser with htmx; every chart is walked the same way
# without a browser (tests/flowcharts/test_journey.py), its deal checked at each step.
A_CHART_OF_EACH_PHASE = ["law-56", "law-62", "law-27"]


def test_a_chart_of_each_phase_can_be_walked_with_the_table_following(site, page):
    walked = []
    for chart in Flowchart.objects.filter(slug__in=A_CHART_OF_EACH_PHASE):
        walk = first_way_through(chart)
        walked.append(chart.slug)
        page.goto(f"{site}/charts/{chart.slug}/{walk[0][1]}/")
        for label, source, target in walk:
            page.locator("#step .choice", has=page.get_by_text(label, exact=True)).first.click()
            expect(page.locator("#step")).to_have_attribute("data-node", target)
            example = Example.objects.get(
                choice__source__chart=chart, choice__source__key=source, choice__target__key=target
            )
            first_line = " ".join(example.story.split())[:40]
            expect(page.locator("#step .story")).to_contain_text(first_line)
            expect(page.locator("#step .bridge-table .hand")).to_have_count(4)
    assert sorted(walked) == sorted(A_CHART_OF_EACH_PHASE)


@pytest.fixture
def mini_site(site, good_chart, write_chart):
    load_charts([write_chart(good_chart)])
    return site


def test_a_learner_steps_through_the_example_and_the_table_changes(mini_site, page):
    page.goto(f"{mini_site}/charts/mini-56/retract/?path=lead.accept&event=0")
    expect(page.locator(".event-now")).to_contain_text("The deal, before the opening lead")
    expect(page.locator(".trick .playing-card")).to_have_count(0)
    page.get_by_role("link", name="Next ▶").click()
    expect(page.locator(".event-now")).to_contain_text("West plays ♣10")
    expect(page.locator(".trick-west .playing-card")).to_have_text("♣10")
    assert "event=1" in page.url
    # Wait for each swap before the next click: a click on the old link would repeat it.
    page.get_by_role("link", name="Next ▶").click()
    expect(page.locator(".event-now")).to_contain_text("2 of 6")
    page.get_by_role("link", name="Next ▶").click()
    expect(page.locator(".event-now")).to_contain_text("3 of 6")
    expect(page.locator(".trick .playing-card")).to_have_count(3)
    # The address follows the table, replaced rather than pushed: Back leaves the step.
    assert "event=3" in page.url
    assert page.evaluate("history.length") == 2  # about:blank, then this step


def test_a_learner_clicks_a_legal_and_an_illegal_card(mini_site, page):
    page.goto(f"{mini_site}/charts/mini-56/retract/?path=lead.accept&event=3")
    south = page.locator(".hand-south")
    south.get_by_role("link", name="Play the jack of spades").click()
    verdict = page.locator(".verdict")
    expect(verdict).to_have_class("verdict refused")
    expect(verdict).to_contain_text("♠J may not be played")
    expect(verdict).to_contain_text("Law")
    legal = south.locator(".card-link.legal")
    expect(legal).to_have_text(["Q", "7", "4"])
    screenshot(page, "table-illegal-card")
    south.get_by_role("link", name="Play the seven of clubs").click()
    expect(page.locator(".verdict")).to_have_class("verdict allowed")
    expect(page.locator(".trick-south .playing-card")).to_have_text("♣7")


def test_declarers_options_are_compared_on_the_same_deal(mini_site, page):
    page.goto(f"{mini_site}/charts/mini-56/retract/?path=lead.accept")
    options = page.locator(".options .option")
    expect(options).to_have_count(3)
    west_penalty = page.locator(".hand-west .penalty-cards")
    expect(west_penalty).to_contain_text("♥4")

    options.nth(0).click()  # require a heart
    expect(page.locator(".table-facts")).to_contain_text("hearts required")
    expect(page.locator(".hand-west .penalty-cards")).to_have_count(0)
    options.nth(1).click()  # forbid hearts
    expect(page.locator(".table-facts")).to_contain_text("hearts forbidden")
    expect(page.locator(".hand-west .penalty-cards")).to_have_count(0)
    options.nth(2).click()  # no restriction: the card stays
    expect(page.locator(".hand-west .penalty-cards")).to_contain_text("major")
    expect(page.locator(".table-facts")).not_to_contain_text("Lead restriction")
    expect(page.locator(".option.chosen")).to_contain_text("No lead restriction")


def test_the_table_on_a_phone(mini_site, phone):
    phone.goto(f"{mini_site}/charts/mini-56/retract/?path=lead.accept")
    screenshot(phone, "table-phone")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
