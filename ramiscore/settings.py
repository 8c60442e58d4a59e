"""Ramiscore settings, all read from the environment.

With no environment at all this is a local setup: DEBUG on, SQLite in db.sqlite3.
DEBUG=0 switches to production, which then requires SECRET_KEY and ALLOWED_HOSTS.
See README.md for the full list of variables.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from ramiscore.env import database_config, env_bool, env_int, env_list, production_problems

BASE_DIR = Path(__file__).resolve().parent.parent
ENV = os.environ

DEBUG = env_bool(ENV, "DEBUG", default=True)

if DEBUG:
    SECRET_KEY = ENV.get("SECRET_KEY") or "django-insecure-local-use-only-not-a-secret"
    ALLOWED_HOSTS = env_list(ENV, "ALLOWED_HOSTS") or ["localhost", "127.0.0.1", "[::1]"]
else:
    if problems := production_problems(ENV):
        raise ImproperlyConfigured(
            "DEBUG is off, so Ramiscore runs with production settings, but "
            + "; ".join(problems)
            + ". Set these environment variables (or DEBUG=1 for local use)."
        )
    SECRET_KEY = ENV["SECRET_KEY"]
    ALLOWED_HOSTS = env_list(ENV, "ALLOWED_HOSTS")

CSRF_TRUSTED_ORIGINS = env_list(ENV, "CSRF_TRUSTED_ORIGINS")
# The site's address as printed in QR codes on score sheets (`manage.py round_sheets` has no
# request to take it from). Empty: pages use the request's host, commands the first allowed
# host (https) in production or http://127.0.0.1:8000 locally.
SITE_URL = ENV.get("SITE_URL", "").strip().rstrip("/")

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
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "ramiscore.middleware.RefuseNulMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "ramiscore.middleware.DatabaseBusyMiddleware",
]

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
            ],
        },
    },
]

DATABASES = {
    "default": database_config(
        ENV.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int(ENV, "CONN_MAX_AGE", default=60),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "organiser:dashboard"
LOGOUT_REDIRECT_URL = "home"

# French first; no language prefix in URLs, so printed QR codes stay valid.
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Paris"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(ENV.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # The manifest storage needs collectstatic, which local use and tests skip.
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

X_FRAME_OPTIONS = "DENY"
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool(ENV, "SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int(ENV, "SECURE_HSTS_SECONDS", default=365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    # Only behind a proxy that sets this header itself; otherwise clients could spoof HTTPS.
    if env_bool(ENV, "SECURE_PROXY_SSL_HEADER", default=False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": ENV.get("LOG_LEVEL", "INFO")},
    # Replace Django's own handlers so that each record is printed once.
    "loggers": {
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        # WeasyPrint tells every step of every PDF at INFO; its warnings are what matter.
        "weasyprint": {"level": "WARNING"},
    },
}
