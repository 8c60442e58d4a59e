"""How many PDFs a visitor's address may have rendered: an allowance per window of time.

Only renders count: a PDF already stored for the current version of its data is served to
anyone, as often as asked. Counters live in Django's cache, per fixed window (the window's
number is in the key, so nothing needs resetting). With the default local-memory cache each
gunicorn process counts for itself; a shared cache (Redis) makes the allowance exact across
processes and hosts.
"""

from __future__ import annotations

import math
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from ramiscore.security import client_address


def render_allowance(request: HttpRequest):
    """For an anonymous visitor, a callable that counts one render and answers None if it is
    allowed, or the seconds until the next window if not; None for a logged-in organiser."""
    if request.user.is_authenticated:
        return None
    address = client_address(request) or "unknown"
    return lambda: count_render(address)


def count_render(address: str, *, now: float | None = None) -> int | None:
    """Counts one render for `address`: None if within the allowance, else seconds to wait."""
    window = settings.PDF_RENDER_WINDOW
    now = time.time() if now is None else now
    number = int(now // window)
    key = f"pdf-renders:{address}:{number}"
    cache.add(key, 0, timeout=window + 5)
    try:
        renders = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=window + 5)
        renders = 1
    if renders <= settings.PDF_RENDERS_PER_ADDRESS:
        return None
    return max(1, math.ceil((number + 1) * window - now))
