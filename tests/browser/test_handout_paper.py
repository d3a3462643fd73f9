"""The handout on paper as a teacher prints it (A4; the layout measured at the page's width):
every item numbered as the answer key numbers it, a suit never wrapped in its hand, a deal
played to the end said in words (not four empty hands), every chart's labels 8 pt or more
(a big chart in parts, a page each; they were 4 to 5 pt)."""

import re

import pytest
from django.contrib.auth.models import Group, User

from penaltyflow.classroom.models import TEACHERS_GROUP, Lesson, LessonItem

from .conftest import _page, keep_file, screenshot

pytestmark = pytest.mark.browser
A4_TEXT = {"width": 688, "height": 1009}  # 210 x 297 mm less paper-a4.css's margins, in px
TRANSFER = "g-transfer-64b1-0000"  # a deal played to the end

MEASURE = """() => {
  const px = parseFloat;
  const items = [...document.querySelectorAll('ol.handout-items > li')];
  return {
    displays: [...new Set(items.map(li => getComputedStyle(li).display))],
    keyNumbers: [...document.querySelectorAll('.answer-key li')].map(li => li.value),
    questions: items.map((li, i) => li.querySelector('.kind-quiz') ? i + 1 : 0).filter(Boolean),
    wrapped: [...document.querySelectorAll('.handout-deal .suits li')]
      .filter(li => li.getBoundingClientRect().height > 1.5 * px(getComputedStyle(li).lineHeight))
      .map(li => li.textContent.replace(/\\s+/g, ' ').trim()),
    spilled: [...document.querySelectorAll('.handout-deal .hand')]
      .filter(h => h.scrollWidth > h.clientWidth + 1).map(h => h.textContent.trim().slice(0, 20)),
    labels: [...document.querySelectorAll('.handout-chart svg')].map(svg => {
      const vb = svg.viewBox.baseVal, r = svg.getBoundingClientRect();
      const smallest = Math.min(...[...svg.querySelectorAll('text')].map(
        t => px(t.getAttribute('font-size') || 14)));
      const scale = Math.min(r.width / vb.width, r.height / vb.height);
      return {pt: smallest * scale * 0.75, height: r.height};
    }),
  };
}"""


@pytest.fixture
def lesson(site):
    teacher = User.objects.create_user("tina", password="handout-pw-1")
    teacher.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
    lesson = Lesson.objects.create(slug="on-paper", title="On paper", owner=teacher)
    items = [
        {"chart": "law-50", "node": "major-penalty-card"},
        {"question": "g-lead-required-0000"},
        {"chart": "law-64", "node": "play-ends"},
        {"question": TRANSFER},
        {"chart": "law-56", "node": "lead-out-of-turn"},
    ]
    for n, item in enumerate(items):
        LessonItem.objects.create(lesson=lesson, position=n, **item)
    return site


def test_the_handout_prints_numbered_whole_suits_and_legible_charts(browser, lesson):
    site = lesson
    context, page = _page(browser, A4_TEXT)
    page.goto(f"{site}/accounts/login/?next=/lessons/on-paper/handout/")
    page.fill("input[name=username]", "tina")
    page.fill("input[name=password]", "handout-pw-1")
    page.locator("form.account-form button[type=submit]").click()
    page.wait_for_url(f"{site}/lessons/on-paper/handout/")
    keep_file("handout-on-paper-a4.pdf", page.pdf(format="A4", prefer_css_page_size=True))
    page.emulate_media(media="print")
    found = page.evaluate(MEASURE)
    assert found["displays"] == ["list-item"]  # each item shows the number the key uses
    assert found["keyNumbers"] == found["questions"] == [2, 4]
    assert found["wrapped"] == [] and found["spilled"] == []
    played_out = page.locator("ol.handout-items > li").nth(3)
    assert "Play is over" in played_out.inner_text()
    assert played_out.locator(".hand").count() == 0  # not four hands with no card
    assert len(found["labels"]) > 3  # Laws 50 and 64 in parts, Law 56 whole
    for chart in found["labels"]:
        assert chart["pt"] >= 7.95 and chart["height"] <= A4_TEXT["height"], chart
    captions = page.locator(".chart-part figcaption").all_inner_texts()
    assert any(re.fullmatch(r"Law 50, Part 1 of \d: top left", c) for c in captions), captions
    screenshot(page, "handout-on-paper-print")
    context.close()
