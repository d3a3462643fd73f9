"""Rounds of 10 and exams of 25, as plain form posts; the admin's view of the bank."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from penaltyflow.quizzes.bank import get_question
from penaltyflow.quizzes.citations import law_number
from penaltyflow.quizzes.models import QuestionStat, QuizAnswer, Round

pytestmark = pytest.mark.django_db


def start(client, mode="practice", laws=()):
    client.get("/quiz/")
    r = client.post("/quiz/start", {"mode": mode, "law": list(laws)})
    assert r.status_code == 302
    return r["Location"]


def test_a_round_of_ten_on_chosen_laws_with_feedback_after_each():
    client = Client()
    url = start(client, laws=["50", "57"])
    rnd = Round.objects.get()
    assert len(rnd.questions) == 10 and rnd.laws == "50,57"
    assert all(get_question(q).law[:2] in ("50", "57") for q in rnd.questions)
    for n in range(1, 11):
        assert url.endswith(f"/{n}/")
        page = client.get(url).content.decode()
        assert f"Question {n} of 10" in page
        q = get_question(rnd.questions[n - 1])
        keys = (
            sorted(q.right_keys()) if n % 2 else [k for k in q.keys if k not in q.right_keys()][:1]
        )
        r = client.post(url, {"answer": keys})
        assert r.status_code == 302 and r["Location"] == url  # feedback at the question's address
        page = client.get(url).content.decode()
        assert ("✓ Right" if n % 2 else "✗ Not quite") in page
        assert "Open the chart step that teaches this" in page
        url = re.search(
            r'href="([^"]+)" hx-get="[^"]+"[^>]*>(Next question|See the results)', page
        ).group(1)
    page = client.get(url).content.decode()
    assert "5 of 10 right" in page and Round.objects.get().finished is not None
    assert client.post(f"/quiz/r/{rnd.pk}/1/", {"answer": ["x"]}).status_code == 400
    assert QuizAnswer.objects.count() == 10  # answering again counts nothing


def test_an_exam_gives_no_feedback_until_the_end():
    client = Client()
    url = start(client, mode="exam")
    rnd = Round.objects.get()
    assert len(rnd.questions) == 25 and len({get_question(q).kind for q in rnd.questions}) >= 3
    for n in range(1, 26):
        q = get_question(rnd.questions[n - 1])
        page = client.get(url).content.decode()
        assert f"Exam · Question {n} of 25" in page
        r = client.post(
            url,
            {
                "answer": sorted(q.right_keys())
                if n <= 20
                else q.keys[:1]
                if q.keys[:1] != sorted(q.right_keys())
                else q.keys[1:2]
            },
        )
        after = client.get(url).content.decode()
        assert ('class="feedback' in after) == (n == 25)  # feedback once the exam is over
        url = r["Location"]
    assert url == f"/quiz/r/{rnd.pk}/"
    page = client.get(url).content.decode()
    assert "Exam: 20 of 25 right" in page and "time taken" in page
    assert page.count('class="review-item') == 25 and "The right answer" in page


def test_someone_elses_round_is_not_found():
    url = start(Client())
    assert Client().get(url).status_code == 404


def test_a_tampered_start_is_a_400():
    client = Client()
    assert client.post("/quiz/start", {"mode": "race"}).status_code == 400
    assert client.post("/quiz/start", {"mode": "exam", "law": "12"}).status_code == 400


def test_the_admin_lists_the_bank_with_counts_and_retires_a_question(bank_loaded):
    User.objects.create_superuser("teacher", password="pw-teacher-1")
    client = Client()
    client.force_login(User.objects.get())
    qid = "g-ten-is-an-honour-0000"
    QuestionStat.objects.filter(qid=qid).update(answered=4, right=1)
    page = client.get(
        "/admin/quizzes/questionstat/?law=50&kind=penalty-card&q=ten-is-an-honour-0000"
    ).content.decode()
    assert qid in page and "25%" in page
    r = client.post(
        "/admin/quizzes/questionstat/",
        {"action": "retire", "_selected_action": [qid]},
    )
    assert r.status_code == 302
    assert qid not in Client().get("/quiz/questions.json?law=50B&limit=500").json()["questions"]


@pytest.mark.parametrize("laws", [["64"], [], ["49"]])
def test_a_round_spreads_over_recipes_no_two_alike_where_the_pool_allows(laws):
    """One recipe's questions share their explanation word for word: a round of 10 draws
    from as many recipes as its pool has (a chart question or a statement is its own)."""
    from penaltyflow.quizzes import bank

    pool = [q for q, law, _ in bank.index() if not laws or law_number(law) in laws]
    recipes_in_pool = len({bank.recipe_of(q) for q in pool})
    for _ in range(4):
        Round.objects.all().delete()
        start(Client(), laws=laws)
        recipes = [bank.recipe_of(q) for q in Round.objects.get().questions]
        assert len(recipes) == 10
        assert len(set(recipes)) == min(10, recipes_in_pool), sorted(recipes)
