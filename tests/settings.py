"""The site's settings, with what only tests may change.

pytest uses these (pyproject.toml); servers the tests start as `make run` does use the
site's own settings.
"""

from penaltyflow.settings import *  # noqa: F403

# Tests make many accounts and sign in often; the production hasher is slow on purpose.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Phones follow the teacher within a poll; the browser tests wait for them at every step
# (a room of three phones and a projector then asks about 20 times a second).
CLASSROOM_POLL_SECONDS = 0.2

# The test database is SQLite in memory with a shared cache, where a reader's table lock
# makes another connection's writer fail at once ("database table is locked"), not wait as
# on the site's own file (WAL). Readers there take no table locks. (The live server's
# threads use the test's own connection, one request at a time: tests/browser/conftest.py.)
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    DATABASES["default"]["OPTIONS"]["init_command"] += " PRAGMA read_uncommitted = 1;"  # noqa: F405

# WhiteNoise finds a static file when it is asked for, as in development, instead of listing
# every file of every app when its middleware starts: each test's client starts the middleware
# again (6 s of CPU a run of the tests without a browser went on listing the files).
WHITENOISE_AUTOREFRESH = True
