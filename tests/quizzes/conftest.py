import io

import pytest
from django.core.management import call_command

from penaltyflow.quizzes import chartquestions, content


@pytest.fixture(autouse=True)
def fresh_bank():
    """Each test's database starts anew, so must the questions built from it."""
    chartquestions.forget()
    content.statements.cache_clear()
    yield
    chartquestions.forget()


@pytest.fixture
def bank_loaded(db):
    """The quiz content, loaded as `make setup` loads it (the charts are loaded once for
    the whole session: tests/conftest.py)."""
    call_command("loadquiz", verbosity=0, stdout=io.StringIO())
