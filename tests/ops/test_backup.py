"""manage.py backup / restore: every table comes back as it was, on SQLite and PostgreSQL.

Generic over the tables the database has, so what later apps add (learners'
progress, teachers, session results) is covered as soon as it exists.
"""

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client

from penaltyflow.flowcharts.loader import load_charts
from penaltyflow.flowcharts.models import Flowchart

pytestmark = pytest.mark.django_db(transaction=True)


def every_row() -> dict[str, list[tuple]]:
    """Every table's rows, in a stable order: the whole database as plain data."""
    tables = {}
    with connection.cursor() as cursor:
        for table in sorted(connection.introspection.table_names(cursor)):
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            tables[table] = sorted(cursor.fetchall(), key=repr)
    return tables


def test_a_backup_restores_every_table_as_it_was(tmp_path, good_chart, write_chart):
    load_charts([write_chart(good_chart)])
    teachers = Group.objects.create(name="teachers")
    teacher = User.objects.create_user("teacher", password="a long pass phrase")
    teacher.groups.add(teachers)
    User.objects.create_user("learner", password="another pass phrase")
    Client().force_login(teacher)  # a session row too
    before = every_row()
    assert sum(map(len, before.values())) > 20

    path = tmp_path / "backup"
    call_command("backup", str(path), verbosity=0)
    assert path.stat().st_mode & 0o777 == 0o600  # it holds password hashes

    # Everything changes after the backup ...
    User.objects.all().delete()
    User.objects.create_user("intruder", password="x")
    Flowchart.objects.update(title="Changed since the backup")
    Group.objects.create(name="others")
    assert every_row() != before

    # ... and the restore brings back the moment of the backup, row for row.
    call_command("restore", str(path), interactive=False, verbosity=0)
    after = every_row()
    assert after == before
    assert User.objects.get(username="teacher").check_password("a long pass phrase")
    assert User.objects.get(username="teacher").groups.filter(name="teachers").exists()
    assert not User.objects.filter(username="intruder").exists()


def test_restoring_something_that_is_not_a_backup_changes_nothing(tmp_path):
    User.objects.create_user("kept")
    bad = tmp_path / "notes.txt"
    bad.write_text("not a database")
    with pytest.raises(CommandError, match="Nothing was restored"):
        call_command("restore", str(bad), interactive=False, verbosity=0)
    with pytest.raises(CommandError, match="Nothing was restored.*is not a file"):
        call_command("restore", str(tmp_path / "missing"), interactive=False, verbosity=0)
    assert User.objects.filter(username="kept").exists()
