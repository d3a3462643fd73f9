import io

import pytest
from django.core.management import call_command


@pytest.fixture
def bank_loaded(db):
    """The quiz content loaded again, as `make setup` loads it (the session's database has
    the charts and the statements already: tests/conftest.py), and every question listed."""
    call_command("loadquiz", verbosity=0, stdout=io.StringIO())
