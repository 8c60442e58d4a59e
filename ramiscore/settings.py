"""Ramiscore settings, all read from the environment.

With no environment at all this is a local setup: DEBUG on, SQLite in db.sqlite3.
DEBUG=0 switches to production, which then requires SECRET_KEY and ALLOWED_HOSTS.
PLAIN_HTTP=1 keeps production settings but over plain HTTP, for a venue's network
(`make serve`, which sets everything itself: ramiscore/venue.py).
See README.md for the full list of variables, docs/deploy.md for a hosted site.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from ramiscore.env import (
    STATEMENT_SECONDS,
    cache_config,
    database_config,
    env_bool,
    env_int,
    env_list,
    production_problems,
    session_engine,
)

BASE_DIR = Path(__file__).resolve().parent.parent
# Lower case: not a setting, so the DEBUG error page, which lists every setting, never shows
# the environment (its passwords and keys).
environ = os.environ

DEBUG = env_bool(environ, "DEBUG", default=True)
# The one switch for serving production over plain HTTP: a venue's Wi-Fi has no TLS, so
# browsers would drop Secure-only cookies (no login, no form) and an HTTPS redirect leads
# nowhere. Everything that is HTTPS-only in production follows HTTPS_ONLY, nothing else.
PLAIN_HTTP = env_bool(environ, "PLAIN_HTTP", default=False)
HTTPS_ONLY = not DEBUG and not PLAIN_HTTP

if DEBUG:
    SECRET_KEY = environ.get("SECRET_KEY") or "django-insecure-local-use-only-not-a-secret"
    ALLOWED_HOSTS = env_list(environ, "ALLOWED_HOSTS") or ["localhost", "127.0.0.1", "[::1]"]
else:
    if problems := production_problems(environ):
        raise ImproperlyConfigured(
            "DEBUG is off, so Ramiscore runs with production settings, but "
            + "; ".join(problems)
            + ". Set these environment variables (or DEBUG=1 for local use)."
        )
    SECRET_KEY = environ["SECRET_KEY"]
    ALLOWED_HOSTS = env_list(environ, "ALLOWED_HOSTS")

CSRF_TRUSTED_ORIGINS = env_list(environ, "CSRF_TRUSTED_ORIGINS")
# The site's address as printed in QR codes on score sheets (`manage.py round_sheets` has no
# request to take it from). Empty: pages use the request's host, commands the first allowed
# host (https) in production or http://127.0.0.1:8000 locally.
SITE_URL = environ.get("SITE_URL", "").strip().rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles so that runserver serves static files the way production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "simple_history",
    "axes",
    "csp",
    # Before django_tasks_db, so that its `manage.py db_worker` is ours: the same worker, which
    # also queues again the tasks of a worker that died (ramiscore/worker.py).
    "tournaments",
    # Background work (a round's score sheets): Django 6's tasks framework, backported, with
    # its database backend; `manage.py db_worker` runs the tasks (`make serve` starts it).
    "django_tasks",
    "django_tasks_db",
    # The API (/api/v1/, tournaments/api/): its bundled Redoc serves the readable schema page.
    "ninja",
]

MIDDLEWARE = [
    # First: /health/ answers before host checks, HTTPS redirects and sessions.
    "ramiscore.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "ramiscore.security.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "ramiscore.middleware.RefuseNulMiddleware",
    # Before sessions: a phone polling an unchanged public page gets its 304 for one query.
    "tournaments.web.polling.PollMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # The service worker's copy of a page leaves the page's messages to the page.
    "tournaments.web.offline.CopyLeavesMessagesMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "ramiscore.middleware.DatabaseBusyMiddleware",
    # Last, as django-axes asks: it turns a lockout found while logging in into its page.
    "axes.middleware.AxesMiddleware",
]
# The load benchmark's probe of each request's CPU (bench/load): never on a club's site.
if env_bool(environ, "REQUEST_CPU_HEADER", default=False):
    MIDDLEWARE.insert(0, "ramiscore.middleware.RequestCpuMiddleware")

ROOT_URLCONF = "ramiscore.urls"
WSGI_APPLICATION = "ramiscore.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "ramiscore.context_processors.site",
            ],
        },
    },
]

DATABASES = {
    "default": database_config(
        environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int(environ, "CONN_MAX_AGE", default=60),
        # Seconds one PostgreSQL statement may run (0: no limit, for a long migration).
        statement_timeout=env_int(environ, "DATABASE_STATEMENT_TIMEOUT", default=STATEMENT_SECONDS),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Pages rendered once per version of their data (web/polling.py): in each process's memory,
# or in Redis shared by all of them when CACHE_URL names it.
CACHES = {"default": cache_config(environ.get("CACHE_URL", ""))}
# Sessions in the database, read through that cache when every process shares it (Redis):
# no query for an organiser's session (ramiscore/sessions.py).
SESSION_ENGINE = session_engine(CACHES["default"])

AUTHENTICATION_BACKENDS = [
    # First, so that a locked-out login is refused before its password is even checked.
    "ramiscore.security.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "organiser:dashboard"
LOGOUT_REDIRECT_URL = "home"

# Login throttling (django-axes): 5 wrong passwords for one user name from one address lock
# that pair out for 15 minutes (each further try during the lockout starts the 15 minutes
# again). The same organiser logging in from another address is not affected, so someone
# guessing from elsewhere cannot lock him out. A successful login clears the count; an admin
# can lift a lockout early (admin "Access attempts", or `manage.py axes_reset_username NAME`).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tournaments.views.accounts.locked_out"
AXES_HTTP_RESPONSE_CODE = 429  # what the lockout page answers (axes' default, read there)
AXES_CLIENT_IP_CALLABLE = "ramiscore.security.client_address"
# Only failed attempts are kept (until their cool-off ends), not a log of every login and
# the address it came from: personal data the club has no use for.
AXES_DISABLE_ACCESS_LOG = True

# Password reset e-mails. Without configuration they are printed on the console (the server's
# log); EMAIL_HOST switches to SMTP, EMAIL_BACKEND names any other Django backend.
EMAIL_BACKEND = environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if environ.get("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = environ.get("EMAIL_HOST") or "localhost"
EMAIL_PORT = env_int(environ, "EMAIL_PORT", default=587)
EMAIL_HOST_USER = environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool(environ, "EMAIL_USE_TLS", default=EMAIL_PORT == 587)
EMAIL_USE_SSL = env_bool(environ, "EMAIL_USE_SSL", default=EMAIL_PORT == 465)
DEFAULT_FROM_EMAIL = environ.get("DEFAULT_FROM_EMAIL") or "ramiscore@localhost"

# French first; no language prefix in URLs, so printed QR codes stay valid.
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Paris"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
# Files the site makes itself (PDFs, see "pdfs" below); nothing is served from here directly.
MEDIA_ROOT = Path(environ.get("MEDIA_ROOT") or BASE_DIR / "var" / "media")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Rendered PDFs, one file per version of their data (tournaments/sheets/store.py). Several
    # app hosts must share this folder (or use a shared storage backend): docs/deploy.md.
    "pdfs": {
        # Each file written whole under a temporary name, then renamed: never half a PDF.
        "BACKEND": "tournaments.sheets.files.AtomicFileSystemStorage",
        "OPTIONS": {"location": MEDIA_ROOT / "pdfs", "base_url": None},
    },
    "staticfiles": {
        # The manifest storage needs collectstatic, which local use and tests skip.
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Background tasks in the database (django-tasks-db), run by `manage.py db_worker`.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
# Every this many seconds each worker queues again the tasks left running by a worker that
# died (killed, its machine lost): ramiscore/worker.py, docs/deploy.md "Several machines".
WORKER_RECOVERY_SECONDS = env_int(environ, "WORKER_RECOVERY_SECONDS", default=10)

# An event-wide page (its tables, standings, the room's screen) changes with every hand at
# any table: its answer to phones without a session is made at most once every this many
# seconds, and shared meanwhile (web/polling.py; 0: made for every new version).
POLL_COALESCE_SECONDS = env_int(environ, "POLL_COALESCE_SECONDS", default=2)

# The API (docs/api.md): requests each token, and each address without one, may make per
# period ("600/m": 600 a minute); past it, 429 with Retry-After.
API_RATE_TOKEN = environ.get("API_RATE_TOKEN", "600/m")
API_RATE_ANONYMOUS = environ.get("API_RATE_ANONYMOUS", "120/m")
# Webhooks are sent only to addresses on the Internet, never to the site's own network or
# host (a webhook must not be a way in): the site's owner may allow private ones.
WEBHOOKS_ALLOW_PRIVATE = env_bool(environ, "WEBHOOKS_ALLOW_PRIVATE", default=False)

# PDFs for anonymous visitors are rendered once per version of their data, then served from
# storage; a visitor's address may make this many renders per window (seconds), then gets a
# 429 until the window ends. Organisers are not limited.
PDF_RENDERS_PER_ADDRESS = env_int(environ, "PDF_RENDERS_PER_ADDRESS", default=20)
PDF_RENDER_WINDOW = 300
# Days after its event (or after an organiser reopened it) that a table link takes hands:
# a link printed on a sheet, or kept on a phone, does not stay a key to the scores for ever.
TABLE_LINK_DAYS = env_int(environ, "TABLE_LINK_DAYS", default=3)
# The read timeout of the proxy in front (docs/deploy.md: nginx's proxy_read_timeout): no
# request waits that long for another's work (a PDF being made), so that the visitor gets
# the site's own "try again" page rather than the proxy's 504.
PROXY_TIMEOUT = env_int(environ, "PROXY_TIMEOUT", default=130)
# Anyone may sign up and create his club (a hosted site): off by default, and under
# `make serve`, where the organiser is made on the laptop and volunteers come by invitation.
SIGNUP_OPEN = env_bool(environ, "SIGNUP_OPEN", default=False)
# Players an address may sign up for events per hour (a family on one phone); then a 429.
EVENT_SIGNUPS_PER_ADDRESS = env_int(environ, "EVENT_SIGNUPS_PER_ADDRESS", default=20)
# Sign-ups an address may make per hour; then a 429.
SIGNUPS_PER_ADDRESS = env_int(environ, "SIGNUPS_PER_ADDRESS", default=5)
# Password-reset e-mails an address may ask for per window (seconds); then a 429.
PASSWORD_RESETS_PER_ADDRESS = env_int(environ, "PASSWORD_RESETS_PER_ADDRESS", default=5)
PASSWORD_RESET_WINDOW = 3600
# Processes laying out a large PDF's pages in parallel (the background worker and
# `manage.py round_sheets`): every core unless said otherwise.
PDF_PROCESSES = env_int(environ, "PDF_PROCESSES", default=os.cpu_count() or 1)

X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy (django-csp 4): only our own files. The site has no inline script,
# no inline style and no `style` attribute (htmx's own indicator style is turned off in
# base.html); keep it so rather than loosening this. The inline SVG chart is markup, not an
# image, so img-src needs no data:.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Permissions-Policy (ramiscore.security): browser features the site never asks for, refused
# to it and to anything it could embed. The phone entry page needs none of them; copying a
# table's link (organiser pages) uses clipboard-write, which stays allowed.
PERMISSIONS_POLICY = dict.fromkeys(
    (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "encrypted-media",
        "fullscreen",
        "geolocation",
        "gyroscope",
        "hid",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "picture-in-picture",
        "publickey-credentials-get",
        "screen-wake-lock",
        "serial",
        "usb",
        "xr-spatial-tracking",
    ),
    (),
)
# Error pages (DEBUG) and error mails hide DATABASE_URL and any password written in a URL.
DEFAULT_EXCEPTION_REPORTER_FILTER = "ramiscore.security.ErrorReportFilter"
# The language choice is read by the server only, and sent with same-site requests only.
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
# Secure-only cookies exactly when the site is served over HTTPS (not on the venue's LAN).
SESSION_COOKIE_SECURE = HTTPS_ONLY
CSRF_COOKIE_SECURE = HTTPS_ONLY
LANGUAGE_COOKIE_SECURE = HTTPS_ONLY
if HTTPS_ONLY:
    SECURE_SSL_REDIRECT = env_bool(environ, "SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env_int(environ, "SECURE_HSTS_SECONDS", default=365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    # Only behind a proxy that sets this header itself; otherwise clients could spoof HTTPS.
    if env_bool(environ, "SECURE_PROXY_SSL_HEADER", default=False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": environ.get("LOG_LEVEL", "INFO")},
    # Replace Django's own handlers so that each record is printed once.
    "loggers": {
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        # WeasyPrint tells every step of every PDF at INFO; its warnings are what matter.
        "weasyprint": {"level": "WARNING"},
        # django-axes tells every successful login at INFO; its failures and lockouts are
        # warnings.
        "axes": {"level": "WARNING"},
    },
}
