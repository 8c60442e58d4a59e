"""Site-wide error views."""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.views import defaults

from ramiscore.middleware import RETRY_AFTER_SECONDS, database_trouble, trouble_page
from ramiscore.watchdog import RequestTimeout


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page; or 503 "try again" when what failed was the database being busy, out of
    reach or full (in a middleware, e.g. saving a session, where DatabaseBusyMiddleware
    cannot see it), or the request ran past its time (the watchdog stopped it:
    ramiscore/watchdog.py)."""
    error = sys.exc_info()[1]
    if trouble := database_trouble(error):
        return trouble_page(request, trouble)
    if isinstance(error, RequestTimeout):
        response = HttpResponse(render_to_string("errors/too_long.html"), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    return defaults.server_error(request)
