"""Site-wide error views."""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse
from django.views import defaults

from ramiscore.middleware import database_trouble, trouble_page


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page; or 503 "try again" when what failed was the database being busy, out of
    reach or full (in a middleware, e.g. saving a session, where DatabaseBusyMiddleware
    cannot see it)."""
    if trouble := database_trouble(sys.exc_info()[1]):
        return trouble_page(request, trouble)
    return defaults.server_error(request)
