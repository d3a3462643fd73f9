"""The teacher's tools as a teacher sees them: the lesson builder (search, preview with the
table, rename, delete; buttons in columns) on a 390x844 phone and a 1280x720 projector, and a
handout of 12 items fitted to A4 in black and white, every chart label whole."""

import re

import pytest
from playwright.sync_api import expect

from penaltyflow.classroom.models import Lesson, LessonItem
from penaltyflow.flowcharts.models import Node
from penaltyflow.quizzes.bank import question_ids

from .conftest import PHONE, SIZES, _page, axe_violations, keep_file, screenshot

pytestmark = pytest.mark.browser
PAGES = re.compile(rb"/Count\s+(\d+)")


@pytest.fixture
def teacher(site):
    from django.contrib.auth.models import Group, User

    from penaltyflow.classroom.models import TEACHERS_GROUP

    user = User.objects.create_user("tina", password="builder-pw-1")
    user.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
    return user


def twelve_items(owner=None) -> Lesson:
    """Six chart steps (Laws 50 and 56) and six questions (Laws 56 and 51), alternating."""
    lesson = Lesson.objects.create(slug="twelve", title="Twelve items", owner=owner)
    nodes = Node.objects.filter(chart__slug__in=["law-50", "law-56"]).order_by("chart__order", "id")
    qids = question_ids(law="56", limit=3) + question_ids(law="51", limit=3)
    for n, node in enumerate(nodes[:6]):
        LessonItem.objects.create(
            lesson=lesson, position=2 * n, chart=node.chart.slug, node=node.key
        )
    for n, qid in enumerate(qids):
        LessonItem.objects.create(lesson=lesson, position=2 * n + 1, question=qid)
    return lesson


def sign_in(page, site):
    page.goto(f"{site}/accounts/login/")
    page.fill("input[name=username]", "tina")
    page.fill("input[name=password]", "builder-pw-1")
    page.locator("form button[type=submit]").click()
    page.wait_for_url("**/classroom/")


def columns(page, selector: str) -> list[set]:
    """For each kind of button in the rows (by its text), the left edges it has: a set of one
    when that button is in the same column on every row."""
    edges = page.evaluate(
        """s => { const out = {};
             for (const row of document.querySelectorAll(s))
               for (const b of row.querySelectorAll('.button, button'))
                 if (b.offsetParent) (out[b.value || b.textContent.trim()] ??= new Set())
                   .add(Math.round(b.getBoundingClientRect().left));
             return Object.values(out).map(v => [...v]); }""",
        selector,
    )
    assert edges
    return [set(e) for e in edges]


def test_the_builder_searches_previews_renames_and_deletes(browser, site, teacher):
    twelve_items(owner=teacher)
    for size in SIZES:
        context, page = _page(browser, size)
        sign_in(page, site)
        page.goto(f"{site}/classroom/lessons/twelve/")
        lined = columns(page, ".builder-row .builder-actions")
        assert all(len(edge) == 1 for edge in lined), f"the buttons do not line up: {lined}"
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        page.select_option("select[name=kind]", "true-false")
        page.get_by_role("button", name="Search").click()
        results = page.locator(".result-row")
        expect(results.first).to_contain_text("True or false")
        assert all(len(edge) == 1 for edge in columns(page, ".result-row .row-actions"))
        small = page.evaluate(
            "[...document.querySelectorAll('#content .button, #content button, #content select,"
            " #content input:not([type=hidden]):not([type=checkbox]), #content .check')]"
            ".filter(e => e.offsetParent).map(e => e.getBoundingClientRect())"
            ".filter(r => r.height < 44).length"
        )
        assert small == 0
        screenshot(page, f"builder-{size['width']}x{size['height']}")
        if size == PHONE:
            assert axe_violations(page) == []
        context.close()

    context, page = _page(browser, PHONE)
    sign_in(page, site)
    page.goto(f"{site}/classroom/lessons/twelve/?law=51&kind=options")
    page.locator(".result-row").first.get_by_role("link", name="Preview").click()
    expect(page.locator(".preview-item .bridge-table")).to_be_visible()  # the deal, drawn
    expect(page.locator(".preview-key")).not_to_have_attribute("open", "")  # answer folded
    screenshot(page, "builder-preview-390x844")
    assert axe_violations(page) == []
    page.get_by_role("button", name="Add it to the lesson").click()
    expect(page.locator(".builder-row")).to_have_count(13)

    page.fill(".rename-form input[name=title]", "Tuesday at the club")
    page.get_by_role("button", name="Rename").click()
    expect(page.locator("h1")).to_have_text("Tuesday at the club")
    page.get_by_role("link", name="Delete this lesson").click()
    expect(page.locator("h1")).to_contain_text("Delete “Tuesday at the club”?")
    page.get_by_role("button", name="Delete the lesson").click()
    page.wait_for_url("**/classroom/")
    expect(page.locator(".lesson-list")).not_to_contain_text("Tuesday at the club")
    context.close()


def test_a_handout_of_twelve_items_fits_a4_in_black_and_white(browser, site, teacher):
    twelve_items()
    context, page = _page(browser, {"width": 1366, "height": 900})
    sign_in(page, site)  # the handout is for teachers
    page.goto(f"{site}/lessons/twelve/handout/")
    expect(page.locator(".handout-item")).to_have_count(12)
    charts = page.locator(".handout-chart figure").count()  # a big chart in parts, a page each
    pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    keep_file("handout-twelve-a4.pdf", pdf)
    pages = max(int(n) for n in PAGES.findall(pdf))
    # the items on at most half as many sheets as there are items, a sheet at most a chart's part,
    # one for the answers (17 sheets before the items were fitted to the page)
    assert pages <= 6 + charts + 1, pages
    page.emulate_media(media="print")
    screenshot(page, "handout-twelve-print")
    # black and white: every colour on the printed page is a grey
    colours = page.evaluate(
        """() => { const out = new Set();
             for (const e of document.querySelectorAll('body *')) {
               const s = getComputedStyle(e);
               if (s.display === 'none') continue;
               const painted = e.matches('svg :is(polygon, path, ellipse, rect, text)');
               const html = e.closest('svg') ? [] : [s.color, s.backgroundColor, s.borderTopColor];
               for (const c of [...html, ...(painted ? [s.fill, s.stroke] : [])])
                 if (c && c.startsWith('rgb'))
                   out.add(c + ' ' + e.tagName + '.' + e.getAttribute('class'));
             }
             return [...out]; }"""
    )
    for colour in colours:
        r, g, b = (int(x) for x in re.findall(r"\d+", colour.split(")")[0])[:3])
        assert r == g == b, colour
    # no chart label covered: the lines between boxes are never filled (they would paint over
    # the labels beside them), and every label lies inside its chart (a chart printed whole;
    # one in parts has each box whole in a part: tests/classroom/test_paper.py)
    fills = page.evaluate(
        "[...new Set([...document.querySelectorAll('.handout-chart .edge path')]"
        ".map(p => getComputedStyle(p).fill))]"
    )
    assert fills == ["none"], fills
    outside = page.evaluate(
        """[...document.querySelectorAll('.handout-chart:not(.in-parts) svg')].flatMap(svg => {
             const box = svg.getBoundingClientRect();
             return [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect())
               .filter(r => r.left < box.left - 1 || r.right > box.right + 1);
           }).length"""
    )
    assert outside == 0
    context.close()
