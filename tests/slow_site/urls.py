from __future__ import annotations

import threading

from django.http import HttpRequest, HttpResponse
from django.urls import path

from ramiscore.urls import handler500  # noqa: F401  the site's own error pages
from ramiscore.urls import urlpatterns as site


def busy(request: HttpRequest) -> HttpResponse:
    """Works for ever in Python (a page of 45,000 hands, an archive too large)."""
    while True:
        pass


def stuck(request: HttpRequest) -> HttpResponse:
    """Waits for ever in C (a lock never released): no exception reaches it."""
    threading.Event().wait()
    return HttpResponse("never")


def fine(request: HttpRequest) -> HttpResponse:
    return HttpResponse("fine")


urlpatterns = [
    path("slow/busy/", busy),
    path("slow/stuck/", stuck),
    path("slow/fine/", fine),
    *site,
]
