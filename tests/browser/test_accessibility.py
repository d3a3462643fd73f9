"""axe-core with the WCAG 2.2 AA rules on every kind of page on a wide screen, and on a phone
on each kind whose layout differs there."""

import pytest
from playwright.sync_api import expect

from .conftest import _page, axe_violations

pytestmark = pytest.mark.browser

PAGE_KINDS = {
    "home": "/",
    "chart": "/charts/law-50/",
    "start step": "/charts/law-56/lead-out-of-turn/",
    "question step": "/charts/law-56/does-declarer-accept/",
    "ruling step": "/charts/law-50/d2-forbid/",
    "jump step": "/charts/law-56/to-law-50/",
    "an earlier event": "/charts/law-50/major-penalty-card/?event=2",
    "what one seat sees": "/charts/law-50/major-penalty-card/?view=W",
    "a legal card tried": "/charts/law-51/cards-stay/?try=C5",
    "a card refused": "/charts/law-50/d2-require/?try=HK",
    "an option tried": "/charts/law-50/d2-declarer-chooses/?option=0",
    "not found": "/charts/law-50/no-such-step/",
    "bad link": "/charts/law-50/major-penalty-card/?event=99",
    "end of play after a revoke": "/charts/law-64/play-ends/",  # its marked rows: red on pink
    "a quiz question, the table after it": "/quiz/q/g-transfer-64b1-0000/",
}


# On a phone, the kinds of page whose phone layout differs from another's (the table's hands
# wrap, the quiz's answers stack, the marked rows fit): what axe reads on the others (names,
# roles, contrast) is what it reads on a wide screen, drawn by the same templates.
ON_A_PHONE = [
    "home",
    "chart",
    "question step",
    "a legal card tried",
    "a card refused",
    "end of play after a revoke",
    "a quiz question, the table after it",
]


@pytest.mark.parametrize(
    "viewport, kinds",
    [((390, 844), ON_A_PHONE), ((1366, 900), list(PAGE_KINDS))],
    ids=["phone", "wide"],
)
def test_every_kind_of_page_has_no_wcag_22_aa_violation(site, browser, viewport, kinds):
    context, page = _page(browser, {"width": viewport[0], "height": viewport[1]})
    found = {}
    for kind in kinds:
        page.goto(site + PAGE_KINDS[kind])
        found[kind] = axe_violations(page)
    # The diagram viewer open, over the step.
    page.goto(site + PAGE_KINDS["question step"])
    page.locator("figcaption [data-diagram-open]").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    found["diagram viewer"] = axe_violations(page)
    context.close()
    assert {kind: v for kind, v in found.items() if v} == {}


def test_the_check_finds_a_violation_and_says_where(page):
    """The check itself: a picture with no words for it and faint text are each named, with
    the element they are on."""
    page.set_content(
        '<html lang="en"><head><title>A page</title></head><body><main><h1>A page</h1>'
        '<img src="data:," id="photo"><p style="color:#ddd;background:#fff">faint words</p>'
        "</main></body></html>"
    )
    found = " ".join(axe_violations(page))
    assert "image-alt" in found and "#photo" in found
    assert "color-contrast" in found
