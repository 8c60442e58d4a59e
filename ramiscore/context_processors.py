"""What every page's template may ask of the site's settings."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict:
    return {"signup_open": settings.SIGNUP_OPEN}
