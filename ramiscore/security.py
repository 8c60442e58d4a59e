"""Site-wide security plumbing the settings name: the Permissions-Policy header, the login
throttle's view of who is knocking, and error reports that keep passwords out."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.debug import SafeExceptionReporterFilter


def permissions_policy_header(policy: Mapping[str, tuple[str, ...]]) -> str:
    """The Permissions-Policy header for `policy`: {"camera": ()} gives "camera=()"."""
    return ", ".join(f"{feature}=({' '.join(allowed)})" for feature, allowed in policy.items())


class PermissionsPolicyMiddleware:
    """Adds `settings.PERMISSIONS_POLICY` as the Permissions-Policy header of every response:
    the browser features the site never uses are refused, to it and to anything it embeds."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = permissions_policy_header(settings.PERMISSIONS_POLICY)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.setdefault("Permissions-Policy", self.header)
        return response


class LoginThrottleBackend(AxesStandaloneBackend):
    """django-axes' lockout check before the real backends. `authenticate()` called without a
    request (a script, a management command, the test client's `login`) is not someone
    knocking at the login page: there is no address to throttle, so it is let through."""

    def authenticate(self, request: HttpRequest | None, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)


def client_address(request: HttpRequest) -> str | None:
    """The address a login attempt comes from. Behind the proxy that SECURE_PROXY_SSL_HEADER
    trusts, the last X-Forwarded-For entry (the one that proxy added; earlier ones are the
    client's to invent); otherwise the connection's own address."""
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None):
        last = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
        if last:
            return last
    return request.META.get("REMOTE_ADDR")


# The password part of scheme://user:password@host, whatever the setting or variable's name.
PASSWORD_IN_URL = re.compile(r"(?P<start>\b[a-z][a-z0-9+.-]*://[^/:@\s]*:)[^@\s]*(?=@)", re.I)


class ErrorReportFilter(SafeExceptionReporterFilter):
    """Django's filter for error pages and mails, which also hides DATABASE_URL (runserver
    puts the environment in request.META), the password of any other URL with one, and the
    secrets of any mapping such as os.environ (cleansed as a dict)."""

    hidden_settings = re.compile(
        SafeExceptionReporterFilter.hidden_settings.pattern + "|DATABASE_URL", flags=re.I
    )

    def cleanse_setting(self, key: Any, value: Any) -> Any:
        if isinstance(value, Mapping) and not isinstance(value, dict):
            # os.environ and its kind: cleansed item by item, as Django does a dict.
            value = dict(value)
        value = super().cleanse_setting(key, value)
        # Plain strings only: a lazy setting that looks like one (isinstance says str) is
        # not evaluated while reporting an error.
        if type(value) is str:
            return PASSWORD_IN_URL.sub(rf"\g<start>{self.cleansed_substitute}", value)
        return value
