"""Who is asking the API and how often: a token (Authorization: Bearer rms_…) or nobody; the
scope and the event a request needs; the rate each token and each anonymous address may ask
at; and the conditional GET (ETag, 304) of the pages, for the API's event and game reads."""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import gettext as _
from ninja.errors import HttpError
from ninja.security import HttpBearer
from ninja.throttling import BaseThrottle

from ramiscore.security import client_address
from tournaments.integrations.services.tokens import token_for
from tournaments.models import ApiToken, Event


@dataclass(frozen=True)
class Anonymous:
    """A reader without a token: what anybody sees on the public pages."""

    def __str__(self) -> str:
        return "anonymous"


ANONYMOUS = Anonymous()
Reader = ApiToken | Anonymous


class TokenAuth(HttpBearer):
    """A token when one is given (a wrong, expired or revoked one is a 401), anonymous
    otherwise when `anonymous` is allowed."""

    openapi_description = "An API token made by an organiser (Authorization: Bearer rms_…)."

    def __init__(self, *, anonymous: bool) -> None:
        super().__init__()
        self.anonymous = anonymous

    def __call__(self, request: HttpRequest) -> Reader | None:
        if not request.headers.get(self.header) and self.anonymous:
            return ANONYMOUS
        return super().__call__(request)

    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        return token_for(token)


READERS = TokenAuth(anonymous=True)
TOKENS = TokenAuth(anonymous=False)


def reader(request: HttpRequest) -> Reader:
    found: Reader = getattr(request, "auth", ANONYMOUS)
    return found


def reads_privately(request: HttpRequest, event: Event) -> bool:
    """A read token of the event's club (and of this event, if it names one)."""
    token = reader(request)
    return isinstance(token, ApiToken) and token.allows("read") and token.covers(event)


def require(request: HttpRequest, scope: str, event: Event) -> ApiToken:
    """The request's token, which must allow `scope` for this event: 403 otherwise."""
    token = reader(request)
    if not isinstance(token, ApiToken):
        raise HttpError(401, _("This needs an API token."))
    if not token.allows(scope) or not token.covers(event):
        raise HttpError(403, _("This token may not do this for this event."))
    return token


class TokenRateThrottle(BaseThrottle):
    """Each token has its own allowance, each address without one too (API_RATE_TOKEN,
    API_RATE_ANONYMOUS, read on each request): past it, 429 with Retry-After.

    A counter per window in the cache, added to atomically (one increment per request, on
    Redis as in memory); what the refusal says is kept per thread, since one throttle
    serves every request of a process at once."""

    PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}

    def __init__(self) -> None:
        self.refused = threading.local()

    def allow_request(self, request: HttpRequest) -> bool:
        token = getattr(request, "auth", None)
        if isinstance(token, ApiToken):
            rate, who = settings.API_RATE_TOKEN, f"token:{token.pk}"
        else:
            rate, who = settings.API_RATE_ANONYMOUS, f"address:{client_address(request)}"
        limit, period = self.parse(rate)
        now = time.time()
        window = int(now // period)
        key = f"api-rate:{who}:{period}:{window}"
        cache.add(key, 0, period + 1)
        try:
            count = cache.incr(key)
        except ValueError:  # the window's counter just expired: a new one
            cache.add(key, 1, period + 1)
            count = 1
        self.refused.wait = (window + 1) * period - now
        return count <= limit

    def wait(self) -> float | None:
        return getattr(self.refused, "wait", None)

    @classmethod
    def parse(cls, rate: str) -> tuple[int, int]:
        """ "600/m" → (600, 60)."""
        count, _slash, unit = rate.partition("/")
        return int(count), cls.PERIODS[unit.strip()[:1] or "s"]


# Conditional GET ---------------------------------------------------------------------------


def etag(request: HttpRequest, version: int) -> str:
    """The answer's ETag: the data's version, and what else it depends on (the path and
    query, the reader's language, and whether the reader sees the club's private data)."""
    token = reader(request)
    who = f"token:{token.pk}" if isinstance(token, ApiToken) else "anonymous"
    seen = "|".join((str(version), request.get_full_path(), request.LANGUAGE_CODE, who))
    return '"api-' + hashlib.blake2b(seen.encode(), digest_size=12).hexdigest() + '"'


def unchanged(request: HttpRequest, tag: str) -> HttpResponse | None:
    """304 when the reader already has this version; for a reader without a token, the
    answer another one had made of this version, if it is still kept."""
    wanted = parse_etags(request.headers.get("If-None-Match", ""))
    if tag in wanted or "*" in wanted:
        response = HttpResponseNotModified()
        response["ETag"] = tag
        return response
    if isinstance(reader(request), Anonymous):
        kept = cache.get(_kept_key(tag))
        if kept is not None:
            return versioned(_answer(kept), tag)
    return None


def versioned(response: HttpResponse, tag: str) -> HttpResponse:
    response["ETag"] = tag
    # Readers must ask again each time (the 304 is cheap); private: a token's answer is his.
    patch_cache_control(response, no_cache=True, private=True)
    patch_vary_headers(response, ("Authorization", "Accept-Language"))
    return response


Handler = Callable[..., Any]


# Answers made once for every reader without a token ------------------------------------------
# An anonymous reader's answer depends only on the version, the address and the language
# (its ETag says them all): made once per version, it is kept for the next reader. An
# event-wide read (`coalesced`: the event, a round, the standings) changes with every hand at
# any table, several times a second on a big night: it is made at most once every
# POLL_COALESCE_SECONDS and shared meanwhile, as the event's pages are (web/polling.py).

KEPT_FOR = 300


def coalesced(read: Handler) -> Handler:
    """An event-wide read: for a reader without a token, the answer made for this address
    less than POLL_COALESCE_SECONDS ago (a 304 when he has it), with no query at all."""

    @wraps(read)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        window = settings.POLL_COALESCE_SECONDS
        if window > 0 and isinstance(reader(request), Anonymous):
            recent = cache.get(_recent_key(request))
            if recent is not None and time.time() - recent[0] < window:
                _made, tag, kept = recent
                return unchanged(request, tag) or versioned(_answer(kept), tag)
            request.api_recent = True  # type: ignore[attr-defined]
        return read(request, *args, **kwargs)

    return wrapper


def keep_answer(request: HttpRequest, response: HttpResponse) -> None:
    """Keep a versioned answer to a reader without a token (the API's create_response)."""
    tag = response.get("ETag")
    if (
        request.method != "GET"
        or response.status_code != 200
        or not tag
        or not isinstance(reader(request), Anonymous)
    ):
        return
    kept = (response.content, response["Content-Type"])
    cache.set(_kept_key(tag), kept, KEPT_FOR)
    if getattr(request, "api_recent", False):
        window = settings.POLL_COALESCE_SECONDS
        cache.set(_recent_key(request), (time.time(), tag, kept), math.ceil(window) + 1)


def _answer(kept: tuple[bytes, str]) -> HttpResponse:
    content, content_type = kept
    return HttpResponse(content, content_type=content_type)


def _kept_key(tag: str) -> str:
    return "api:" + tag


def _recent_key(request: HttpRequest) -> str:
    seen = "|".join((request.get_full_path(), request.LANGUAGE_CODE))
    return "api-recent:" + hashlib.blake2b(seen.encode(), digest_size=12).hexdigest()
