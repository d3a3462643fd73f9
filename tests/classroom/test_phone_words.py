"""What a phone says after the teacher shows the answer: clause tags read "Law 50D2", as
everywhere else, never a bare "50D2"."""

import re

import pytest

from .conftest import join

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]


def test_clause_tags_on_a_phone_name_the_law(quiz_session, teacher_client):
    ann = join(quiz_session, "Ann")
    ann.post(f"/classroom/{quiz_session.code}/answer", {"item": 1, "answer": "E"})
    teacher_client.post(f"/classroom/{quiz_session.code}/present/reveal")
    html = ann.get(f"/classroom/{quiz_session.code}/").content.decode()
    tags = re.findall(r'<p class="item-cite">(.*?)</p>', html)
    assert tags, "the explanation cites its clause"
    for tag in tags:
        for cite in tag.split(" · "):
            assert re.fullmatch(r"Law \d\d[A-E0-9()a-z]*", cite), tag
