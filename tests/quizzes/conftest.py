import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.utils import timezone


@pytest.fixture
def bank_loaded(db):
    """The quiz content loaded again, as `make setup` loads it (the session's database has
    the charts and the statements already: tests/conftest.py), and every question listed."""
    call_command("loadquiz", verbosity=0, stdout=io.StringIO())


@pytest.fixture
def noon_today(monkeypatch):
    """The clock stopped at noon, the club's time: "today" cannot become "tomorrow" while
    the test runs, whenever it runs."""
    noon = timezone.localtime().replace(hour=12, minute=0, second=0, microsecond=0)
    noon = noon.astimezone(dt.UTC)  # as Django's clock gives it
    monkeypatch.setattr(timezone, "now", lambda: noon)
    return noon
