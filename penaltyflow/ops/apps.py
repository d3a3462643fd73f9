from django.apps import AppConfig


class OpsConfig(AppConfig):
    """What running the site needs: health, robots, backups, the server, the database's set-up."""

    name = "penaltyflow.ops"
    label = "ops"

    def ready(self) -> None:
        from django.core.signals import setting_changed
        from django.db.backends.signals import connection_created

        from .csp import forget_policy
        from .database import on_connection

        connection_created.connect(on_connection, dispatch_uid="penaltyflow.ops.sqlite")
        setting_changed.connect(forget_policy, dispatch_uid="penaltyflow.ops.csp")
