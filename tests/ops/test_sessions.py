"""The session store: Django's database sessions, read in one statement."""

import datetime as dt

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from penaltyflow.core.sessions import SessionStore

pytestmark = pytest.mark.django_db


def test_a_session_is_read_back_in_one_query():
    store = SessionStore()
    store["quiz_learner"] = 7
    store.save()
    again = SessionStore(store.session_key)
    with CaptureQueriesContext(connection) as ctx:
        assert again["quiz_learner"] == 7
    assert len(ctx.captured_queries) == 1


def test_an_expired_or_unknown_session_reads_empty_and_gets_a_new_key():
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
    assert SessionStore("no-such-session-key").get("quiz_learner") is None


def test_a_tampered_session_cookie_reads_empty(client):
    client.get("/quiz/q/g-ten-is-an-honour-0000/")
    client.post("/quiz/q/g-ten-is-an-honour-0000/answer", {"answer": "major"})
    key = client.cookies["sessionid"].value
    Session.objects.filter(pk=key).update(session_data="not-a-signed-session")
    assert SessionStore(key).get("quiz_learner") is None
