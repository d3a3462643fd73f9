"""Tampered quiz input (the listing's query, an answer's keys and token, a round's mode and
laws): each a 400 that names what is wrong and records nothing, never a 500."""

import pytest
from django.test import Client

from penaltyflow.quizzes.bank import get_question, question_ids
from penaltyflow.quizzes.models import QuizAnswer, Round

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.mark.parametrize(
    "query",
    [
        {"limit": "x"},
        {"limit": "²"},
        {"limit": "9" * 4301},
        {"limit": "1.5"},
        {"law": "5" * 200},
        {"kind": "k" * 200},
        {"law": "50\x00"},
    ],
)
def test_a_tampered_listing_query_is_a_400_in_json(query):
    response = Client().get("/quiz/questions.json", query)
    assert response.status_code == 400
    assert response.json()["error"]


def test_the_listing_keeps_its_default_and_its_ceiling():
    client = Client()
    assert client.get("/quiz/questions.json").json()["questions"] == question_ids(limit=100)
    assert client.get("/quiz/questions.json?limit=-3").json()["questions"] == []
    assert client.get("/quiz/questions.json?limit=501").json()["questions"] == question_ids(
        limit=500
    )


@pytest.mark.parametrize(
    "data, message",
    [
        ({}, "Pick an answer first."),
        ({"answer": "Z" * 300}, "is not one of this question's choices."),
        ({"answer": ["major", "minor"]}, "This question has one answer: pick one."),
        ({"answer": "major", "attempt": "a" * 41}, "attempt"),
        ({"answer": "major", "attempt": "<script>"}, "attempt"),
    ],
)
def test_a_tampered_answer_is_a_400_and_records_nothing(data, message):
    qid = question_ids(kind="penalty-card", limit=1)[0]
    assert not get_question(qid).multiple
    client = Client()
    response = client.post(f"/quiz/q/{qid}/answer", data, **JSON)
    assert response.status_code == 400
    error = response.json()["error"]
    assert message in error or message == "attempt"
    assert "Z" * 41 not in error  # the key is quoted cut short
    page = client.post(f"/quiz/q/{qid}/answer", data)
    assert page.status_code == 400 and b'name="answer"' in page.content  # the question again
    assert not QuizAnswer.objects.exists()


@pytest.mark.parametrize(
    "data", [{"mode": "cram"}, {"law": ["50", "999"]}, {"mode": "exam", "law": "<b>"}]
)
def test_a_tampered_round_is_a_400_page_and_starts_nothing(data):
    response = Client().post("/quiz/start", data)
    assert response.status_code == 400
    assert b"Nothing has been changed" in response.content
    assert not Round.objects.exists()


def test_a_round_question_refuses_other_methods_and_tampered_keys():
    client = Client()
    url = client.post("/quiz/start", {"mode": "practice"})["Location"]
    response = client.put(url)
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD, POST"
    assert client.post(url, {"answer": "nope"}).status_code == 400
    assert not QuizAnswer.objects.exists()
