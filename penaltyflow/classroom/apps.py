from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    name = "penaltyflow.classroom"
    verbose_name = "Club teaching sessions"
