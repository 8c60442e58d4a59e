"""Allowances per visitor's address and window of time: PDFs rendered for anonymous visitors
(a PDF already stored for the current version of its data is served to anyone, as often as
asked: only renders count), and password-reset e-mails asked for.

Counters live in the database (tournaments.models.Allowance), per fixed window (the window's
number is in the row, so nothing needs resetting): every gunicorn process and app host counts
the same uses, whatever the cache, and Redis out of reach changes nothing.
"""

from __future__ import annotations

import math
import time

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext

from ramiscore.security import client_address
from tournaments.models import Allowance


def render_allowance(request: HttpRequest):
    """For an anonymous visitor, a callable that counts one render and answers None if it is
    allowed, or the seconds until the next window if not; None for a logged-in organiser."""
    if request.user.is_authenticated:
        return None
    address = client_address(request) or "unknown"
    return lambda: count_render(address)


def count_render(address: str, *, now: float | None = None) -> int | None:
    """Counts one render for `address`: None if within the allowance, else seconds to wait."""
    return count_use(
        "pdf-renders",
        address,
        allowed=settings.PDF_RENDERS_PER_ADDRESS,
        window=settings.PDF_RENDER_WINDOW,
        now=now,
    )


def count_use(
    kind: str, address: str, *, allowed: int, window: int, now: float | None = None
) -> int | None:
    """Counts one use of `kind` by `address`: None if it is one of the `allowed` uses of
    this window of `window` seconds, else the seconds until the next window."""
    now = time.time() if now is None else now
    number = int(now // window)
    uses = Allowance.objects.count_use(kind=kind, address=address[:64], period=number)
    if uses <= allowed:
        return None
    return max(1, math.ceil((number + 1) * window - now))


def too_many(request: HttpRequest, title: str, message: str, retry_after: int) -> HttpResponse:
    """429 with a page that says why and when to try again (`message` has a %(wait)s)."""
    minutes = max(1, (retry_after + 59) // 60)
    wait = ngettext("%(n)s minute", "%(n)s minutes", minutes) % {"n": minutes}
    context = {"title": title, "message": message % {"wait": wait}}
    response = render(request, "public/wait.html", context, status=429)
    response["Retry-After"] = str(retry_after)
    return response
