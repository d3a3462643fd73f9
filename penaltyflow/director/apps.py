from django.apps import AppConfig


class DirectorConfig(AppConfig):
    name = "penaltyflow.director"
    verbose_name = "Rule at the table"
