from __future__ import annotations

import json
import os
import subprocess

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from ramiscore.env import database_config, env_bool, env_int, env_list, production_problems
from tests.fresh import run_python

LONG_SECRET = "x" * 20 + "0123456789abcdefghijklmnopqrstuvwxyz"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("Yes", True), ("on", True), ("0", False), ("false", False)],
)
def test_env_bool_reads_yes_and_no_words(raw: str, expected: bool) -> None:
    assert env_bool({"DEBUG": raw}, "DEBUG", default=not expected) is expected


def test_env_bool_falls_back_to_the_default_when_unset_or_empty() -> None:
    assert env_bool({}, "DEBUG", default=True) is True
    assert env_bool({"DEBUG": ""}, "DEBUG", default=False) is False


def test_env_bool_rejects_an_unclear_value() -> None:
    with pytest.raises(ImproperlyConfigured, match="DEBUG='maybe'"):
        env_bool({"DEBUG": "maybe"}, "DEBUG", default=True)


def test_env_int_reads_a_number_and_rejects_anything_else() -> None:
    assert env_int({"N": " 42 "}, "N", default=1) == 42
    assert env_int({}, "N", default=1) == 1
    with pytest.raises(ImproperlyConfigured, match="whole number"):
        env_int({"N": "one year"}, "N", default=1)


def test_env_list_splits_on_commas_and_drops_blanks() -> None:
    environ = {"ALLOWED_HOSTS": " a.example.org, b.example.org,, "}
    assert env_list(environ, "ALLOWED_HOSTS") == ["a.example.org", "b.example.org"]
    assert env_list({}, "ALLOWED_HOSTS") == []


def test_a_postgres_database_url_gives_a_postgresql_database() -> None:
    config = database_config("postgres://club:s3cret@db.example.org:5433/ramiscore")
    assert config["ENGINE"] == "ramiscore.postgresql"  # Django's, checked after a rest
    assert (config["NAME"], config["USER"], config["PASSWORD"]) == ("ramiscore", "club", "s3cret")
    assert (config["HOST"], config["PORT"]) == ("db.example.org", 5433)
    assert config["CONN_MAX_AGE"] == 60
    assert config["CONN_HEALTH_CHECKS"] is True


def test_a_sqlite_database_url_gives_a_sqlite_file() -> None:
    config = database_config("sqlite:////srv/ramiscore/db.sqlite3", conn_max_age=0)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == "/srv/ramiscore/db.sqlite3"
    assert config["CONN_MAX_AGE"] == 0


def test_the_tests_use_the_database_that_database_url_names() -> None:
    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres", "postgresql")) else "sqlite"
    assert connection.vendor == expected


@pytest.mark.french_default
def test_zero_configuration_means_local_use() -> None:
    assert settings.LANGUAGE_CODE == "fr"
    assert [code for code, _name in settings.LANGUAGES] == ["fr", "en"]
    assert settings.TIME_ZONE == "Europe/Paris"


def test_production_needs_a_secret_key_and_allowed_hosts() -> None:
    assert production_problems({}) == ["SECRET_KEY is not set", "ALLOWED_HOSTS is not set"]
    assert production_problems({"SECRET_KEY": "short", "ALLOWED_HOSTS": "a.example.org"}) == [
        "SECRET_KEY is shorter than 50 characters"
    ]
    assert production_problems({"SECRET_KEY": LONG_SECRET, "ALLOWED_HOSTS": "a.example.org"}) == []


def setup_django(
    code: str = "import django; django.setup()", **overrides: str
) -> subprocess.CompletedProcess[str]:
    """Start Django (and run `code`) in a fresh interpreter with production-like variables."""
    return run_python(
        "-c",
        code,
        unset={"SECRET_KEY", "ALLOWED_HOSTS", "DEBUG"},
        DJANGO_SETTINGS_MODULE="ramiscore.settings",
        DEBUG="0",
        **overrides,
    )


def test_a_missing_production_secret_fails_loudly() -> None:
    result = setup_django(ALLOWED_HOSTS="ramiscore.example.org")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY is not set" in result.stderr
    assert "ALLOWED_HOSTS" not in result.stderr.splitlines()[-1]


def test_production_settings_load_when_the_secrets_are_set() -> None:
    result = setup_django(SECRET_KEY=LONG_SECRET, ALLOWED_HOSTS="ramiscore.example.org")
    assert result.returncode == 0, result.stderr


SECURITY_SETTINGS = (
    "HTTPS_ONLY",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
)


def security_settings(**overrides: str) -> dict[str, object]:
    """The HTTPS-related settings as a fresh interpreter reads them with production secrets."""
    code = (
        "import json, django; django.setup(); from django.conf import settings; "
        f"print(json.dumps({{name: getattr(settings, name) for name in {SECURITY_SETTINGS!r}}}))"
    )
    result = run_python(
        "-c",
        code,
        unset={"PLAIN_HTTP"},
        DJANGO_SETTINGS_MODULE="ramiscore.settings",
        DEBUG="0",
        SECRET_KEY=LONG_SECRET,
        ALLOWED_HOSTS="ramiscore.example.org",
        **overrides,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_hosted_production_site_is_https_only() -> None:
    assert security_settings() == {
        "HTTPS_ONLY": True,
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 365 * 24 * 3600,
    }


def test_plain_http_keeps_production_but_drops_what_needs_https() -> None:
    # A venue's Wi-Fi: Secure-only cookies would never come back (no login, no form), an
    # HTTPS redirect would lead nowhere, and HSTS would lock browsers out of the address.
    assert security_settings(PLAIN_HTTP="1") == {
        "HTTPS_ONLY": False,
        "SESSION_COOKIE_SECURE": False,
        "CSRF_COOKIE_SECURE": False,
        "SECURE_SSL_REDIRECT": False,
        "SECURE_HSTS_SECONDS": 0,
    }


def test_local_use_is_not_https_only() -> None:
    assert settings.HTTPS_ONLY is False and settings.PLAIN_HTTP is False
