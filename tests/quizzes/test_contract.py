"""The public contract (quiz-contract.md): JSON, answering, the listing, bad input, limits."""

import pytest
from django.test import Client

from penaltyflow.quizzes.bank import get_question, question_ids
from penaltyflow.quizzes.models import QuestionStat, QuizAnswer

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def learner():
    """A browser with the CSRF check on, as a real one."""
    client = Client(enforce_csrf_checks=True)
    client.get("/quiz/q/g-ten-is-an-honour-0000/")
    return client


def post(client, qid, keys, json=True, **extra):
    data = {"answer": list(keys), "csrfmiddlewaretoken": client.cookies["csrftoken"].value}
    return client.post(f"/quiz/q/{qid}/answer", data, **(JSON if json else {}), **extra)


def right_and_wrong(qid):
    q = get_question(qid)
    right = sorted(q.right_keys())
    wrong = [k for k in q.keys if k not in right][:1]
    return right, wrong


def test_a_question_as_json_without_its_answer(client):
    qid = question_ids(kind="legal-cards", limit=1)[0]
    r = client.get(f"/quiz/q/{qid}.json")
    doc = r.json()
    assert set(doc) >= {
        "id",
        "kind",
        "law",
        "prompt",
        "scenario",
        "subject",
        "choices",
        "multiple",
        "step",
    }
    assert doc["id"] == qid and doc["kind"] == "legal-cards" and doc["multiple"] is True
    assert set(doc["scenario"]) >= {"deal", "contract", "declarer", "events"}
    assert all(set(c) == {"key", "text"} for c in doc["choices"])
    assert "answer" not in doc and '"legal":' not in r.content.decode()


@pytest.mark.parametrize(
    "kind", ["legal-cards", "penalty-card", "options", "decider", "transfer", "true-false"]
)
def test_answering_right_and_wrong_through_the_json_reply(learner, kind):
    qid = question_ids(kind=kind, limit=1)[0]
    right, wrong = right_and_wrong(qid)
    reply = post(learner, qid, wrong).json()
    assert reply["correct"] is False and reply["answer"] == right
    assert reply["explanation"] and reply["cites"] and reply["step"].startswith("/charts/")
    reply = post(learner, qid, right).json()
    assert reply == {**reply, "correct": True, "answer": right}


def test_bad_keys_give_400_and_change_nothing(learner):
    qid = "g-ten-is-an-honour-0001"
    for keys in (["not-a-choice"], ["major", "not-a-choice"], []):
        r = post(learner, qid, keys)
        assert r.status_code == 400 and "error" in r.json()
    r = post(learner, qid, ["major", "minor"])  # one answer only
    assert r.status_code == 400
    assert (
        not QuizAnswer.objects.exists() and not QuestionStat.objects.filter(answered__gt=0).exists()
    )


def test_an_unknown_id_gives_404(learner):
    assert learner.get("/quiz/q/no-such-question.json").status_code == 404
    assert learner.get("/quiz/q/g-ten-is-an-honour-9999.json").status_code == 404
    assert post(learner, "no-such-question", ["major"]).status_code == 404
    assert learner.get("/quiz/q/no-such-question/").status_code == 404


def test_every_post_needs_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    client.get("/quiz/")
    r = client.post("/quiz/q/g-ten-is-an-honour-0001/answer", {"answer": "major"}, **JSON)
    assert r.status_code == 403
    assert not QuizAnswer.objects.exists()


def test_a_doubled_post_counts_once(learner):
    qid = "g-ten-is-an-honour-0002"
    first = post(learner, qid, ["minor"]).json()
    again = post(learner, qid, ["minor"]).json()
    assert first == again
    assert QuizAnswer.objects.count() == 1
    assert QuestionStat.objects.get(qid=qid).answered == 1
    # the page's form carries a token: the same attempt posted twice counts once
    data = {
        "answer": "major",
        "attempt": "abc123",
        "csrfmiddlewaretoken": learner.cookies["csrftoken"].value,
    }
    learner.post(f"/quiz/q/{qid}/answer", data)
    learner.post(f"/quiz/q/{qid}/answer", data)
    assert QuizAnswer.objects.count() == 2
    stat = QuestionStat.objects.get(qid=qid)
    assert (stat.answered, stat.right) == (2, 1)


def test_answers_are_limited_per_learner_not_per_address(learner, settings):
    settings.QUIZ_ANSWERS_PER_MINUTE = 5
    for n in range(5):
        assert post(learner, f"g-ten-is-an-honour-{n:04d}", ["major"]).status_code == 200
    r = post(learner, "g-ten-is-an-honour-0009", ["major"])
    assert r.status_code == 429 and 1 <= int(r["Retry-After"]) <= 61
    page = post(learner, "g-ten-is-an-honour-0009", ["major"], json=False)
    assert page.status_code == 429 and page["Retry-After"]
    assert (
        b"Slow down a little" in page.content
        and b'href="/quiz/q/g-ten-is-an-honour-0009/"' in page.content
    )
    other = Client(enforce_csrf_checks=True)  # same address, another browser
    other.get("/quiz/")
    assert post(other, "g-ten-is-an-honour-0009", ["major"]).status_code == 200


def test_the_same_post_without_the_header_gives_the_page_or_the_fragment(learner):
    qid = "g-ten-is-an-honour-0003"
    page = post(learner, qid, ["minor"], json=False)
    assert page.status_code == 200 and b"<html" in page.content
    assert b"Not quite" in page.content and b"Law 50B" in page.content
    fragment = post(learner, qid, ["major"], json=False, HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200 and b"<html" not in fragment.content
    assert b'id="quiz"' in fragment.content and b"Right" in fragment.content
    empty = post(learner, qid, [], json=False)
    assert empty.status_code == 400 and b"Pick an answer first" in empty.content


def test_the_listing(client):
    doc = client.get("/quiz/questions.json").json()
    assert doc["total"] >= 2000 and len(doc["questions"]) == 100
    assert client.get("/quiz/questions.json?limit=1000").json()["questions"] == question_ids(
        limit=500
    )
    assert client.get("/quiz/questions.json?kind=zz").json() == {"total": 0, "questions": []}
    law = client.get("/quiz/questions.json?law=55&limit=500").json()
    assert law["total"] >= 50 and all(
        get_question(q).law.startswith("55") for q in law["questions"]
    )
    assert client.get("/quiz/questions.json?limit=x").status_code == 400


def test_a_retired_question_leaves_the_listing(client):
    qid = question_ids(limit=1)[0]
    QuestionStat.objects.create(qid=qid, law="48A", kind="penalty-card", retired=True)
    assert qid not in client.get("/quiz/questions.json?limit=500").json()["questions"]


def test_pages_stay_cheap_in_queries(client, django_assert_max_num_queries):
    client.get("/quiz/")
    with django_assert_max_num_queries(3):
        assert client.get("/quiz/q/g-lead-required-0004/").status_code == 200
    with django_assert_max_num_queries(3):
        assert client.get("/quiz/q/g-lead-required-0004.json").status_code == 200
    with django_assert_max_num_queries(12):
        post(client, "g-lead-required-0004", ["SA"])


def test_a_question_page_built_once_still_gives_each_browser_its_own_tokens():
    import re

    tokens = []
    for _ in range(2):
        browser = Client(enforce_csrf_checks=True)
        page = browser.get("/quiz/q/g-ten-is-an-honour-0006/").content.decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        attempt = re.search(r'name="attempt" value="([0-9a-f]{32})"', page).group(1)
        data = {"answer": "major", "csrfmiddlewaretoken": token, "attempt": attempt}
        r = browser.post("/quiz/q/g-ten-is-an-honour-0006/answer", data, **JSON)
        assert r.status_code == 200 and r.json()["correct"] is True
        tokens.append((token, attempt))
    assert tokens[0] != tokens[1] and tokens[0][1] != tokens[1][1]
    assert QuizAnswer.objects.count() == 2


@pytest.mark.parametrize(
    "accept, json",
    [
        ("application/json", True),
        ("application/json;q=0.9, text/html;q=0.5", True),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", False),  # a browser
        ("*/*", False),
        ("", False),
        ("text/html;q=0.5, application/json;q=0.9", True),
        ("application/json;q=0.5, text/html", False),
    ],
)
def test_json_is_for_the_client_that_asks_for_it_before_a_page(learner, accept, json):
    """The same answer: as JSON or as the page, by the Accept header however it is written
    (each header is read once and remembered; the next one with it gets the same)."""
    for qid in ("g-ten-is-an-honour-0004", "g-ten-is-an-honour-0005"):
        r = post(learner, qid, ["major"], json=False, HTTP_ACCEPT=accept)
        assert r.status_code == 200
        assert r["Content-Type"].startswith("application/json" if json else "text/html")
