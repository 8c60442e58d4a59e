"""Site-wide error views."""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse
from django.views import defaults

from ramiscore.middleware import busy_page, database_busy


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page; or 503 "try again" when what failed was the database being busy (in a
    middleware, e.g. saving a session, where DatabaseBusyMiddleware cannot see it)."""
    if database_busy(sys.exc_info()[1]):
        return busy_page(request)
    return defaults.server_error(request)
