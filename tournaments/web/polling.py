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

What costs more than a normal page to make, whatever a visitor asks, is made once per
version for every visitor without a session (issue 26): a download that reads nothing of
the request but its URL and language (`everyone=True`: the query string is no part of it),
and a whole page's live part, which its view takes from the fragment the phones share
(`shared_fragment`), the page around it (each visitor's own form tokens) being cheap.

An event-wide page (`coalesce=True`: the event's tables, its standings, the room's screen)
changes with every hand at any of its tables: at a night of 500 tables, several times a
second, so that no two phones ever ask for the same version and each poll would render it
afresh. Its fragment for phones without a session is made at most once every
POLL_COALESCE_SECONDS (2): a phone asking meanwhile gets the one just made, for no query at
all, at most that many seconds old on a page it polls every 10 (issue 25). A phone that
already holds a newer version than the one kept is never sent the older one.
"""

from __future__ import annotations

import gzip
import math
import re
import time
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.urls import Resolver404, get_script_prefix, resolve
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.crypto import salted_hmac
from django.utils.http import parse_etags
from django.utils.translation import get_language_from_request
from django.views.decorators.http import require_safe
from django_htmx.middleware import HtmxDetails

# The version of a page's data by its URL argument: an id, or a table link's token.
Version = Callable[[int], int | None] | Callable[[str], int | None]


# What else than the data a public page depends on (see etag()).
class HtmxRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (`request.htmx`): for the type checker,
    which knows Django's HttpRequest only."""

    htmx: HtmxDetails


VARY = ("HX-Request", "Cookie", "Accept-Language", "Accept-Encoding")
# A fragment rendered for one version is the same for every anonymous phone that asks: kept
# this long under its ETag (a new version has a new ETag, so it is never stale).
SHARED_FOR = 300


def polled(
    version: Version,
    *,
    by: str,
    fragments_only: bool = False,
    everyone: bool = False,
    coalesce: bool = False,
) -> Callable:
    """Mark a public view as polled, and read-only (GET and HEAD): ETag on its pages, 304
    while the version of its data (`version` of the URL argument `by`) holds, and its htmx
    fragment rendered once per version for every anonymous phone. `fragments_only`: the page
    itself is always rendered afresh (it carries the time, say), only its htmx fragment is
    versioned. `everyone`: the whole response (a download) is the same for every visitor
    without a session, whatever its query string: made once per version for all of them.
    `coalesce`: an event-wide page, its anonymous fragment made at most once every
    POLL_COALESCE_SECONDS (see above)."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if hasattr(request, "poll_etag"):
                tag = request.poll_etag  # PollMiddleware read the version already
            else:
                tag = etag(request, version, by, kwargs, fragments_only, everyone)
                if tag is not None and (held := _held(request, tag)):
                    return not_modified(held)
            response = view(request, *args, **kwargs)
            if hasattr(response, "poll_shows") and response.status_code == 200:
                tag = _at_version(tag, response.poll_shows) if tag else None  # see showing()
                if tag is None:
                    return _revalidate(response)  # no version to promise: asked again, not kept
            if tag is not None and response.status_code == 200:
                response["ETag"] = tag
                _revalidate(response)
                if _shared(request, everyone) and _same_for_everyone(request, response):
                    kept = _kept(response)
                    cache.set(_key(tag), kept, SHARED_FOR)
                    if coalesce:
                        keep_recent(request, kept, tag)
                    _send_compressed(request, response, kept, tag)
            return response

        # A mark on the function, which the middleware reads back with getattr.
        wrapper.poll_version = (version, by, fragments_only, everyone)  # type: ignore[attr-defined]
        wrapper.poll_coalesced = coalesce  # type: ignore[attr-defined]
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
        version, by, fragments_only, everyone = polled_by
        request.get_host()  # the allowed hosts are checked here too (400 otherwise)
        if getattr(match.func, "poll_coalesced", False) and _shared(request, everyone):
            answer = recent_answer(request)
            if answer is not None:
                return answer
        tag = etag(request, version, by, match.kwargs, fragments_only, everyone)
        # The view, if it renders, sends this one (it asks with hasattr).
        request.poll_etag = tag  # type: ignore[attr-defined]
        if tag is None:
            return None
        if held := _held(request, tag):
            return not_modified(held)
        if _shared(request, everyone):
            found = cache.get(_key(tag))
            if found is not None:
                return _from_kept(request, found, tag)
        return None


def etag(
    request: HttpRequest,
    version: Version,
    by: str,
    kwargs: dict,
    fragments_only: bool = False,
    everyone: bool = False,
) -> str | None:
    """The page's ETag; None when its data does not exist (the view answers 404), or for a
    whole page that is not versioned (`fragments_only`). A response the same for `everyone`
    leaves the query string out."""
    if fragments_only and request.headers.get("HX-Request") != "true":
        return None
    found = version(kwargs[by])
    if found is None:
        return None
    # Read once: a page's shared fragment is of this version (shared_fragment reads it back).
    request.poll_found = found  # type: ignore[attr-defined]
    part = "f" if request.headers.get("HX-Request") == "true" else "p"
    query = request.META.get("QUERY_STRING", "") if not everyone else ""
    return _tag(request, kwargs, found, part, query)


def etag_at(request: HttpRequest, path: str, found: int) -> str:
    """The ETag a plain GET of the polled page at `path` (no query string) answers this
    visitor at version `found`: what a page that fetches it (the entry page's live part,
    static/js/table.js) asks with first. A page read at `found` then costs its first poll a
    304, not the part it already shows made again. `found` must be the version read before
    the page's data, as `polled` takes it: never one the page may not show yet."""
    prefix = get_script_prefix()  # reverse() puts it in front; resolve() reads without it
    return _tag(request, resolve("/" + path.removeprefix(prefix)).kwargs, found, "p", "")


def _tag(request: HttpRequest, kwargs: dict, found: int, part: str, query: str) -> str:
    ids = "-".join(str(value) for value in kwargs.values())
    language = get_language_from_request(request)
    cookie = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    viewer = _keyed(cookie) if cookie else "-"
    extra = _keyed(query) if query else "-"
    return f'"{ids}.{found}.{language}.{part}.{viewer}.{extra}"'


def showing(response: HttpResponse, version: int | None) -> HttpResponse:
    """Say that this page shows its data as of `version`, older than the version its
    request read (an event-wide page made from the standings worked out a moment ago:
    standings/selectors.py's `recent_standings`): its ETag says that version, so that the
    phone's next poll has it made again rather than keep it behind a 304. None: no one
    version says what it shows (newer tables, older standings): no ETag at all."""
    response.poll_shows = version  # type: ignore[attr-defined]
    return response


def _at_version(tag: str, version: int | None) -> str | None:
    if version is None:
        return None
    ids, _found, rest = tag.strip('"').split(".", 2)
    return f'"{ids}.{version}.{rest}"'


def not_modified(tag: str) -> HttpResponse:
    response = HttpResponseNotModified()
    response["ETag"] = tag
    return _revalidate(response)


def _held(request: HttpRequest, tag: str) -> str | None:
    """The form of `tag` the visitor says he holds (If-None-Match): the tag itself, or its
    weak form, which the same data sent compressed carries (_tagged); None if neither."""
    # A message waiting in its cookie must be shown: render the page.
    if "messages" in request.COOKIES:
        return None
    held = parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))
    return next((form for form in (tag, "W/" + tag) if form in held), None)


def without_session(request: HttpRequest) -> bool:
    """A visitor without a session (a phone, a passer-by): what he is shown is the same for
    every such visitor, and may be shared between them."""
    return _shared(request, everyone=True)


def _shared(request: HttpRequest, everyone: bool = False) -> bool:
    """An htmx fragment (or what is the same for `everyone`) asked without a session: the
    same for every phone that asks."""
    return (
        (everyone or request.headers.get("HX-Request") == "true")
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


def shared_fragment(
    request: HttpRequest, view: Callable, kwargs: dict, render: Callable[[], HttpResponse]
) -> bytes:
    """The htmx fragment of the polled `view` (at `kwargs`) as every phone without a session
    gets it, for a whole page to hold: from the cache when a phone or a visitor had it made
    for this version, else made by `render` now (and kept, for them, when this visitor has
    no session either). A page around it costs what its own heading costs."""
    # polled()'s mark on the function.
    version, by, _fragments_only, _everyone = view.poll_version  # type: ignore[attr-defined]
    tag = None
    if _shared(request, everyone=True):
        found = getattr(request, "poll_found", None) or version(kwargs[by])
        if found is not None:
            # What an htmx request of the page has as ETag from a phone without a session.
            tag = _tag(request, kwargs, found, "f", "")
            kept = cache.get(_key(tag))
            if kept is not None:
                return _content(kept)
    response = render()
    if tag is not None and _same_for_everyone(request, response):
        cache.set(_key(tag), _kept(response), SHARED_FOR)
    return response.content


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


# Shared answers are kept gzip-compressed, compressed once per version rather than per
# request: a 500-table event's live part is some 700 KB of HTML (90 KB compressed), asked
# for by one phone in ten every 10 s. Only what holds nothing of a visitor's own is shared
# (_same_for_everyone): no secret a compressed length could give away (BREACH).
COMPRESSED_TYPES = ("text/", "application/json", "application/javascript")
COMPRESS_FROM = 1024  # bytes: below, gzip's header and the work are not worth it
# zlib's level 6 (its default): some 8 times smaller for this HTML, at a third of level 9's
# CPU; a version is compressed once for every phone that asks.
COMPRESS_LEVEL = 6
ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def _kept(response: HttpResponse) -> tuple[bytes, str, str | None, bool]:
    """What the cache keeps of a response: its content (gzip-compressed when it is text of
    some size), the headers that say what it is, and whether it is compressed."""
    content, content_type = response.content, response["Content-Type"]
    compress = len(content) >= COMPRESS_FROM and content_type.startswith(COMPRESSED_TYPES)
    if compress:
        content = gzip.compress(content, compresslevel=COMPRESS_LEVEL, mtime=0)
    return content, content_type, response.get("Content-Disposition"), compress


def _content(kept: tuple) -> bytes:
    """The kept response's content as it was made."""
    content, _content_type, _disposition, compressed = kept
    return gzip.decompress(content) if compressed else content


def _from_kept(request: HttpRequest, kept: tuple, tag: str) -> HttpResponse:
    """The kept response for this visitor, with its ETag: compressed when his browser takes
    gzip (every browser does), made plain again otherwise."""
    content, content_type, disposition, compressed = kept
    compressed = compressed and _accepts_gzip(request)
    response = HttpResponse(content if compressed else _content(kept), content_type=content_type)
    if disposition:
        response["Content-Disposition"] = disposition
    response["Content-Length"] = str(len(response.content))  # not chunked: its size is known
    _tagged(response, tag, compressed)
    return _revalidate(response)


def _send_compressed(request: HttpRequest, response: HttpResponse, kept: tuple, tag: str) -> None:
    """The response just made and kept goes to its visitor as the others will get it:
    compressed, when it was and his browser takes gzip."""
    if kept[3] and _accepts_gzip(request):
        response.content = kept[0]
        _tagged(response, tag, compressed=True)


def _tagged(response: HttpResponse, tag: str, compressed: bool) -> None:
    # Compressed, the same data is other bytes: its tag is the weak form (RFC 9110 8.8.1, as
    # Django's GZipMiddleware does), which _held takes for the data's own.
    response["ETag"] = "W/" + tag if compressed else tag
    if compressed:
        response["Content-Encoding"] = "gzip"


def _accepts_gzip(request: HttpRequest) -> bool:
    # As Django's GZipMiddleware reads it: "gzip;q=0" is not told apart (no browser sends it).
    return bool(ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))


def _key(tag: str) -> str:
    # "-gz": kept as _kept keeps them since December 2026. Code from before reads its own
    # names only, and never takes these compressed bytes for the page (a rolling deploy).
    return "polled-gz:" + tag


# Event-wide pages: the anonymous answer made in the last few seconds ------------------------


def recent_answer(request: HttpRequest) -> HttpResponse | None:
    """The answer made for this address (path, query, language, page or fragment) less than
    POLL_COALESCE_SECONDS ago, for a visitor without a session: a 304 when he has it, else
    its content; None when there is none, or when he already holds a newer version (he must
    never go back in time: each process may keep its own)."""
    window = settings.POLL_COALESCE_SECONDS
    if window <= 0:
        return None
    kept = cache.get(_recent_key(request))
    if kept is None:
        return None
    made, tag, answer = kept
    if time.time() - made >= window:
        return None
    tags = parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))
    if any(_version_in(each) > _version_in(tag) for each in tags):
        return None
    if held := _held(request, tag):
        return not_modified(held)
    return _from_kept(request, answer, tag)


def keep_recent(request: HttpRequest, kept: tuple, tag: str) -> None:
    """Keep this answer (as _kept keeps it) for the next POLL_COALESCE_SECONDS
    (recent_answer)."""
    window = settings.POLL_COALESCE_SECONDS
    if window > 0:
        cache.set(_recent_key(request), (time.time(), tag, kept), math.ceil(window) + 1)


def _recent_key(request: HttpRequest) -> str:
    part = "f" if request.headers.get("HX-Request") == "true" else "p"
    language = get_language_from_request(request)
    query = request.META.get("QUERY_STRING", "")
    return f"recent-gz:{language}:{part}:{request.path}?{_keyed(query) if query else ''}"


def held_version(request: HttpRequest) -> int:
    """The newest version of its data a phone says it holds (its If-None-Match), 0 when
    none: a page made from data kept a moment must not be older (standings/selectors.py's
    `recent_standings`)."""
    return max(
        (_version_in(each) for each in parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))),
        default=0,
    )


def _version_in(tag: str) -> int:
    """The data's version an ETag of these pages carries ("ids.version.language..."), for
    an ETag of another form (an API's, a browser's own) 0: older than any."""
    parts = tag.removeprefix("W/").strip('"').split(".")
    return int(parts[1]) if len(parts) > 2 and parts[1].isdigit() else 0


def _keyed(value: str) -> str:
    """A short keyed hash: the ETag says "same viewer" without carrying his cookie."""
    return salted_hmac("ramiscore.polling", value).hexdigest()[:16]


def _revalidate(response: HttpResponse) -> HttpResponse:
    # Browsers may keep the page but must ask each time; a 304 costs them nothing.
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, VARY)
    return response
