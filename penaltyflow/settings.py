"""Settings, read from the environment with defaults that run out of the box on SQLite.

Production: set SECRET_KEY, DEBUG=0 (the default), ALLOWED_HOSTS and, when one
machine is not enough, DATABASE_URL=postgres://...
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("PENALTYFLOW_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one made once and kept in var/."""
    if key := os.environ.get("SECRET_KEY"):
        return key
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(mode=0o700, parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "penaltyflow.core",
    "penaltyflow.flowcharts",
    "penaltyflow.hands",
    "penaltyflow.quizzes",
    "penaltyflow.accounts",
    "penaltyflow.classroom",
    "penaltyflow.director",
    "penaltyflow.offline",
    "penaltyflow.ops",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "penaltyflow.offline.middleware.OfflineHeaders",
    "penaltyflow.ops.csp.CSPMiddleware",  # django-csp's, the header built once
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

ROOT_URLCONF = "penaltyflow.urls"
WSGI_APPLICATION = "penaltyflow.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "penaltyflow.classroom.nav.classroom_link",
            ],
        },
    }
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}", conn_max_age=600
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Django's own SQLite backend. WAL: readers never wait for a writer (many phones answer
    # at once). IMMEDIATE: a transaction takes the write lock when it starts, so two writers
    # queue (for up to `timeout` seconds) instead of one failing half-way (a deadlocked
    # upgrade). The file is kept owner-only (penaltyflow/ops/database.py).
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": int(os.environ.get("SQLITE_BUSY_SECONDS", "30")),
    }
# Two caches in each worker's memory (Django's LocMemCache), each bounded, the least recently
# used going first, so a crawl of many addresses cannot grow a worker without end:
# "pages", the step pages' parts kept per content generation (core/pagecache.py), at most
# PAGE_CACHE_ENTRIES of them (20 to 52 KB each); "default", the rest (a class's phone pages),
# whose entries never push a chart's pages out.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 1000},
    },
    "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("PAGE_CACHE_ENTRIES", "1000"))},
    },
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# How often a student's phone, and the projector's tally of answers, ask what is new (the
# projector's own stage, for a second screen, half as often). A poll with nothing new is a 304.
CLASSROOM_POLL_SECONDS = 1.0

LANGUAGE_CODE = "en-gb"
# The club's time zone: review times on the progress page ("due 19:05", "tomorrow").
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed names, so WhiteNoise caches them for a year (penaltyflow/ops/storage.py).
    "staticfiles": {"BACKEND": "penaltyflow.ops.storage.StaticFiles"},
}
WHITENOISE_USE_FINDERS = True  # serve from static/ even before collectstatic

# Accounts (penaltyflow/accounts): sign-in and sign-up pages; a learner's progress follows.
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "/quiz/progress/"
LOGOUT_REDIRECT_URL = "/quiz/"
# Sign-up refuses a password that is short, common, all digits or like the username.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 8},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Quiz answers one learner (browser or account) may post in a minute; more get 429.
QUIZ_ANSWERS_PER_MINUTE = int(os.environ.get("QUIZ_ANSWERS_PER_MINUTE", "30"))

# Where the chart content files live; `manage.py loadcharts` reads them.
CONTENT_DIR = Path(os.environ.get("PENALTYFLOW_CONTENT_DIR", BASE_DIR / "content"))

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
if env_bool("HTTPS", False):
    if "*" in ALLOWED_HOSTS:
        # The redirect to https:// names the request's Host: only hosts we know.
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured("HTTPS=1 needs ALLOWED_HOSTS set to the site's names, not *")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    # Both bind more than this site, for months: the owner's choice (see below).
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", False)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# HSTS for subdomains and the browsers' preload list bind the whole domain; a club
# often serves PenaltyFlow from a subdomain of a domain it does not run alone.
SILENCED_SYSTEM_CHECKS = ["security.W005", "security.W021"]

# Content-Security-Policy (django-csp): everything from this site only; no inline
# script or style anywhere (htmx's own indicator style is off: see base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
    }
}

# Sign-in throttling (django-axes), for every sign-in that passes its request: the
# admin's and /accounts/login/. Locked: that user name from that address, so the
# right password from another device still works.
AUTHENTICATION_BACKENDS = [
    "penaltyflow.ops.auth.SignInThrottle",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("SIGNIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("SIGNIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "ops/locked_out.html"
AXES_VERBOSE = False
# Behind a proxy, the client's address comes from X-Forwarded-For (set PROXY_COUNT).
if proxies := int(os.environ.get("PROXY_COUNT", "0")):
    AXES_IPWARE_PROXY_COUNT = proxies
    AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"no_4xx_traceback": {"()": "penaltyflow.ops.logs.NoTracebackForClientErrors"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["no_4xx_traceback"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
