"""The site's settings, with what only tests may change.

pytest uses these (pyproject.toml); servers the tests start as `make run` does use the
site's own settings.
"""

from penaltyflow.settings import *  # noqa: F403

# Tests make many accounts and sign in often; the production hasher is slow on purpose.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Phones follow the teacher within a poll; the browser tests wait for them at every step.
CLASSROOM_POLL_SECONDS = 0.5
