"""What a person sees: screenshots of each page, desktop and phone, and checks on them."""

import pytest

from .conftest import screenshot

pytestmark = pytest.mark.browser

PAGES = {
    "home": "/",
    "chart": "/charts/law-56/",
    "step": "/charts/law-50/major-penalty-card/",
}


@pytest.mark.parametrize("name", PAGES)
def test_each_page_fits_a_phone_without_sideways_scrolling(site, phone, name):
    phone.goto(site + PAGES[name])
    screenshot(phone, f"{name}-phone")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= phone.viewport_size["width"]


@pytest.mark.parametrize("name", PAGES)
def test_each_page_on_a_projector_sized_screen(site, page, name):
    page.goto(site + PAGES[name])
    screenshot(page, f"{name}-desktop")
    assert page.locator("h1").first.is_visible()
    size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 20  # readable from the back of a club room


def test_hearts_and_diamonds_are_red_and_spades_black(site, page):
    page.goto(site + "/")
    red = page.locator(".brand .suit.red").evaluate("e => getComputedStyle(e).color")
    black = page.locator(".brand .suit.black").evaluate("e => getComputedStyle(e).color")
    assert red == "rgb(198, 40, 40)" and black == "rgb(17, 17, 17)"


def test_nothing_is_loaded_from_another_host(site, page):
    hosts = set()
    page.on("request", lambda request: hosts.add(request.url.split("/")[2]))
    for url in PAGES.values():
        page.goto(site + url)
    assert hosts == {site.split("/")[2]}
