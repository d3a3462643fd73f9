"""A projector read from the back of a club room, and lessons with a phone (issue 18).

An evening of two lessons (a teacher signs in once) on a projector at 1280x720: a lesson of an
item of every kind (the first step of each kind in the project's lessons, as its lesson shows
it: each kind of step, hidden steps; and a question of every kind), then the project's lesson
on the auction, as far as its first item: the others of a kind, in any lesson, are drawn by the
same templates. At each item nothing scrolls or is cut, the room's text (body, story, choices,
the hands' cards) is at least 28 px and the chart's labels at least 18 px on screen (the room is
laid out in proportion to the screen's width: a 1920x1080 projector shows the same, half as big
again; test_classroom.py looks at one), the QR code is a quarter of the screen high while
students join; and on the first item drawn each way, open and revealed, axe-core finds no WCAG
2.2 AA violation on the projector (each kind of step; every question by one template) or on the
phone (each kind of step; a question by its kind's own partial, with one answer or several).

The same phone joins each lesson, follows it and answers each question. test_classroom.py has
three phones follow and answer a whole lesson; test_projector.py runs the revokes lesson.
"""

import io
import re

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from playwright.sync_api import expect

from penaltyflow.classroom.models import TEACHERS_GROUP, Lesson, LessonItem
from penaltyflow.flowcharts.models import Node
from penaltyflow.quizzes import bank
from penaltyflow.quizzes.kinds import KINDS

from .conftest import PHONE, _page, axe_violations, screenshot, settle
from .test_phone_and_projector import CARDS_IN_HANDS

pytestmark = pytest.mark.browser
SIZE = (1280, 720)  # 16:9, the smallest projector a room uses

# What the room reads, and how big it is on screen; what sticks out of its box or the screen.
MEASURE = """least => {
  const scale = innerWidth / 1280, problems = [], sizes = {text: [], labels: [], qr: null};
  const words = '.item-title, .item-story, .item-text, .step-choices, .bar-text, .answered,'
    + ' .hand .suits, .hand h3, .playing-card .face';
  for (const e of document.querySelectorAll(words)) {
    const px = parseFloat(getComputedStyle(e).fontSize);
    sizes.text.push(px);
    if (px < least.text * scale - .01) problems.push(`${e.className}: ${px} px`);
  }
  const figure = document.querySelector('.visual .diagram');
  if (figure && figure.getClientRects().length) {  // shown (no room: no chart, not a sliver)
    const view = figure.getBoundingClientRect();
    const current = figure.querySelector('g.node.current');
    if (current) {  // the box the chart is framed around is in view
      const c = current.getBoundingClientRect();
      if (c.top < view.top - 1 || c.bottom > view.bottom + 1 || c.left < view.left - 1
          || c.right > view.right + 1) problems.push('the current box is out of view');
    }
    for (const t of figure.querySelectorAll('svg text')) {
      const r = t.getBoundingClientRect();
      if (r.bottom < view.top || r.top > view.bottom || r.right < view.left || r.left > view.right)
        continue;  // cut off: the chart is framed around the current box
      const px = parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a;
      sizes.labels.push(px);
      if (px < least.label * scale - .01) problems.push(`chart label "${t.textContent}": ${px}`);
    }
  }
  const qr = document.querySelector('.join-panel .qr');
  if (qr) {
    sizes.qr = qr.getBoundingClientRect().height;
    if (sizes.qr < innerHeight / 4) problems.push(`QR code ${sizes.qr} px high`);
  }
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth || root.scrollHeight > innerHeight)
    problems.push(`the page scrolls: ${root.scrollWidth}x${root.scrollHeight}`);
  for (const e of document.querySelectorAll('.stage > *, .item, .hand, .still-table')) {
    const r = e.getBoundingClientRect();
    if (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)
      problems.push(`${e.className} is cut: ${e.scrollWidth}x${e.scrollHeight}`
        + ` in ${e.clientWidth}x${e.clientHeight}`);
    if (r.right > innerWidth + .5 || r.bottom > innerHeight + .5)
      problems.push(`${e.className} goes off the screen`);
  }
  const item = document.querySelector('.stage .item'), below = document.querySelector('.controls');
  if (item && below && item.getBoundingClientRect().bottom > below.getBoundingClientRect().top + .5)
    problems.push('the item runs under the controls');
  return {problems, sizes};
}"""
LEAST = {"text": 28, "label": 18}


@pytest.fixture
def lessons(site, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("loadquiz", verbosity=0, stdout=io.StringIO())
    call_command("loadlessons", verbosity=0, stdout=io.StringIO())
    teacher = User.objects.create_user("tess", password="room-pw")
    teacher.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
    assert Lesson.objects.count() >= 3
    # and a lesson of an item of every kind: the first step of each kind in the project's
    # lessons (as that lesson shows it), then a question of each kind the bank has
    every = Lesson.objects.create(slug="every-kind", title="An item of every kind")
    steps = {}
    for lesson in Lesson.objects.exclude(pk=every.pk):
        for item, kind in zip(lesson.items.all(), kinds_of_items(lesson), strict=True):
            if not item.question:
                steps.setdefault(kind, item)
    for n, item in enumerate(steps.values()):
        item.pk, item.lesson, item.position = None, every, n
        item.save()
    for n, kind in enumerate(KINDS, start=len(steps)):
        if ids := bank.question_ids(kind=kind, limit=1):
            LessonItem.objects.create(lesson=every, position=n, question=ids[0])
    assert {"start step", "question step", "hidden step", "outcome step"} <= steps.keys()
    assert every.items.count() >= 8 + len(steps)
    return site


def sign_in(teacher, site: str) -> None:
    teacher.goto(site + "/accounts/login/")
    teacher.fill("input[name=username]", "tess")
    teacher.fill("input[name=password]", "room-pw")
    teacher.locator("form.account-form button[type=submit]").click()
    teacher.wait_for_url(site + "/classroom/")


def start(teacher, site: str, slug: str) -> str:
    teacher.goto(site + "/classroom/")
    teacher.locator(f"form[action='/classroom/start']:has(input[value='{slug}']) button").click()
    teacher.wait_for_url(re.compile(r".*/classroom/\w{6}/present/$"))
    return teacher.locator(".code").inner_text().strip()


def join(phone, site: str, code: str, name: str) -> None:
    phone.goto(f"{site}/join/{code}/")
    phone.fill("input[name=name]", name)
    phone.locator("button[type=submit]").click()
    phone.wait_for_url(f"**/classroom/{code}/")


def measure(teacher, name: str, found: dict, figures: dict) -> None:
    settle(teacher)
    result = teacher.evaluate(MEASURE, LEAST)
    problems = result["problems"] + teacher.evaluate(CARDS_IN_HANDS, 0)
    if problems:
        found[name] = problems[:4]
    sizes = result["sizes"]
    figures["text"] = figures.get("text", []) + sizes["text"]
    figures["labels"] = figures.get("labels", []) + sizes["labels"]
    figures["qr"] = figures.get("qr", []) + ([sizes["qr"]] if sizes["qr"] else [])
    screenshot(teacher, f"room-{name}-{SIZE[0]}x{SIZE[1]}")


# An evening of two lessons: the lesson of an item of every kind, then one of the project's own.
LESSONS = ["every-kind", "irregularities-in-the-auction"]


def test_an_item_of_every_kind_on_a_projector_with_a_phone(browser, lessons):
    """Lessons one after the other, as on a club night: the teacher signs in once and starts
    each lesson; the phone joins it. A lesson is run as far as its last item of a kind new to
    the evening, or its first item."""
    contexts = []
    found, checked, axed = {}, set(), set()  # the kinds of item looked at; the drawings axed
    try:
        context, teacher = _page(browser, {"width": SIZE[0], "height": SIZE[1]})
        contexts.append(context)
        sign_in(teacher, lessons)
        context, phone = _page(browser, PHONE)
        contexts.append(context)
        for slug in LESSONS:
            kinds = kinds_of_items(Lesson.objects.get(slug=slug))
            new = [
                n for n, kind in enumerate(kinds) if kind not in checked and kind not in kinds[:n]
            ] or [0]
            code = start(teacher, lessons, slug)
            join(phone, lessons, code, "Ann")
            run_lesson(teacher, phone, slug, kinds, new, found, checked, axed)
        for where, problems in found.items():
            print("PROBLEM", where, problems)
        assert found == {}
        assert checked == set(kinds_of_items(Lesson.objects.get(slug="every-kind")))
    finally:
        for context in contexts:
            context.close()


def kinds_of_items(lesson: Lesson) -> list[str]:
    """The kind of each item of the lesson: a step's kind (start, question, action, outcome,
    jump: each is drawn with its own words and colour), or "hidden step" when its targets are
    hidden, or the kind of a question (each has its own choices)."""
    items = lesson.snapshot()  # what a class keeps when it starts
    roles = dict(
        ((slug, key), role)
        for slug, key, role in Node.objects.values_list("chart__slug", "key", "kind")
    )
    return [
        f"{bank.get_question(item['question']).kind} question"
        if item["kind"] == "question"
        else "hidden step"
        if item["hide"]
        else f"{roles[item['chart'], item['node']]} step"
        for item in items
    ]


def drawn_as(kind: str, screen: str) -> str:
    """How an item of `kind` is drawn on the projector or on the phone: a step by its kind's
    words and colour; a question on the projector by one template for all; on the phone by its
    kind's own partial, with one answer or several (quizzes/kinds.py)."""
    if not kind.endswith(" question"):
        return f"{screen}: {kind}"
    if screen == "projector":
        return "projector: question"
    drawn = KINDS[kind.removesuffix(" question")]
    return f"phone: {drawn.template}, {'several answers' if drawn.multiple else 'one answer'}"


def run_lesson(
    teacher,
    phone,
    slug: str,
    kinds: list[str],
    new: list[int],
    found: dict,
    checked: set,
    axed: set,
) -> None:
    """From the first item as far as the last of a kind new to the evening (the items `new`):
    each measured on the projector, and axe on the first drawn each way (`drawn_as`) on the
    projector and on the phone, which follows."""
    figures, seen = {}, set()
    items = int(teacher.locator(".progress").inner_text().split("/")[-1])
    assert items == len(kinds)
    for n, kind in enumerate(kinds[: new[-1] + 1]):
        teacher.wait_for_selector(f"#stage[data-item='{n}']")
        name = f"{slug}-{n + 1}-{kind.replace(' ', '-')}"
        first_on = {}  # the first item drawn so on each screen: axe looks at it
        for screen in ("projector", "phone"):
            first_on[screen] = drawn_as(kind, screen) not in axed
            axed.add(drawn_as(kind, screen))
        seen.add(kind)
        checked.add(kind)
        measure(teacher, name, found, figures)
        if first_on["projector"] and (v := axe_violations(teacher)):
            found[f"{name} axe on the projector"] = v
        phone.wait_for_selector(f"#live[data-item='{n}']")
        if first_on["phone"] and (v := axe_violations(phone)):
            found[f"{name} axe on the phone"] = v
        screenshot(phone, f"room-phone-{name}")
        if not teacher.locator("#key-reveal").is_disabled():
            phone.locator(".answers .answer-btn").first.click()
            if phone.locator(".answers .send").count():
                phone.locator(".answers .send").click()
            teacher.locator("#key-reveal").click()
            expect(teacher.locator("#key-reveal")).to_be_disabled()
            measure(teacher, name + "-revealed", found, figures)
            if first_on["projector"] and (v := axe_violations(teacher)):
                found[f"{name} revealed: axe on the projector"] = v
            phone.wait_for_selector("#live .explanation, #live .verdict")
            if first_on["phone"] and (v := axe_violations(phone)):
                found[f"{name} revealed: axe on the phone"] = v
            screenshot(phone, f"room-phone-{name}-revealed")
        if n < new[-1]:
            teacher.locator("#key-next").click()
    print(slug, _summary(figures), sorted(seen))


def _summary(row: dict) -> dict:
    return {
        "smallest text": min(row["text"], default=None),
        "smallest chart label": round(min(row["labels"], default=0), 1) or None,
        "QR code": round(min(row["qr"], default=0)) or None,
    }
