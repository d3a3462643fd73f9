"""Phones, projectors and paper: hands that fit, targets a finger can hit, readable diagrams."""

import re

import pytest
from playwright.sync_api import expect

from penaltyflow.flowcharts.models import Node
from penaltyflow.hands.models import Example

from .conftest import PHONE, _page, screenshot

pytestmark = pytest.mark.browser

# Every card drawn inside its hand's box, and every card link at least `least` px both ways.
CARDS_IN_HANDS = """least => {
  const problems = [];
  for (const hand of document.querySelectorAll('.bridge-table .hand')) {
    const box = hand.getBoundingClientRect();
    for (const card of hand.querySelectorAll('.rank, .playing-card')) {
      const b = card.getBoundingClientRect();
      if (b.left < box.left - .5 || b.right > box.right + .5 || b.top < box.top - .5
          || b.bottom > box.bottom + .5)
        problems.push(`${card.textContent} spills out of ${hand.className}`);
    }
    if (hand.scrollWidth > hand.clientWidth + 1) problems.push(`${hand.className} is clipped`);
  }
  for (const link of document.querySelectorAll('.bridge-table a')) {
    const b = link.getBoundingClientRect();
    if (b.width < least || b.height < least)
      problems.push(`${link.getAttribute('aria-label')}: ${b.width}x${b.height}`);
  }
  if (document.documentElement.scrollWidth > innerWidth) problems.push('the page scrolls sideways');
  return problems;
}"""


# The narrowest phone and the widest. site.css has no breakpoint between them and sizes
# nothing by the screen's width (no vw): a wider phone only gives each hand more room, so
# every step is checked at the narrowest, and a card try at both.
PHONE_WIDTHS = (320, 430)
NARROWEST = PHONE_WIDTHS[0]


ANSWERS_AFTER_QUESTION = """() => {
  const first = document.querySelector('#step .choice').getBoundingClientRect();
  const teaching = document.querySelector('#step .teaching').getBoundingClientRect();
  return {visible: first.bottom <= innerHeight, textAfter: teaching.top > first.top};
}"""


# Step pages swapped in one after the other in the page, as a browser lays out a page it
# loads, with no round trip to the test between two: each page's <body> and title replace
# the open page's when it has the same stylesheets, scripts and <html> attributes (a third
# of chromium's cost of opening a page), then the page is seen from its top, as it opens.
# Each page is fetched once (a page seen again, at another size, is swapped in from what
# was fetched). For each address in order: what `look` finds on the page (CARDS_IN_HANDS at
# `least` px, or ANSWERS_AFTER_QUESTION) and the step it shows; it stops at a page that
# cannot be swapped in (not 200, or other rules), which `sweep` then opens.
SWEEP = f"""async ([urls, look, least]) => {{
  const looks = {{cards: {CARDS_IN_HANDS}, answers: {ANSWERS_AFTER_QUESTION}}};
  window.fetched ??= new Map();
  const rules = d => [d.documentElement.getAttributeNames().map(
      n => n + '=' + d.documentElement.getAttribute(n)),
    [...d.querySelectorAll('link[rel=stylesheet], style, script')].map(e => e.outerHTML)].join();
  const seen = [];
  for (const url of urls) {{
    if (!fetched.has(url)) {{
      const response = await fetch(url, {{headers: {{Accept: 'text/html'}}}});
      if (!response.ok || response.redirected) break;
      fetched.set(url, await response.text());
    }}
    const next = new DOMParser().parseFromString(fetched.get(url), 'text/html');
    if (rules(next) !== rules(document)) break;
    document.title = next.title;
    document.body.replaceWith(document.adoptNode(next.body));
    scrollTo(0, 0);
    seen.push({{node: document.querySelector('#step').dataset.node, found: looks[look](least)}});
  }}
  return seen;
}}"""


def sweep(page, urls: list[str], look: str, least: int = 44) -> tuple[list[dict], int]:
    """What `look` finds on each step page of `urls` (SWEEP), from a page of the site; and
    how many were opened."""
    seen, opened = [], 0
    while len(seen) < len(urls):
        if not (more := page.evaluate(SWEEP, [urls[len(seen) :], look, least])):
            page.goto(urls[len(seen)])  # then swapped in over itself
            opened += 1
            more = page.evaluate(SWEEP, [urls[len(seen) : len(seen) + 1], look, least])
            assert more, f"{urls[len(seen)]} does not answer 200"
        seen += more
    return seen, opened


def test_on_a_phone_no_card_spills_out_of_its_hand_and_every_card_is_a_44px_target(site, browser):
    """Every step page on the narrowest phone; a question's page on a 390x844 phone too: its
    first answer is on the first screen, before the longer teaching text."""
    context, page = _page(browser, {"width": NARROWEST, "height": 800})
    nodes = list(Node.objects.select_related("chart").order_by("chart__order", "key"))
    assert len(nodes) > 100 and Example.objects.count() > 100
    step = {f"{site}/charts/{node.chart.slug}/{node.key}/": node for node in nodes}
    page.goto(next(iter(step)))
    cards, opened = sweep(page, list(step), "cards")
    questions = [url for url, node in step.items() if node.kind == Node.Role.QUESTION]
    assert len(questions) > 20
    page.set_viewport_size(PHONE)
    answers, _ = sweep(page, questions, "answers")
    screenshot(page, "question-phone")
    print(f"{len(nodes)} step pages, {opened + 1} opened, the others swapped in")
    problems, late = {}, []
    for (url, node), seen in zip(step.items(), cards, strict=True):
        assert seen["node"] == node.key
        if seen["found"]:
            problems[f"{url.removeprefix(site)} at {NARROWEST} px"] = seen["found"][:3]
    for url, seen in zip(questions, answers, strict=True):
        assert seen["node"] == step[url].key
        if not seen["found"]["visible"] or not seen["found"]["textAfter"]:
            late.append(f"{url.removeprefix(site)}: {seen['found']}")
    # After a card try the next hand's cards are links too.
    page.goto(site + "/charts/law-50/major-penalty-card/")
    page.locator(".hand.to-play a.card-link").first.click()
    expect(page.locator(".verdict")).to_be_visible()
    for width in PHONE_WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        assert page.evaluate(CARDS_IN_HANDS, 44) == [], width
        screenshot(page, f"card-try-phone-{width}")
    context.close()
    assert problems == {}
    assert late == []


def test_on_a_wide_screen_card_targets_are_24px_and_next_stays_beside_previous(site, browser):
    context, page = _page(browser, {"width": 1366, "height": 900})
    page.goto(site + "/charts/law-50/major-penalty-card/?event=5")
    assert page.evaluate(CARDS_IN_HANDS, 24) == []
    previous = page.get_by_role("link", name="◀ Previous").bounding_box()
    following = page.get_by_role("link", name="Next ▶").bounding_box()
    assert abs(previous["y"] - following["y"]) < 2  # one line
    table = page.locator(".bridge-table").bounding_box()
    assert table["width"] >= 0.5 * 1366 - 100  # the table gets at least half the page
    screenshot(page, "step-1366")
    context.close()


def text_sizes_in_view(page) -> list[float]:
    """The rendered size (px) of each diagram text visible in the diagram's box."""
    return page.evaluate(
        """() => {
      const box = document.querySelector('.diagram-scroll').getBoundingClientRect();
      const sizes = [];
      for (const t of document.querySelectorAll('.diagram-scroll svg text')) {
        const b = t.getBoundingClientRect();
        if (b.bottom < box.top || b.top > box.bottom) continue;
        if (b.right < box.left || b.left > box.right) continue;
        const scale = t.getScreenCTM().a;
        sizes.push(parseFloat(t.getAttribute('font-size')) * scale);
      }
      return sizes;
    }"""
    )


@pytest.mark.parametrize("url", ["/charts/law-50/d2-declarer-chooses/", "/charts/law-50/"])
def test_on_a_projector_the_diagram_text_in_view_is_14px_and_the_current_step_is_in_view(
    site, browser, url
):
    context, page = _page(browser, {"width": 1280, "height": 720})
    page.goto(site + url)
    sizes = text_sizes_in_view(page)
    assert sizes and min(sizes) >= 14
    if "d2-" in url:
        box = page.locator(".diagram-scroll").bounding_box()
        node = page.locator('[id="node-d2-declarer-chooses"]').bounding_box()
        assert box["x"] <= node["x"] and node["x"] + node["width"] <= box["x"] + box["width"]
        assert box["y"] <= node["y"] and node["y"] + node["height"] <= box["y"] + box["height"]
        assert box["y"] + box["height"] <= 720  # the whole box is on the screen
    screenshot(page, "projector-" + url.strip("/").replace("/", "-"))
    context.close()


def svg_transform(page) -> tuple[float, float, float]:
    style = page.locator(".viewer-stage svg").evaluate("e => e.style.transform")
    x, y, s = map(float, re.findall(r"-?[\d.]+", style))
    return x, y, s


def test_the_diagram_opens_full_screen_with_pinch_zoom_and_pan(site, browser):
    context, page = _page(browser, {"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page.goto(site + "/charts/law-50/who-is-next/")
    page.get_by_role("button", name="Diagram, full screen").click()
    viewer = page.get_by_role("dialog", name="The diagram, full screen")
    expect(viewer).to_be_visible()
    assert viewer.bounding_box()["height"] == 844  # the whole screen
    node = page.locator('[id="node-who-is-next"]').bounding_box()
    assert 0 <= node["x"] and node["x"] + node["width"] <= 390  # opens on the current step
    _, _, scale = svg_transform(page)

    cdp = context.new_cdp_session(page)

    def touch(kind, points):
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": kind,
                "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)],
            },
        )

    touch("touchStart", [(150, 400), (240, 400)])
    for d in range(10, 70, 10):  # two fingers apart: zoom in
        touch("touchMove", [(150 - d, 400), (240 + d, 400)])
    touch("touchEnd", [])
    _, _, zoomed = svg_transform(page)
    assert zoomed > scale * 1.5
    x, y, _ = svg_transform(page)
    touch("touchStart", [(200, 500)])
    for d in range(10, 110, 20):  # one finger: pan
        touch("touchMove", [(200 - d, 500 - d)])
    touch("touchEnd", [])
    x2, y2, _ = svg_transform(page)
    assert x2 < x - 50 and y2 < y - 50
    screenshot(page, "diagram-viewer-phone")
    page.get_by_role("button", name="Zoom out").click()
    assert svg_transform(page)[2] < zoomed
    page.keyboard.press("Escape")
    expect(viewer).to_have_count(0)
    expect(page.locator("#diagram .diagram-scroll svg")).to_have_count(1)  # back in its place
    expect(page.get_by_role("button", name="Diagram, full screen")).to_be_focused()
    # After a step is swapped in place, the new diagram opens full screen too.
    page.locator("#step .choice").first.click()
    expect(page.locator("#step")).not_to_have_attribute("data-node", "who-is-next")
    page.get_by_role("button", name="Diagram, full screen").click()
    expect(viewer).to_be_visible()
    page.keyboard.press("Escape")
    context.close()


def test_without_javascript_the_diagram_is_still_a_link_away(site, page_without_js):
    page_without_js.goto(site + "/charts/law-50/who-is-next/")
    expect(page_without_js.locator("[data-diagram-open]")).to_have_count(2)
    for button in page_without_js.locator("[data-diagram-open]").all():
        expect(button).to_be_hidden()
    page_without_js.get_by_role("link", name="Diagram ↓").click()
    expect(page_without_js).to_have_url(re.compile("#diagram$"))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_step_prints_in_black_and_white_with_its_diagram(site, page, paper):
    page.goto(site + "/charts/law-50/major-penalty-card/")
    page.emulate_media(media="print")
    looks = page.evaluate(
        """() => ({
      table: getComputedStyle(document.querySelector('.bridge-table')).backgroundColor,
      red: getComputedStyle(document.querySelector('.bridge-table .suit.red')).color,
      header: getComputedStyle(document.querySelector('.site-header')).backgroundColor,
      buttons: getComputedStyle(document.querySelector('.event-nav .button')).display,
      diagram: getComputedStyle(document.querySelector('.diagram')).breakBefore,
    })"""
    )
    assert looks == {
        "table": "rgba(0, 0, 0, 0)",
        "red": "rgb(0, 0, 0)",
        "header": "rgba(0, 0, 0, 0)",
        "buttons": "none",
        "diagram": "page",
    }
    pdf = page.pdf(format=paper, print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert 2 <= pages <= 4  # the step and its table, then the diagram
    screenshot(page, f"print-{paper}")
