"""Public pages that phones poll: "nothing changed" (304) for one indexed query, before
sessions, templates or tie-breaks.

A view declares what its page shows with `@polled(version, by="event_id")`: `version`
called with that URL argument is the version of its data (`play/selectors/versions.py`; None when
there is no such page, left to the view's 404). The page's ETag is that version with what
else the page depends on: its language, page or htmx fragment, query string (sorting,
paging), and who looks: a keyed hash of the session cookie, as an organiser sees his own
links on public pages and nobody else does. Nothing in it reads the session or the user.

`PollMiddleware`, placed before the sessions, answers a request whose If-None-Match holds
that ETag at once; an anonymous htmx fragment already rendered for that ETag (by another
phone: four phones follow each table) comes from the cache. Otherwise the view renders,
and `polled` stamps the response with the ETag taken before the page read its data: a
change made meanwhile makes the next poll fetch the page again, never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.urls import Resolver404, resolve
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.crypto import salted_hmac
from django.utils.http import parse_etags
from django.utils.translation import get_language_from_request
from django.views.decorators.http import require_safe
from django_htmx.middleware import HtmxDetails

Version = Callable[[int], int | None]


# What else than the data a public page depends on (see etag()).
class HtmxRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (`request.htmx`): for the type checker,
    which knows Django's HttpRequest only."""

    htmx: HtmxDetails


VARY = ("HX-Request", "Cookie", "Accept-Language")
# A fragment rendered for one version is the same for every anonymous phone that asks: kept
# this long under its ETag (a new version has a new ETag, so it is never stale).
SHARED_FOR = 300


def polled(version: Version, *, by: str, fragments_only: bool = False) -> Callable:
    """Mark a public view as polled, and read-only (GET and HEAD): ETag on its pages, 304
    while the version of its data (`version` of the URL argument `by`) holds, and its htmx
    fragment rendered once per version for every anonymous phone. `fragments_only`: the page
    itself is always rendered afresh (it carries the time, say), only its htmx fragment is
    versioned."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if hasattr(request, "poll_etag"):
                tag = request.poll_etag  # PollMiddleware read the version already
            else:
                tag = etag(request, version, by, kwargs, fragments_only)
                if tag is not None and _matches(request, tag):
                    return not_modified(tag)
            response = view(request, *args, **kwargs)
            if tag is not None and response.status_code == 200:
                response["ETag"] = tag
                _revalidate(response)
                if _shared(request) and _same_for_everyone(request, response):
                    cache.set(_key(tag), (response.content, response["Content-Type"]), SHARED_FOR)
            return response

        # A mark on the function, which the middleware reads back with getattr.
        wrapper.poll_version = (version, by, fragments_only)  # type: ignore[attr-defined]
        # A polled page is only read: GET and HEAD, a 405 otherwise (wraps keeps the mark).
        return require_safe(wrapper)

    return decorator


class PollMiddleware:
    """Answers a GET of a `polled` page from its version: 304 when the phone has it, the
    fragment rendered for another phone when there is one; else on down the stack."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in ("GET", "HEAD"):
            answer = self._answer(request)
            if answer is not None:
                return answer
        return self.get_response(request)

    def _answer(self, request: HttpRequest) -> HttpResponse | None:
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
        polled_by = getattr(match.func, "poll_version", None)
        if polled_by is None:
            return None
        version, by, fragments_only = polled_by
        request.get_host()  # the allowed hosts are checked here too (400 otherwise)
        tag = etag(request, version, by, match.kwargs, fragments_only)
        # The view, if it renders, sends this one (it asks with hasattr).
        request.poll_etag = tag  # type: ignore[attr-defined]
        if tag is None:
            return None
        if _matches(request, tag):
            return not_modified(tag)
        if _shared(request):
            found = cache.get(_key(tag))
            if found is not None:
                content, content_type = found
                response = HttpResponse(content, content_type=content_type)
                response["ETag"] = tag
                return _revalidate(response)
        return None


def etag(
    request: HttpRequest, version: Version, by: str, kwargs: dict, fragments_only: bool = False
) -> str | None:
    """The page's ETag; None when its data does not exist (the view answers 404), or for a
    whole page that is not versioned (`fragments_only`)."""
    if fragments_only and request.headers.get("HX-Request") != "true":
        return None
    found = version(kwargs[by])
    if found is None:
        return None
    ids = "-".join(str(value) for value in kwargs.values())
    language = get_language_from_request(request)
    part = "f" if request.headers.get("HX-Request") == "true" else "p"
    query = request.META.get("QUERY_STRING", "")
    cookie = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    viewer = _keyed(cookie) if cookie else "-"
    extra = _keyed(query) if query else "-"
    return f'"{ids}.{found}.{language}.{part}.{viewer}.{extra}"'


def not_modified(tag: str) -> HttpResponse:
    response = HttpResponseNotModified()
    response["ETag"] = tag
    return _revalidate(response)


def _matches(request: HttpRequest, tag: str) -> bool:
    # A message waiting in its cookie must be shown: render the page.
    if "messages" in request.COOKIES:
        return False
    return tag in parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))


def _shared(request: HttpRequest) -> bool:
    """An htmx fragment asked without a session: the same for every phone that asks."""
    return (
        request.headers.get("HX-Request") == "true"
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


def _same_for_everyone(request: HttpRequest, response: HttpResponse) -> bool:
    """Whether this rendering holds nothing of the visitor's own: no CSRF token in it (it
    would be his), no session or cookie started for him."""
    session = getattr(request, "session", None)
    return not (
        response.streaming
        or response.cookies
        or request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        or (session is not None and session.modified)
    )


def _key(tag: str) -> str:
    return "polled:" + tag


def _keyed(value: str) -> str:
    """A short keyed hash: the ETag says "same viewer" without carrying his cookie."""
    return salted_hmac("ramiscore.polling", value).hexdigest()[:16]


def _revalidate(response: HttpResponse) -> HttpResponse:
    # Browsers may keep the page but must ask each time; a 304 costs them nothing.
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, VARY)
    return response
