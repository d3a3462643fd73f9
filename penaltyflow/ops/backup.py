"""A consistent copy of the database while the site serves, and bringing one back.

SQLite: the online backup API, page by page under SQLite's own locking, so
readers and writers carry on. PostgreSQL: pg_dump (one snapshot) and pg_restore.
"""

import glob
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.db import connections


class BackupError(Exception):
    pass


def _pg_tool(name: str) -> str:
    found = shutil.which(name) or sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise BackupError(f"{name} is missing: sudo apt-get install postgresql-client")
    return found if isinstance(found, str) else found[-1]


def _pg_args(settings_dict: dict) -> tuple[list[str], dict]:
    args = ["--dbname", settings_dict["NAME"], "--no-password"]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if settings_dict.get(key):
            args += [flag, str(settings_dict[key])]
    env = dict(os.environ)
    if settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = settings_dict["PASSWORD"]
    return args, env


def _run(command: list[str], env: dict) -> None:
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    if result.returncode:
        raise BackupError(f"{Path(command[0]).name} failed: {result.stderr.strip()}")


def backup(path: Path, using: str = "default") -> None:
    """Write the whole database to `path` (owner-only), in the vendor's own format."""
    connection = connections[using]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600, exist_ok=True)
    os.chmod(path, 0o600)
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        target = sqlite3.connect(path)
        try:
            connection.connection.backup(target)
        finally:
            target.close()
    elif connection.vendor == "postgresql":
        args, env = _pg_args(connection.settings_dict)
        command = [_pg_tool("pg_dump"), "--format=custom", "--no-owner", "--file", str(path)]
        _run([*command, *args], env)
    else:
        raise BackupError(f"No backup for a {connection.vendor} database.")


def restore(path: Path, using: str = "default") -> None:
    """Replace the database's contents with the backup at `path`."""
    if not path.is_file():
        raise BackupError(f"{path} is not a file.")
    connection = connections[using]
    if connection.vendor == "sqlite":
        with open(path, "rb") as file:
            if file.read(16) != b"SQLite format 3\x00":
                raise BackupError(f"{path} is not an SQLite backup.")
        connection.ensure_connection()
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            source.backup(connection.connection)
        finally:
            source.close()
    elif connection.vendor == "postgresql":
        connection.close()  # no lock of ours in pg_restore's way
        args, env = _pg_args(connection.settings_dict)
        command = [_pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner"]
        _run([*command, "--single-transaction", "--exit-on-error", *args, str(path)], env)
    else:
        raise BackupError(f"No restore for a {connection.vendor} database.")
