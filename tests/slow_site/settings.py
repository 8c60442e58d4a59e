"""The site's own settings, with the slow views' URLs added; static files named as they are
(the test collects none)."""

from __future__ import annotations

from ramiscore.settings import *  # noqa: F403

ROOT_URLCONF = "tests.slow_site.urls"
STORAGES = {  # noqa: F405
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
