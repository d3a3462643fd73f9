from django.apps import AppConfig


class QuizzesConfig(AppConfig):
    name = "penaltyflow.quizzes"
    verbose_name = "Quizzes"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .progress import join_on_login

        user_logged_in.connect(join_on_login, dispatch_uid="quizzes-join-on-login")
