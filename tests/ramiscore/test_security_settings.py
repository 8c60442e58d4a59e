"""Security settings: error reports keep passwords out, the language cookie is locked down,
and Django's deploy checks pass with production settings."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, RequestFactory
from django.views.debug import ExceptionReporter

from ramiscore.security import ErrorReportFilter
from tests.ramiscore.test_settings import LONG_SECRET, setup_django

PRODUCTION = {
    "SECRET_KEY": LONG_SECRET,
    "ALLOWED_HOSTS": "ramiscore.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://ramiscore.example.org",
}


def error_report(**meta: str) -> tuple[str, str]:
    """The DEBUG error page and the error mail's text for a failed request with `meta`
    (runserver copies the whole environment into request.META)."""
    return report_on(RequestFactory().get("/events/1/", **meta))


def report_on(request) -> tuple[str, str]:
    try:
        fail()
    except ValueError as error:
        reporter = ExceptionReporter(request, type(error), error, error.__traceback__)
    return reporter.get_traceback_html(), reporter.get_traceback_text()


def fail() -> None:
    """A view's failure; its frame (shown with its variables) holds no secret of the test's."""
    raise ValueError("boom")


def test_error_reports_use_the_sites_filter():
    assert settings.DEFAULT_EXCEPTION_REPORTER_FILTER == "ramiscore.security.ErrorReportFilter"


def test_the_error_page_hides_the_database_password():
    url = "postgres://ramiscore:s3cret-pw@db.example.org:5432/ramiscore"
    for report in error_report(DATABASE_URL=url):
        assert "DATABASE_URL" in report
        assert "s3cret-pw" not in report


def test_the_error_page_hides_the_password_of_any_url_but_keeps_the_rest():
    html, text = error_report(CACHE_LOCATION="redis://:hunter2@cache.example.org:6379/0")
    for report in (html, text):
        assert "hunter2" not in report
        assert "cache.example.org:6379/0" in report


def test_the_debug_page_shows_no_secret_of_the_environment(monkeypatch, settings):
    """The DEBUG page lists every setting: none may carry the environment's secrets (issue
    26: `ENV = os.environ` was listed whole, passwords included)."""
    settings.DEBUG = True
    secrets = {
        "DATABASE_URL": "postgres://ramiscore:pg-s3cret@db.example.org:5432/ramiscore",
        "SECRET_KEY": "sk-not-to-be-seen-" + "x" * 40,
        "EMAIL_HOST_PASSWORD": "mail-s3cret",
        "CACHE_URL": "redis://:redis-s3cret@cache.example.org:6379/0",
    }
    for name, value in secrets.items():
        monkeypatch.setenv(name, value)
    html, text = report_on(RequestFactory().get("/events/1/"))
    for report in (html, text):
        assert "Settings" in report or "settings" in report.lower()
        for value in ("pg-s3cret", "sk-not-to-be-seen", "mail-s3cret", "redis-s3cret"):
            assert value not in report


def test_a_mapping_setting_is_cleansed_like_a_dict():
    from types import MappingProxyType

    mapping = MappingProxyType({"DB_PASSWORD": "x1", "URL": "https://u:x2@h/", "NAME": "kept"})
    cleaned = ErrorReportFilter().cleanse_setting("ANY", mapping)
    assert "x1" not in str(cleaned) and "x2" not in str(cleaned) and "kept" in str(cleaned)


def test_a_url_without_a_password_is_left_as_it_is():
    cleaned = ErrorReportFilter().cleanse_setting("SITE_URL", "https://ramiscore.example.org")
    assert cleaned == "https://ramiscore.example.org"


@pytest.mark.django_db
def test_the_language_cookie_is_http_only_and_same_site(client: Client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "en"
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "Lax"


def test_in_production_the_language_cookie_is_secure_like_the_session_cookie():
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.LANGUAGE_COOKIE_SECURE, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE)"
    )
    result = setup_django(code, **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True", "True"]


def test_the_deploy_checks_pass_with_production_settings(monkeypatch):
    # Set by the browser tests' conftest for Playwright; never in a deployment.
    monkeypatch.delenv("DJANGO_ALLOW_ASYNC_UNSAFE", raising=False)
    code = (
        "import django; django.setup(); from django.core.management import call_command; "
        "call_command('check', deploy=True, fail_level='WARNING')"
    )
    result = setup_django(code, **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_an_e_mail_host_sends_the_password_reset_e_mails_by_smtp():
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_TLS, s.EMAIL_USE_SSL)"
    )
    result = setup_django(code, **PRODUCTION, EMAIL_HOST="smtp.example.org")
    assert result.returncode == 0, result.stderr
    smtp = "django.core.mail.backends.smtp.EmailBackend"
    assert result.stdout.split() == [smtp, "smtp.example.org", "587", "True", "False"]
