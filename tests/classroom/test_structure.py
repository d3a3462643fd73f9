"""The classroom's views, split by who uses them: access checks in one module, decorators that
keep the view's name, ETags judged by Django's conditional-GET rules, no module over 600 lines."""

from importlib import import_module
from pathlib import Path

import pytest

from penaltyflow.classroom import access, teacher, urls
from penaltyflow.classroom.access import teacher_only, with_access

from .conftest import HTMX

CLASSROOM = Path(teacher.__file__).parent


def test_no_classroom_module_is_over_600_lines():
    sizes = {p.name: len(p.read_text().splitlines()) for p in CLASSROOM.glob("*.py")}
    assert max(sizes.values()) <= 600, sizes


@pytest.mark.parametrize("decorator", [with_access, teacher_only])
def test_the_access_decorators_keep_the_views_name_and_text(decorator):
    def my_view(request):
        """What my view does."""

    wrapped = decorator(my_view)
    assert wrapped.__name__ == "my_view"
    assert wrapped.__doc__ == "What my view does."
    assert wrapped.__module__ == my_view.__module__


def test_every_classroom_address_names_its_own_view():
    """Tracebacks, logs and the debug toolbar name the view, never a decorator's wrapper."""
    for pattern in urls.urlpatterns:
        view = pattern.callback
        assert view.__name__ not in {"wrapper", "inner", "_wrapper_view"}, pattern
        assert view.__module__ != access.__name__, pattern
        module = import_module(view.__module__)
        assert getattr(module, view.__name__) is view, pattern


@pytest.mark.django_db
def test_a_poll_is_judged_by_djangos_etag_rules(session, student):
    """A client that sends its tag weak, or among others, or `*`, gets the 304 too."""
    url = f"/classroom/{session.code}/"
    tag = student.get(url)["ETag"]
    assert tag.startswith('"') and tag.endswith('"')
    for sent in [tag, f"W/{tag}", f'"other", {tag}', "*"]:
        again = student.get(url, HTTP_IF_NONE_MATCH=sent, **HTMX)
        assert again.status_code == 304, sent
        assert again["ETag"] == tag
        assert again["Cache-Control"] == "no-store"
    changed = student.get(url, HTTP_IF_NONE_MATCH='"other"', **HTMX)
    assert changed.status_code == 200
    state = f"/classroom/{session.code}/state.json"
    tag = student.get(state)["ETag"]
    assert student.get(state, HTTP_IF_NONE_MATCH=f'"x", W/{tag}').status_code == 304
