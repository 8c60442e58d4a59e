"""Site-wide answers to requests no view should see: text that no database stores (a NUL
character), and a database too busy to answer in time. Each is a clear page in the visitor's
language, never a 500."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation

NUL = "\x00"
RETRY_AFTER_SECONDS = 5
# PostgreSQL: a lock not granted within lock_timeout, a deadlock it broke, a serialisation
# failure, a statement cancelled past statement_timeout (the server was too loaded to
# answer in time). Each is worth trying again, as SQLite's "database is locked" is.
BUSY_SQLSTATES = frozenset({"55P03", "40P01", "40001", "57014"})


def database_busy(error: BaseException | None) -> bool:
    """Whether `error` is the database saying it is busy rather than that something is wrong:
    SQLite still locked after its timeout, PostgreSQL past its lock timeout."""
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    code = getattr(cause, "sqlite_errorcode", None)
    if code is not None:
        # The primary code, whatever the extended one (SQLITE_LOCKED_SHAREDCACHE...).
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return getattr(cause, "sqlstate", None) in BUSY_SQLSTATES


def busy_page(request: HttpRequest) -> HttpResponse:
    """503 "try again": rendered without the database, which is what is busy."""
    response = HttpResponse(render_to_string("errors/busy.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseBusyMiddleware:
    """A view that found the database busy past its timeout answers 503, "try again"; its
    transaction was rolled back, so nothing was saved. (Busy errors raised by other
    middleware reach ramiscore.views.server_error, which gives the same page.)"""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return busy_page(request) if database_busy(exception) else None


class RefuseNulMiddleware:
    """A NUL character in the address, the query or a form answers 400 before any view runs:
    PostgreSQL can neither store nor compare one, and no name or token holds one.

    Placed before the sessions: a cookie holding one is dropped (a new session starts) rather
    than looked up. The page speaks the visitor's language, read from the request as
    LocaleMiddleware would, since that middleware has not run yet.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        for name in [name for name, value in request.COOKIES.items() if NUL in name + value]:
            del request.COOKIES[name]
        if _holds_nul(request):
            with translation.override(translation.get_language_from_request(request)):
                page = render_to_string("errors/unreadable.html")
            return HttpResponse(page, status=400)
        return self.get_response(request)


def _holds_nul(request: HttpRequest) -> bool:
    if NUL in request.path:
        return True
    # Form fields only: an uploaded file is read, and refused if need be, by its view.
    queries = [request.GET, request.POST] if request.method == "POST" else [request.GET]
    return any(
        NUL in key or any(NUL in value for value in values)
        for query in queries
        for key, values in query.lists()
    )
