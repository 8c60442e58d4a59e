"""Site-wide answers to requests no view should see: text that no database stores (a NUL
character), and a database too busy to answer in time, out of reach (a restart) or with its
disk full. Each is a clear page in the visitor's language, never a 500."""

from __future__ import annotations

import errno
import sqlite3
import time
from collections.abc import Callable

import psycopg
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import translation

NUL = "\x00"
RETRY_AFTER_SECONDS = 5
# PostgreSQL: a lock not granted within lock_timeout, a deadlock it broke, a serialisation
# failure, a statement cancelled past statement_timeout (the server was too loaded to
# answer in time). Each is worth trying again, as SQLite's "database is locked" is.
BUSY_SQLSTATES = frozenset({"55P03", "40P01", "40001", "57014"})
# PostgreSQL out of reach for a while: shutting down or restarting (57P01-57P03), too many
# connections (53300), any connection exception (class 08).
UNAVAILABLE_SQLSTATES = frozenset({"57P01", "57P02", "57P03", "53300"})
DISK_FULL_SQLSTATE = "53100"
# What each trouble is called, in the JSON answer that a phone's sender reads too.
BUSY, UNAVAILABLE, DISK_FULL = "busy", "unavailable", "disk_full"
PAGES = {
    BUSY: "errors/busy.html",
    UNAVAILABLE: "errors/unavailable.html",
    DISK_FULL: "errors/disk_full.html",
}


def database_trouble(error: BaseException | None) -> str | None:
    """What the database (or the disk) said, when it is a passing trouble worth "try again"
    rather than something wrong in the site: BUSY (SQLite still locked after its timeout,
    PostgreSQL past its lock timeout), UNAVAILABLE (the connection refused, or lost: a
    restart), DISK_FULL (the database's, or a file being written); None for any other
    error."""
    if isinstance(error, InterfaceError):
        return UNAVAILABLE  # used after the server closed it
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
        return DISK_FULL  # a PDF being stored
    if not isinstance(error, OperationalError):
        return None
    cause = error.__cause__
    code = getattr(cause, "sqlite_errorcode", None)
    if code is not None:
        # The primary code, whatever the extended one (SQLITE_LOCKED_SHAREDCACHE...).
        primary = code & 0xFF
        if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            return BUSY
        return DISK_FULL if primary == sqlite3.SQLITE_FULL else None
    sqlstate = getattr(cause, "sqlstate", None)
    if sqlstate in BUSY_SQLSTATES:
        return BUSY
    if sqlstate == DISK_FULL_SQLSTATE:
        return DISK_FULL
    if sqlstate in UNAVAILABLE_SQLSTATES or (sqlstate or "").startswith("08"):
        return UNAVAILABLE
    # psycopg gives no SQLSTATE when it could not reach the server or lost it.
    return UNAVAILABLE if isinstance(cause, psycopg.OperationalError) and not sqlstate else None


def on_a_laptop() -> bool:
    """Whether the site runs on the venue's laptop (`make serve`: SQLite), whose disk the
    organiser can free himself, rather than on a hosted server."""
    return connection.vendor == "sqlite"


def trouble_page(request: HttpRequest, trouble: str) -> HttpResponse:
    """503 "try again" in the reader's language: rendered without the database, which is what
    failed. The page's own sender (a phone sending a kept hand) gets what happened as JSON."""
    if request.headers.get("Accept", "").startswith("application/json"):
        response: HttpResponse = JsonResponse({"problem": trouble}, status=503)
    else:
        language = translation.get_language_from_request(request)
        with translation.override(language):
            context = {"laptop": on_a_laptop()}
            response = HttpResponse(render_to_string(PAGES[trouble], context), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseBusyMiddleware:
    """A view that found the database busy past its timeout, out of reach or its disk full
    answers 503, "try again"; its transaction was rolled back, so nothing was saved. (Such
    errors raised by other middleware reach ramiscore.views.server_error, which gives the
    same page.)"""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        trouble = database_trouble(exception)
        return trouble_page(request, trouble) if trouble else None


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


class RequestCpuMiddleware:
    """The load benchmark's probe (REQUEST_CPU_HEADER=1, never on a club's site): each answer
    says in X-Request-CPU-Ms how much CPU its thread spent on it, from the first middleware
    to the response (a streamed body's bytes are not counted), so that bench/load reports
    the cost of each kind of request as the server measured it, whatever the machine's load.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.thread_time()
        response = self.get_response(request)
        spent = (time.thread_time() - started) * 1000
        response["X-Request-CPU-Ms"] = f"{spent:.2f}"
        return response
