"""Spaced review with FSRS on a fixed clock; progress kept per browser and joined on sign-in."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from django.utils import timezone

from penaltyflow.quizzes import progress
from penaltyflow.quizzes.bank import get_question
from penaltyflow.quizzes.models import Learner, QuizAnswer, ReviewCard

pytestmark = pytest.mark.django_db
NOON = dt.datetime(2026, 3, 2, 12, 0, tzinfo=dt.UTC)


def answer(client, qid, keys):
    client.get(f"/quiz/q/{qid}/")
    return client.post(
        f"/quiz/q/{qid}/answer", {"answer": keys}, HTTP_ACCEPT="application/json"
    ).json()


def test_fsrs_brings_a_wrong_answer_back_soon_and_a_right_one_later():
    learner = Learner.objects.create()
    wrong = progress.review(learner, "g-ten-is-an-honour-0000", False, NOON)
    right = progress.review(learner, "g-ten-is-an-honour-0001", True, NOON)
    assert NOON < wrong.due <= NOON + dt.timedelta(minutes=10)
    assert right.due > wrong.due
    # the same answers at the same times always give the same schedule
    again = progress.review(Learner.objects.create(), "g-ten-is-an-honour-0000", False, NOON)
    assert again.due == wrong.due
    # answered right each time it comes due, it goes away for longer and longer
    gaps, when = [], NOON
    for _ in range(4):
        when = right.due
        right = progress.review(learner, "g-ten-is-an-honour-0001", True, when)
        gaps.append(right.due - when)
    assert gaps == sorted(gaps) and gaps[-1] > dt.timedelta(days=7)
    assert list(progress.due(learner, NOON + dt.timedelta(minutes=10))) == [wrong]


def test_a_wrong_answer_is_due_for_review_on_the_progress_page():
    client = Client()
    q = get_question("g-ten-is-an-honour-0004")
    reply = answer(client, q.id, ["minor"])
    assert reply["correct"] is False
    card = ReviewCard.objects.get(qid=q.id)
    assert card.due <= timezone.now() + dt.timedelta(minutes=10)  # back within minutes
    due_today = card.due <= progress.end_of_today()  # not just before midnight
    page = client.get("/quiz/progress/").content.decode()
    assert "Due for review today" in page
    assert ("Nothing is due today." in page) is not due_today
    assert "Law 50" in page and "0% of 1" in page


def test_with_nothing_due_today_the_page_says_when_reviews_come_back(settings, noon_today):
    """A learner who answers wrongly at 23:55 has nothing due "today", but the
    questions come back at 00:05: the page says so instead of only "nothing"."""
    client = Client()
    for qid in ("g-ten-is-an-honour-0004", "g-ten-is-an-honour-0005"):
        answer(client, qid, ["minor"])
    tomorrow = progress.end_of_today() + dt.timedelta(minutes=6)
    ReviewCard.objects.update(due=tomorrow)
    page = client.get("/quiz/progress/").content.decode()
    assert "Nothing is due today. Next: 2 questions tomorrow, from" in page
    assert f"from {timezone.localtime(tomorrow):%H:%M}." in page

    later = tomorrow + dt.timedelta(days=2, hours=3)
    ReviewCard.objects.filter(qid="g-ten-is-an-honour-0004").update(due=later)
    ReviewCard.objects.filter(qid="g-ten-is-an-honour-0005").update(
        due=later + dt.timedelta(days=1)
    )
    page = client.get("/quiz/progress/").content.decode()
    day = timezone.localtime(later)
    assert f"Next: 1 question on {day:%A} {day.day} {day:%B}, at {day:%H:%M}." in page

    # a club's own zone (TIME_ZONE): 23:30 UTC a month on is the next morning in Sydney
    utc = (timezone.now() + dt.timedelta(days=30)).replace(hour=23, minute=30, tzinfo=dt.UTC)
    ReviewCard.objects.update(due=utc)
    settings.TIME_ZONE = "Australia/Sydney"
    sydney = utc.astimezone(ZoneInfo("Australia/Sydney"))
    assert sydney.date() == utc.date() + dt.timedelta(days=1)
    page = client.get("/quiz/progress/").content.decode()
    when = f"on {sydney:%A} {sydney.day} {sydney:%B}, from {sydney:%H:%M}."
    assert f"Next: 2 questions {when}" in page

    ReviewCard.objects.update(due=timezone.now())  # due now: listed, no "next"
    page = client.get("/quiz/progress/").content.decode()
    assert "Nothing is due today" not in page and "Next:" not in page


def test_add_to_review_queues_questions_for_the_browser():
    request = RequestFactory().get("/")
    from django.contrib.sessions.backends.db import SessionStore

    request.session = SessionStore()
    request.user = type("Anon", (), {"is_authenticated": False})()
    added = progress.add_to_review(
        request, ["g-ten-is-an-honour-0000", "no-such", "g-ten-is-an-honour-0000"]
    )
    assert added == 1
    assert progress.add_to_review(request, ["g-ten-is-an-honour-0000"]) == 0
    learner = progress.learner_for(request)
    assert list(progress.due(learner).values_list("qid", flat=True)) == ["g-ten-is-an-honour-0000"]


def test_progress_joins_the_account_on_sign_up_and_follows_to_another_device():
    phone = Client()
    answer(phone, "g-ten-is-an-honour-0005", ["minor"])
    answer(phone, "g-dropped-low-card-0005", ["minor"])
    guest = Learner.objects.get()
    r = phone.post(
        "/accounts/signup/",
        {"username": "alice", "password1": "a-long pass 123", "password2": "a-long pass 123"},
    )
    assert r.status_code == 302
    alice = User.objects.get(username="alice")
    assert Learner.objects.get(user=alice).pk == guest.pk
    laptop = Client()
    answer(laptop, "g-declarer-drops-0005", ["none"])  # before signing in there
    r = laptop.post("/accounts/login/", {"username": "alice", "password": "a-long pass 123"})
    assert r.status_code == 302
    assert Learner.objects.count() == 1
    assert QuizAnswer.objects.filter(learner__user=alice).count() == 3
    assert ReviewCard.objects.filter(learner__user=alice).count() == 3
    page = laptop.get("/quiz/progress/").content.decode()
    assert "3 answers so far" in page and "Signed in as" in page


def test_sign_out_is_a_post_and_sign_in_rejects_a_bad_password():
    User.objects.create_user("bob", password="right-pass-42")
    client = Client()
    r = client.post("/accounts/login/", {"username": "bob", "password": "wrong"})
    assert r.status_code == 200 and b"correct username and password" in r.content
    client.post("/accounts/login/", {"username": "bob", "password": "right-pass-42"})
    assert client.get("/accounts/logout/").status_code == 405
    assert client.post("/accounts/logout/").status_code == 302


def test_a_card_changed_since_it_was_read_is_never_overwritten():
    """An answer works out the card's next state before taking the write lock; another
    answer to the same question that lands in between must not be lost."""
    learner, qid, other = (
        Learner.objects.create(),
        "g-ten-is-an-honour-0002",
        "g-ten-is-an-honour-0003",
    )
    progress.review(learner, qid, True, NOON)
    stale = progress.next_review(learner, qid, False, NOON + dt.timedelta(hours=1))
    progress.review(learner, qid, True, NOON + dt.timedelta(hours=2))  # came first
    assert stale.write() is False
    assert ReviewCard.objects.get(learner=learner, qid=qid).reviews == 2
    # the first card of a question, made by two answers at once: only one is kept
    one = progress.next_review(learner, other, True, NOON)
    two = progress.next_review(learner, other, False, NOON)
    assert one.write() is True and two.write() is False
    assert ReviewCard.objects.get(learner=learner, qid=other).card == one.card


def test_reading_the_quiz_pages_writes_nothing_even_signed_in():
    """A page read on GET makes no learner and writes no session (issue 19 item 9: a
    learner was made by GET /quiz/ for a signed-in account)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(User.objects.create_user("cleo", password="x" * 12))
    with CaptureQueriesContext(connection) as ctx:
        for url in ("/quiz/", "/quiz/progress/", "/quiz/q/g-ten-is-an-honour-0000/"):
            assert client.get(url).status_code == 200
    writes = [q["sql"] for q in ctx.captured_queries if q["sql"].split()[0] in WRITES]
    assert writes == [] and not Learner.objects.exists()


WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
