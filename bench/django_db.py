"""A throwaway database for the benchmarks that need Django: never the developer's own.

`setup()` points Django at a fresh database, runs the migrations once, and returns; the
database goes when the process ends. Which database:
- BENCH_DATABASE_URL, as it is (a database made for the purpose, kept afterwards);
- else, when DATABASE_URL names PostgreSQL, a new database on that server named after it
  (`ramiscore_bench_<pid>` for `.../ramiscore`), dropped at exit: `make bench` on
  PostgreSQL, the figures the issues quote;
- else a SQLite file in a temporary folder.
Every benchmark module calls it; the first call does the work. `throwaway_url()` alone
makes the database without setting Django up (the load test hands it to gunicorn).
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
POSTGRES_SCHEMES = ("postgres", "postgresql", "pgsql")
_ready = False


def setup() -> str:
    """Django set up on a throwaway database, migrated; its URL."""
    global _ready
    if _ready:
        return os.environ["DATABASE_URL"]
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = throwaway_url()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ramiscore.settings")
    os.environ.setdefault("DEBUG", "1")

    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    _ready = True
    return os.environ["DATABASE_URL"]


def allow_test_client() -> None:
    """Let django.test.Client talk to the site ("testserver") without the test runner's
    template instrumentation, which would add its own cost to every page measured."""
    from django.conf import settings

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]


def settle() -> None:
    """After building a benchmark's data: what building left in this process is collected,
    and the rest moved out of the garbage collector's sight. A server's process never holds
    it, and its full collections during the timed requests cost tens of milliseconds a page
    (the standings of 2,000 players: 194 ms against 122 ms in a fresh process)."""
    gc.collect()
    gc.freeze()


def is_postgres(url: str | None = None) -> bool:
    url = url if url is not None else os.environ.get("DATABASE_URL", "")
    return urlsplit(url).scheme in POSTGRES_SCHEMES


def throwaway_url() -> str:
    """A new empty database, removed when this process ends (unless BENCH_DATABASE_URL)."""
    if os.environ.get("BENCH_DATABASE_URL"):
        return os.environ["BENCH_DATABASE_URL"]
    if is_postgres():
        return _throwaway_postgres(os.environ["DATABASE_URL"])
    folder = tempfile.mkdtemp(prefix="ramiscore-bench-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return f"sqlite:///{folder}/bench.sqlite3"


def _throwaway_postgres(url: str) -> str:
    import psycopg

    parts = urlsplit(url)
    base = parts.path.lstrip("/") or "ramiscore"
    name = f"{base}_bench_{os.getpid()}"
    # The server's own maintenance database: the named one may not exist yet.
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')
    atexit.register(_drop_postgres, admin, name)
    return urlunsplit(parts._replace(path=f"/{name}"))


def _drop_postgres(admin: str, name: str) -> None:
    import psycopg

    conf = sys.modules.get("django.conf")  # no import at exit: only if Django is running
    if conf is not None and conf.settings.configured:
        from django.db import connections

        connections.close_all()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
