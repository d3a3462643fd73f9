import copy
import fcntl
import gc
import hashlib
import os
from importlib import import_module
from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.core import serializers
from django.core.management import call_command

CONTENT_CHARTS = sorted((settings.CONTENT_DIR / "charts").glob("*.yaml"))

DEAL = "N:AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74 54.T654.T65.T986"
# East wins trick 1; West, not East, leads the ♥4 to trick 2.
LEAD_OUT_OF_TURN = [
    {"play": "CT", "seat": "W"},
    {"play": "C2"},
    {"play": "CA"},
    {"play": "C4"},
    {"play": "H4", "seat": "W"},
]


def example(story: str, *events: dict, **shows) -> dict:
    return {
        "story": story,
        "scenario": {
            "deal": DEAL,
            "contract": "4S",
            "declarer": "S",
            "events": LEAD_OUT_OF_TURN + list(events),
        },
        "shows": shows,
    }


# A small chart that keeps every rule: the shape of Law 56, in a few nodes.
GOOD_CHART = {
    "slug": "mini-56",
    "title": "A defender leads out of turn",
    "laws": "56",
    "order": 56,
    "summary": "Declarer accepts the lead or has it taken back.",
    "nodes": [
        {
            "key": "lead",
            "kind": "start",
            "label": "A defender leads out of turn",
            "cite": "Law 56",
            "text": "East leads the ♥J when it was West's turn.",
            "choices": [{"label": "Next", "to": "accept"}],
        },
        {
            "key": "accept",
            "kind": "question",
            "label": "Does declarer accept the lead?",
            "cite": "Law 56A",
            "text": "Declarer chooses.",
            "choices": [
                {
                    "label": "Yes",
                    "to": "stands",
                    "example": example(
                        "West leads the ♥4 out of turn; declarer accepts it.",
                        {"decide": "accept"},
                        penalty_cards=[],
                        to_play="N",
                    ),
                },
                {
                    "label": "No",
                    "to": "retract",
                    "example": example(
                        "West leads the ♥4 out of turn; declarer does not accept it.",
                        {"decide": "refuse"},
                        penalty_cards=[{"seat": "W", "card": "H4", "kind": "major"}],
                        pending=["require H", "forbid H", "no_restriction"],
                        decider="S",
                    ),
                },
            ],
        },
        {
            "key": "stands",
            "kind": "outcome",
            "label": "The lead stands",
            "cite": "Law 53A",
            "text": "Play goes on.",
        },
        {
            "key": "retract",
            "kind": "action",
            "label": "The card is taken back",
            "cite": "Law 56B",
            "text": "It becomes a major penalty card.",
            "choices": [{"label": "Next", "to": "major"}],
        },
        {
            "key": "major",
            "kind": "outcome",
            "label": "Major penalty card",
            "cite": "Law 50D",
            "text": "Law 50D applies.",
        },
    ],
}


def pytest_configure(config):
    """Python's cycle collector runs less often: every 50,000 new objects instead of 700, and
    never over the session's content and modules (frozen in `django_db_setup`). Tests make
    objects by the million and few cycles; with Python's defaults a test process spent a
    tenth of its time collecting (6.2 s of a 72 s run, to 2.0 s: docs/benchmarks.md)."""
    gc.set_threshold(50_000, 20, 20)


def pytest_unconfigure(config):
    """At the end of a process pytest runs Python's full collection five times over all that
    the tests kept (the question bank among it), to report objects that fail as they are
    collected: 2 s a process. One collection here finds them (pytest's hook still listens);
    the survivors are then frozen, so its five runs skip them."""
    gc.collect()
    gc.freeze()


DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def pytest_itemcollected(item):
    """Mark `no_database` the tests that cannot touch the database (pytest-django lets
    only those with a database marker or fixture in): their result is the same on
    PostgreSQL, so `make test`'s PostgreSQL pass leaves them out (`-m` sees the mark).
    Group the `server` tests: a site as `make run` serves it is set up once a process and
    served once a module (tests/ops/sites.py), so `make test` (--dist loadgroup) hands them
    to one process together."""
    if item.get_closest_marker("server"):
        item.add_marker(pytest.mark.xdist_group("servers"))
    uses = set(getattr(item, "fixturenames", ()))
    if item.get_closest_marker("django_db") or item.get_closest_marker("database_url"):
        return
    if not uses & DATABASE_FIXTURES:
        item.add_marker(pytest.mark.no_database)


# The tests that take seconds each: run first, so that the processes of `make test` share
# them out (one test, or one group, at a time: --dist loadgroup) and none is left alone with a
# long one.
LONG = ("browser", "server", "database_url")


@pytest.hookimpl(trylast=True)  # after pytest-django's own order
def pytest_collection_modifyitems(items):
    """The long tests first. The database is as each test expects whatever ran before it
    on its process (`pytest_runtest_setup` and `_transactional_tests_start_empty` below)."""
    items.sort(key=lambda item: not any(item.get_closest_marker(name) for name in LONG))


@pytest.fixture(autouse=True)
def fresh_caches():
    """Each test starts with nothing kept from another test's data: Django's default cache
    (a class's phone pages) is emptied. What is kept per content generation (the step
    pages' parts in the "pages" cache, the values of `per_content`) is kept as a worker
    keeps it: no two contents share a generation (pagecache.content_changed moves it by a
    random step), so what a test built from content of its own is never found by another.
    A `per_content` value holds one generation at a time: the one built from the session's
    content (`django_db_setup`) is put back."""
    from django.core.cache import caches

    from penaltyflow.core.pagecache import forget_stamp
    from penaltyflow.core.percontent import per_content

    caches["default"].clear()
    forget_stamp()
    for kept in per_content.every:
        kept.kept = SESSION_VALUES.get(kept)


@pytest.fixture(autouse=True)
def static_files_by_name(settings):
    """Tests serve static/ by name through the finders (pytest-django's live server,
    WhiteNoise), so pages link plain names, not the hashed ones of a collectstatic."""
    plain = {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"}
    settings.STORAGES = {**settings.STORAGES, "staticfiles": plain}


@pytest.fixture
def good_chart() -> dict:
    return copy.deepcopy(GOOD_CHART)


@pytest.fixture
def write_chart(tmp_path):
    """Write a chart dict as a YAML content file and return its path."""

    def write(chart: dict, name: str | None = None) -> Path:
        path = tmp_path / (name or f"{chart.get('slug', 'chart')}.yaml")
        path.write_text(yaml.safe_dump(chart, allow_unicode=True, sort_keys=False))
        return path

    return write


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, with the project's real charts loaded once for the whole session.

    Each test runs in a transaction that is rolled back, so the content is there for
    every test. Tests on the live server are transactional (the database is emptied
    after each): `restore_content` puts the content back from this snapshot.
    """
    with django_db_blocker.unblock():
        CONTENT_SNAPSHOT.append(_load_content())
        _build_session_values()
    gc.freeze()  # never collected: see `pytest_configure`


def _build_session_values() -> None:
    """What is kept per content generation (the chart questions, the statements), built
    once from the session's content: each test that reads it at that generation uses it."""
    from penaltyflow.core.pagecache import forget_stamp
    from penaltyflow.core.percontent import per_content

    import_module(settings.ROOT_URLCONF)  # every view's module imported: each value declared
    forget_stamp()
    for kept in per_content.every:
        kept.forget()
        kept()
        SESSION_VALUES[kept] = kept.kept


SESSION_VALUES: dict = {}


CONTENT_SNAPSHOT: list[str] = []
SNAPSHOTS = Path(__file__).resolve().parents[1] / "var" / "test-content"


def _load_content() -> str:
    """Load the real charts and statements, as `loadcharts` and `loadquiz` do, once per
    version of the code and content.

    Loading runs double-dummy on every example (seconds of CPU), the same for every xdist
    worker and for the PostgreSQL pass of `make test`: the first process to get here loads
    them and keeps what it wrote in var/test-content/, named by a digest of the content
    and of the code (penaltyflow/); the others, and the next runs, load that file.
    (`make test` makes it before the tests start: tests/content_snapshot.py.)
    """
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    snapshot = snapshot_path()
    with open(SNAPSHOTS / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait for the first to write the file
        if not snapshot.exists():
            from penaltyflow.core.models import ContentLoad
            from penaltyflow.quizzes import content

            call_command("loadcharts", verbosity=0)
            content.store(content.load())  # the true/false statements, as `loadquiz` stores them
            ContentLoad.objects.all().delete()  # as in every process: no load is skipped
            text = serializers.serialize("json", _content_rows())
            for old in SNAPSHOTS.glob("content-*.json"):
                old.unlink()
            partial = snapshot.with_suffix(".partial")
            partial.write_text(text, encoding="utf-8")
            partial.replace(snapshot)
            return text
    call_command("loaddata", str(snapshot), verbosity=0)  # resets PostgreSQL's sequences too
    return snapshot.read_text(encoding="utf-8")


def snapshot_path() -> Path:
    return SNAPSHOTS / f"content-{_code_and_content_digest()}.json"


def _code_and_content_digest() -> str:
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parents[1]
    for path in sorted(
        [*(root / "penaltyflow").rglob("*.py"), *settings.CONTENT_DIR.rglob("*.yaml")]
    ):
        digest.update(os.path.relpath(path, root).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _content_rows():
    from penaltyflow.core.models import ContentGeneration
    from penaltyflow.flowcharts.models import Choice, Flowchart, Node, Overview
    from penaltyflow.hands.models import Example
    from penaltyflow.quizzes.models import Statement

    # Each model after the ones it points to (a node and a choice point to their example).
    for model in (Example, Flowchart, Node, Choice, Overview, Statement, ContentGeneration):
        yield from model.objects.order_by("pk")


def _put_content_back() -> None:
    from django.core.management.color import no_style
    from django.db import connection, transaction

    from penaltyflow.flowcharts.models import Flowchart

    if not Flowchart.objects.exists():
        content = _content_objects()
        # One transaction: PostgreSQL checks its (deferred) foreign keys at the commit, so a
        # jump may name a node restored after it; SQLite needs its checks switched off.
        with connection.constraint_checks_disabled(), transaction.atomic():
            for model, objects in content:
                model.objects.bulk_create(objects)
            # The rows keep their ids: PostgreSQL's sequences go on after them (a flush
            # restarted them at 1), as loaddata leaves them.
            with connection.cursor() as cursor:
                for sql in connection.ops.sequence_reset_sql(no_style(), [m for m, _ in content]):
                    cursor.execute(sql)


_CONTENT_OBJECTS: list[tuple[type, list]] = []


def _content_objects() -> list[tuple[type, list]]:
    """The session's content as model instances, each model's rows together, in the
    snapshot's order (each model after the ones it points to): read once per process, then
    written back in a few statements a model (0.13 s less of a browser test's set-up than
    deserializing and saving the 780 rows one by one)."""
    if not _CONTENT_OBJECTS:
        rows: dict[type, list] = {}
        for row in serializers.deserialize("json", CONTENT_SNAPSHOT[0]):
            assert not row.m2m_data, f"{row.object!r}: many-to-many rows are not restored"
            rows.setdefault(type(row.object), []).append(row.object)
        _CONTENT_OBJECTS.extend(rows.items())
    return _CONTENT_OBJECTS


@pytest.fixture
def restore_content(transactional_db):
    """The real charts in a transactional test's database, as the session loaded them."""
    _put_content_back()


TRANSACTIONAL = {"transactional_db", "live_server", "django_db_reset_sequences"}


def _database_use(item: pytest.Item) -> str | None:
    """How a test uses the database: "rolled back" (pytest-django's `db`: a transaction
    undone after it), "transactional" (committed, the database emptied after it) or None."""
    uses = set(getattr(item, "fixturenames", ()))
    marker = item.get_closest_marker("django_db")
    if (marker is not None and marker.kwargs.get("transaction")) or uses & TRANSACTIONAL:
        return "transactional"
    if marker is not None or "db" in uses:
        return "rolled back"
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    """A test in a rolled-back transaction expects the session's content in the database.

    pytest-django would run those before the transactional tests (which empty the
    database after them); here the long tests, transactional, come first, and xdist may
    hand a process rolled-back tests after transactional ones: put the content back
    first (a tenth of a second), outside the test's transaction.
    """
    if CONTENT_SNAPSHOT and _database_use(item) == "rolled back":
        from pytest_django.plugin import blocking_manager_key

        with item.config.stash[blocking_manager_key].unblock():
            _put_content_back()
    yield


@pytest.fixture(autouse=True)
def _transactional_tests_start_empty(request):
    """A transactional test starts from an empty database, as Django's TransactionTestCase
    expects, or from the session's content if it asks for `restore_content`: never from
    whatever the test before it on this worker happened to leave (the session's content,
    for the first one), so no test passes or fails by the order it runs in."""
    item = request.node
    if _database_use(item) != "transactional" or "restore_content" in item.fixturenames:
        return
    request.getfixturevalue("transactional_db")
    from django.core.management import call_command

    call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def content(db):
    """The project's real charts, as `make setup` loads them (loaded once per session)."""
