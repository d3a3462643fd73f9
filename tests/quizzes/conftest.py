import io

import pytest
from django.core.management import call_command

from penaltyflow.quizzes import chartquestions, content


@pytest.fixture(autouse=True)
def fresh_bank():
    """Each test's database starts anew, so must the questions built from it."""
    chartquestions.questions.forget()
    content.statements.forget()
    yield
    chartquestions.questions.forget()
    content.statements.forget()


@pytest.fixture
def bank_loaded(db):
    """The quiz content loaded again, as `make setup` loads it (the session's database has
    the charts and the statements already: tests/conftest.py), and every question listed."""
    call_command("loadquiz", verbosity=0, stdout=io.StringIO())
