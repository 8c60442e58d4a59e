"""`/health/`: whether this app host can serve, for `make serve`, a process supervisor or a
load balancer. 200 when the database answers, every migration is applied and the disk has
room to save, 503 otherwise, with the state of each as JSON.

A middleware placed first answers it, before the host check, the HTTPS redirect, sessions
and login: a load balancer probes each host by its IP address over plain HTTP. One query.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from functools import cache
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.migrations.loader import MigrationLoader
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import add_never_cache_headers

HEALTH_PATH = "/health/"
# Below this much free space a write may fail at any moment (a hand, a PDF): "full".
DISK_FULL_BELOW = 64 * 1024 * 1024
MB = 1024 * 1024


class HealthCheckMiddleware:
    """Answers GET and HEAD /health/ itself; every other request goes on down the stack."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == HEALTH_PATH and request.method in ("GET", "HEAD"):
            return health(request)
        return self.get_response(request)


def health(request: HttpRequest) -> JsonResponse:
    """The database's, the migrations' and the disk's state: 200 when all are fine, else 503."""
    database, migrations = database_state()
    disk = disk_state()
    ok = database == migrations == disk == "ok"
    state = {"database": database, "migrations": migrations, "disk": disk}
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


def disk_state() -> str:
    """ "ok", or "full: 5 MB free" when the disk that this host writes to (the PDFs' folder,
    and an SQLite database's) has almost no room left."""
    folders = [Path(settings.MEDIA_ROOT)]
    if connection.vendor == "sqlite":
        folders.append(Path(connection.settings_dict["NAME"]).parent)
    free = min(free_bytes(folder) for folder in folders)
    return "ok" if free >= DISK_FULL_BELOW else f"full: {free // MB} MB free"


def free_bytes(folder: Path) -> int:
    """The room left on the disk of `folder` (or of its nearest existing parent)."""
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return shutil.disk_usage(folder).free


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
