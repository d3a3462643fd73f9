"""Small things a phone shows: the quiz home's law tiles say "Law 50" on one line at 320 and
390 px, and the end of play's marked rows (red cards on pink) pass colour contrast there."""

import pytest

from .conftest import _page, axe_violations, screenshot

pytestmark = pytest.mark.browser

LAW_TILES = """() => [...document.querySelectorAll('label.law-option')].flatMap(tile => {
  const box = tile.getBoundingClientRect(), problems = [];
  const law = tile.querySelector(':scope > span'), count = tile.querySelector('small');
  if (law.getClientRects().length !== 1 || law.getBoundingClientRect().height > 40)
    problems.push(`${law.textContent} wraps`);
  for (const e of [law, count]) {
    const b = e.getBoundingClientRect();
    if (b.right > box.right + .5) problems.push(`${e.textContent} sticks out of its tile`);
  }
  return problems;
})"""


@pytest.mark.parametrize("width", [320, 390])
def test_the_law_tiles_and_the_marked_tricks_read_on_a_phone(site, browser, width):
    context, phone = _page(browser, {"width": width, "height": 844})
    phone.goto(f"{site}/quiz/")
    assert phone.locator("label.law-option").count() >= 14
    assert phone.evaluate(LAW_TILES) == []
    screenshot(phone, f"quiz-home-{width}")
    phone.goto(f"{site}/charts/law-64/play-ends/")
    assert phone.locator("tr.offenders-won .red").count() > 0
    assert axe_violations(phone) == []
    context.close()
