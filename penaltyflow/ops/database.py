"""The database's set-up: owner-only SQLite files, and whether it is ready to serve.

WAL mode, the busy timeout and IMMEDIATE transactions are set in
settings.DATABASES (OPTIONS); here the file's permissions are kept, since it
holds session keys and password hashes.
"""

import os
import stat
from pathlib import Path

from django.db import DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor

SETUP = "make setup (or: python manage.py migrate, then python manage.py loadcharts)"


def sqlite_path(settings_dict: dict) -> Path | None:
    """The SQLite file, or None for PostgreSQL or an in-memory database (the tests')."""
    name = str(settings_dict.get("NAME") or "")
    if not settings_dict["ENGINE"].endswith("sqlite3") or not name:
        return None
    if name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
        return None
    return Path(name)


def owner_only(path: Path) -> None:
    """chmod 600 the database and its WAL files when anyone else may read them."""
    for file in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            mode = file.stat().st_mode
        except FileNotFoundError:
            continue
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            os.chmod(file, 0o600)


def on_connection(sender, connection, **kwargs) -> None:
    if path := sqlite_path(connection.settings_dict):
        owner_only(path)


def database_problem(using: str = "default") -> str | None:
    """What keeps the database from serving pages, and the command that fixes it; None if ready."""
    connection = connections[using]
    path = sqlite_path(connection.settings_dict)
    if path is not None and not path.exists():
        # Connecting would make an empty file, and every page would then fail.
        return f"The database {path} does not exist. Make it with: {SETUP}"
    try:
        connection.ensure_connection()
        executor = MigrationExecutor(connection)
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError as exc:
        where = path or connection.settings_dict.get("NAME")
        return f"Cannot use the database {where}: {exc}".strip()
    if plan:
        names = ", ".join(f"{m.app_label}.{m.name}" for m, _ in plan[:3])
        more = f" and {len(plan) - 3} more" if len(plan) > 3 else ""
        return (
            f"The database lacks {len(plan)} migration(s) ({names}{more}). "
            "Apply them with: python manage.py migrate"
        )
    from penaltyflow.flowcharts.models import Flowchart

    if not Flowchart.objects.exists():
        return "No charts are loaded. Load them with: python manage.py loadcharts"
    return None
