"""On a 390x844 phone a question and its answers come first, the table after them: on a quiz
question's page and on a class's phone page (an end-of-play deal's table was 1,000 px and more
above the first answer). On a 1280x720 screen the quiz's table stands beside the answers."""

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from penaltyflow.classroom.models import TEACHERS_GROUP, Lesson, LessonItem

from .conftest import _page, screenshot

pytestmark = pytest.mark.browser

TRANSFER = "g-transfer-64b1-0000"  # a deal played to the end: four hands with no card left
CARDS = "g-lead-required-0000"  # which cards may be played: the hand's cards tapped

WHERE = """sel => {
  const first = document.querySelector(sel).getBoundingClientRect();
  const table = document.querySelector('.bridge-table').getBoundingClientRect();
  return {answer: first.top + scrollY, answerLeft: first.left, table: table.top + scrollY,
          tableLeft: table.left, height: innerHeight,
          sideways: document.documentElement.scrollWidth > innerWidth};
}"""


@pytest.mark.parametrize("qid", [TRANSFER, CARDS])
def test_a_quiz_question_puts_its_answers_before_its_table(site, browser, qid):
    choice = "label.tap-card" if qid == CARDS else "label.answer-choice"
    context, phone = _page(browser, {"width": 390, "height": 844})
    phone.goto(f"{site}/quiz/q/{qid}/")
    where = phone.evaluate(WHERE, choice)
    assert where["answer"] < where["table"] and where["answer"] < where["height"], where
    assert not where["sideways"]
    assert phone.locator("details.quiz-deal[open] .bridge-table").is_visible()
    phone.locator("details.quiz-deal > summary").click()  # folds away, without a script
    assert not phone.locator("details.quiz-deal .bridge-table").is_visible()
    screenshot(phone, f"quiz-answers-first-phone-{qid}")
    context.close()
    context, wide = _page(browser, {"width": 1280, "height": 720})
    wide.goto(f"{site}/quiz/q/{qid}/")
    where = wide.evaluate(WHERE, choice)
    assert where["tableLeft"] > where["answerLeft"] + 300, where  # beside the answers
    assert where["answer"] < where["height"] and not where["sideways"], where
    screenshot(wide, f"quiz-answers-first-projector-{qid}")
    context.close()


def test_a_class_phone_shows_the_answer_buttons_before_the_table(site, browser):
    teacher = User.objects.create_user("tess", password="pw")
    teacher.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
    lesson = Lesson.objects.create(slug="transfers", title="Transfers", owner=teacher)
    LessonItem.objects.create(lesson=lesson, position=0, question=TRANSFER)
    client = Client()
    client.force_login(teacher)
    code = client.post("/classroom/start", {"lesson": "transfers"})["Location"].split("/")[2]
    context, phone = _page(browser, {"width": 390, "height": 844})
    phone.goto(f"{site}/join/{code}/")
    phone.fill("input[name=name]", "Ann")
    phone.locator("button[type=submit]").click()
    phone.wait_for_url(f"**/classroom/{code}/")
    where = phone.evaluate(WHERE, ".answer-btn")
    assert where["answer"] < where["table"] and where["answer"] < where["height"], where
    assert not where["sideways"]
    screenshot(phone, "classroom-phone-answers-first")
    phone.set_viewport_size({"width": 1280, "height": 720})  # a laptop in the room
    where = phone.evaluate(WHERE, ".answer-btn")
    assert where["answer"] < where["table"] and not where["sideways"], where
    screenshot(phone, "classroom-phone-answers-first-1280x720")
    context.close()
