"""`/health/`: whether this app host can serve, for `make serve`, a process supervisor or a
load balancer. 200 when the database answers and every migration is applied, 503 otherwise,
with the state of each as JSON.

A middleware placed first answers it, before the host check, the HTTPS redirect, sessions
and login: a load balancer probes each host by its IP address over plain HTTP. One query.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.db import DatabaseError, connection
from django.db.migrations.loader import MigrationLoader
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import add_never_cache_headers

HEALTH_PATH = "/health/"


class HealthCheckMiddleware:
    """Answers GET and HEAD /health/ itself; every other request goes on down the stack."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == HEALTH_PATH and request.method in ("GET", "HEAD"):
            return health(request)
        return self.get_response(request)


def health(request: HttpRequest) -> JsonResponse:
    """The database's and the migrations' state: 200 when both are fine, else 503."""
    database, migrations = database_state()
    ok = database == "ok" and migrations == "ok"
    state = {"database": database, "migrations": migrations}
    response = JsonResponse(
        {"status": "ok" if ok else "unavailable", **state}, status=200 if ok else 503
    )
    add_never_cache_headers(response)
    return response


def database_state() -> tuple[str, str]:
    """The database's state ("ok", "unreachable") and its migrations' ("ok", "3 unapplied",
    "unknown")."""
    try:
        connection.ensure_connection()
    except DatabaseError:
        return "unreachable", "unknown"
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT app, name FROM django_migrations")
            applied = set(cursor.fetchall())
    except DatabaseError:
        # No migrations table (a new database), or the connection dropped just now.
        if not _answers():
            return "unreachable", "unknown"
        applied = set()
    unapplied = len(known_migrations() - applied)
    return "ok", "ok" if not unapplied else f"{unapplied} unapplied"


@cache
def known_migrations() -> frozenset[tuple[str, str]]:
    """Every migration of the code, read from disk once per process: they change only with
    a new release, which restarts the server."""
    return frozenset(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)


def _answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        return False
    return True
