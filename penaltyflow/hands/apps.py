from django.apps import AppConfig


class HandsConfig(AppConfig):
    """Example hands: scenarios replayed by the rules engine (penaltyflow.engine)."""

    name = "penaltyflow.hands"
