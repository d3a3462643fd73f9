from django.apps import AppConfig


class OpsConfig(AppConfig):
    """What running the site needs: health, robots, backups, the server, the database's set-up."""

    name = "penaltyflow.ops"
    label = "ops"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from .database import on_connection

        connection_created.connect(on_connection, dispatch_uid="penaltyflow.ops.sqlite")
