from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    name = "penaltyflow.classroom"
    verbose_name = "Club teaching sessions"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .nav import remember_teacher

        user_logged_in.connect(remember_teacher, dispatch_uid="classroom_remember_teacher")
