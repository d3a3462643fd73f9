"""The bench settings, with SQLite as production runs it: WAL, synchronous NORMAL, and
IMMEDIATE transactions (the same options as penaltyflow/settings.py once the
production-readiness branch is merged; setdefault keeps those when they are there)."""

from bench.settings import *  # noqa: F403

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    options = DATABASES["default"].setdefault("OPTIONS", {})  # noqa: F405
    options.setdefault("init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    options.setdefault("transaction_mode", "IMMEDIATE")
    options.setdefault("timeout", 30)
