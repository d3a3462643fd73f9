from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Site-wide pieces every app may use: htmx helpers, the page cache, bridge filters."""

    name = "penaltyflow.core"
    label = "core"
