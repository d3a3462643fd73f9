import getpass
import os

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from penaltyflow.classroom.models import TEACHERS_GROUP


class Command(BaseCommand):
    help = (
        "Make (or update) a teacher account. The password comes from TEACHER_PASSWORD, "
        "or is asked for on the terminal."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help="the teacher's username")

    def handle(self, *args, name, **options):
        name = name.strip()
        if not name or len(name) > 150:
            raise CommandError("A teacher's name is 1 to 150 characters.")
        password = os.environ.get("TEACHER_PASSWORD")
        if not password:
            if not os.isatty(0):
                raise CommandError("Set TEACHER_PASSWORD, or run this on a terminal to be asked.")
            password = getpass.getpass(f"Password for {name}: ")
            if password != getpass.getpass("The same again: "):
                raise CommandError("The two passwords differ; nothing was changed.")
        if len(password) < 6:
            raise CommandError("The password is too short (6 characters at least).")
        User = get_user_model()
        with transaction.atomic():
            user, created = User.objects.get_or_create(username=name)
            user.set_password(password)
            user.is_active = True
            user.save()
            user.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
        self.stdout.write(f"Teacher {name} {'created' if created else 'updated'}.")
