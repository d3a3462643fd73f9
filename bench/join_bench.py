"""Prints how long a room of phones behind one address takes to join a club session.

    .venv/bin/python bench/join_bench.py [--phones 300]

Each phone opens the join page by the code and posts its name, through Django's test
client, in one process on a throwaway test database (SQLite, or DATABASE_URL's). A
club night needs the whole room in well under a minute; tests/classroom/test_join.py
holds that none of them is turned away by the guessing limit.
"""

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=300)
    args = parser.parse_args()

    import django

    django.setup()
    from django.contrib.auth.models import Group, User
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    from penaltyflow.classroom.models import TEACHERS_GROUP, Lesson, LessonItem, Session

    setup_test_environment()
    name = connection.creation.create_test_db(verbosity=0)
    try:
        from django.core.management import call_command

        call_command("loadcharts", verbosity=0)
        lesson = Lesson.objects.create(slug="bench", title="A lead out of turn")
        LessonItem.objects.create(
            lesson=lesson, position=0, chart="law-56", node="lead-out-of-turn"
        )
        teacher = User.objects.create_user("tess", password="pw")
        teacher.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
        client = Client()
        client.force_login(teacher)
        location = client.post("/classroom/start", {"lesson": lesson.slug})["Location"]
        code = location.split("/")[2]

        began = time.perf_counter()
        for n in range(args.phones):
            phone = Client(REMOTE_ADDR="192.168.1.1")
            assert phone.get(f"/join/{code}/").status_code == 200
            response = phone.post(f"/join/{code}/", {"name": f"Player {n}"})
            assert response.status_code == 302, (n, response.status_code)
        took = time.perf_counter() - began
        assert Session.objects.get(code=code).students == args.phones
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)
    print(
        f"join: {args.phones} phones behind one address joined in {took:.1f} s "
        f"({took / args.phones * 1000:.0f} ms a phone: the join page and the post), "
        f"{connection.vendor}"
    )


if __name__ == "__main__":
    main()
