"""The app's settings plus one page that does nothing: the yardstick for the step page."""

from penaltyflow.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
