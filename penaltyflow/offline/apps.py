from django.apps import AppConfig


class OfflineConfig(AppConfig):
    name = "penaltyflow.offline"
    verbose_name = "Installable and offline"
