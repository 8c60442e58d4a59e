"""Organiser accounts: the page shown when too many wrong passwords lock a login out.

Logging in and out, changing and resetting a password are Django's own views (ramiscore/urls.py)
with the site's templates in templates/registration/.
"""

from __future__ import annotations

from axes.helpers import get_client_username
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def locked_out(
    request: HttpRequest, response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """django-axes' lockout answer (AXES_LOCKOUT_CALLABLE): this name, from this address, may
    not try again for a while; the way out is to wait or to reset the password by e-mail."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    context = {"username": get_client_username(request, credentials) or "", "minutes": minutes}
    return render(
        request, "registration/locked_out.html", context, status=settings.AXES_HTTP_RESPONSE_CODE
    )
