"""Sessions are Django's database sessions: a browser's quiz progress hangs on one."""

import datetime as dt

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.utils import timezone

pytestmark = pytest.mark.django_db

QUESTION = "/quiz/q/g-ten-is-an-honour-0000/"


def test_the_site_keeps_sessions_in_the_database():
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"


def test_an_answer_is_counted_for_the_same_browser_on_its_next_visit(client):
    client.get(QUESTION)
    client.post(f"{QUESTION}answer", {"answer": "major"})
    key = client.cookies["sessionid"].value
    assert SessionStore(key).get("quiz_learner") is not None
    progress = client.get("/quiz/progress/")
    assert progress.status_code == 200 and b"1 answer" in progress.content.replace(b"\n", b" ")


def test_an_expired_or_tampered_session_reads_empty_and_gets_a_new_key():
    store = SessionStore()
    store["quiz_learner"] = 7
    store.save()
    Session.objects.filter(pk=store.session_key).update(
        expire_date=timezone.now() - dt.timedelta(seconds=1)
    )
    expired = SessionStore(store.session_key)
    assert expired.get("quiz_learner") is None
    expired.save()
    assert expired.session_key != store.session_key
    Session.objects.filter(pk=expired.session_key).update(session_data="not-a-signed-session")
    assert SessionStore(expired.session_key).get("quiz_learner") is None
