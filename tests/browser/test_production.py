"""What the production settings change in a browser: the Content-Security-Policy
blocks nothing the site needs, and the sign-in lock-out page reads well."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import _page, screenshot

pytestmark = pytest.mark.browser
VIEWPORTS = {"phone": (390, 844), "laptop": (1366, 900), "projector": (1280, 720)}


def csp_reports(page) -> list[str]:
    reports: list[str] = []
    page.on(
        "console",
        lambda message: reports.append(message.text)
        if "Content Security Policy" in message.text or "Refused to" in message.text
        else None,
    )
    return reports


def test_the_policy_blocks_nothing_on_a_walk_with_htmx(site, page):
    reports = csp_reports(page)
    page.goto(site + "/charts/law-50/")
    page.get_by_role("link", name="Step through it").click()
    page.locator("#step .choice").first.click()  # an htmx swap, with its new path stylesheet
    expect(page.locator("#step")).not_to_have_attribute("data-node", "card-exposed")
    key = page.locator("#step").get_attribute("data-node")
    shape = page.locator(f'[id="node-{key}"]').locator("polygon, path, ellipse").first
    expect(shape).to_have_css("stroke-width", "7px")  # the current step marked on the diagram
    table_links = page.locator("#step a[href*='event='], #step a[href*='view=']")
    if table_links.count():
        table_links.first.click()
        expect(page).to_have_url(re.compile(r"[?&](event|view)="))
    # htmx's own indicator style would be refused if htmx still injected it.
    assert page.evaluate("document.querySelectorAll('style').length") == 0
    assert reports == []


def test_a_locked_out_director_sees_what_happened(browser, site, django_user_model):
    """Locked out once, the page read on a phone, a laptop and a projector."""
    django_user_model.objects.create_superuser("director", "d@example.org", "right phrase")
    context, page = _page(browser, {"width": 390, "height": 844})
    try:
        reports = csp_reports(page)
        for _ in range(5):
            page.goto(site + "/admin/login/")
            page.fill("#id_username", "director")
            page.fill("#id_password", "wrong phrase")
            page.click("input[type=submit]")
        expect(page.get_by_role("heading", name="Too many wrong passwords")).to_be_visible()
        page.wait_for_load_state("load")  # its stylesheet too, before measuring
        for viewport, (width, height) in VIEWPORTS.items():
            page.set_viewport_size({"width": width, "height": height})
            expect(page.get_by_text("for 15 minutes")).to_be_visible()
            overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
            assert not overflow, viewport
            back = page.get_by_role("link", name="Back to the list of laws")
            assert back.bounding_box()["height"] >= 44, viewport
            screenshot(page, f"locked-out-{viewport}")
        assert reports == []
    finally:
        context.close()
