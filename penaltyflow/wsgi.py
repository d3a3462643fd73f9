import os

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "penaltyflow.settings")
application = get_wsgi_application()

# Serve nothing rather than 500s: say what is missing and the command that makes it.
from penaltyflow.ops.database import database_problem  # noqa: E402

if problem := database_problem():
    raise ImproperlyConfigured(f"Not serving. {problem}")
