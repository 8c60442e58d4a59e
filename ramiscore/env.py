"""Pure helpers that read settings from the environment; no Django settings access."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})

# How long a write waits for another one to finish before the page says "busy, try again".
LOCK_WAIT_SECONDS = 20
# How long one PostgreSQL statement may run (DATABASE_STATEMENT_TIMEOUT; 0: no limit). The
# site's take milliseconds; one running for longer would hold a server thread for nothing.
STATEMENT_SECONDS = 30

# Django's deploy check (security.W009) asks for at least 50 characters.
MIN_SECRET_KEY_LENGTH = 50


def env_bool(environ: Mapping[str, str], name: str, *, default: bool) -> bool:
    """Read a yes/no variable; unset or empty means `default`, anything unclear is an error."""
    raw = environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in TRUE_WORDS:
        return True
    if raw in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={environ[name]!r} is not a yes/no value: use one of 1, 0, true, false."
    )


def env_int(environ: Mapping[str, str], name: str, *, default: int) -> int:
    """Read a whole number; unset or empty means `default`."""
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None


def env_list(environ: Mapping[str, str], name: str) -> list[str]:
    """Read a comma-separated list, dropping blanks: "a, b,," gives ["a", "b"]."""
    return [item.strip() for item in environ.get(name, "").split(",") if item.strip()]


POSTGRESQL_BACKEND = "ramiscore.postgresql"


def database_config(
    url: str, *, conn_max_age: int = 60, statement_timeout: int = STATEMENT_SECONDS
) -> dict[str, Any]:
    """Turn a database URL (sqlite:///path, postgres://user:pw@host/db) into a DATABASES entry;
    PostgreSQL's statements end after `statement_timeout` seconds (0: never)."""
    config = dict(dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True))
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # Two phones entering the same hand: IMMEDIATE transactions take the write lock at
        # BEGIN, so the second waits for the first (up to `timeout` s) instead of failing
        # with "database is locked" halfway through.
        config["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": LOCK_WAIT_SECONDS}
    elif config["ENGINE"] == "django.db.backends.postgresql":
        # Django's, with connections health-checked only after a rest (ramiscore/postgresql).
        config["ENGINE"] = POSTGRESQL_BACKEND
        # The same patience on PostgreSQL, which would otherwise wait for a lock forever, and
        # a bound on any statement: past either the page says "busy, try again"
        # (ramiscore.middleware) instead of holding a server thread.
        options = f"-c lock_timeout={LOCK_WAIT_SECONDS * 1000}"
        if statement_timeout > 0:
            options += f" -c statement_timeout={statement_timeout * 1000}"
        config["OPTIONS"] = {"options": options}
    return config


# Entries the local-memory cache keeps per process: pages rendered once per version (a
# 500-table event's cards and table fragments in two languages) fit with room to spare.
LOCAL_CACHE_ENTRIES = 10_000
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")
REDIS_BACKEND = "ramiscore.cache.ForgivingRedisCache"
# Seconds to connect to Redis and to get its answer (it answers in well under a millisecond):
# an unreachable host must not hold every request.
REDIS_TIMEOUTS = {"socket_connect_timeout": 0.5, "socket_timeout": 1.0}


def session_engine(cache: dict[str, Any]) -> str:
    """Sessions in the database, read through the cache when every process shares it
    (Redis: ramiscore/sessions.py); with each process's own memory, a logout in one would
    leave the session cached in the others."""
    if cache["BACKEND"] == REDIS_BACKEND:
        return "ramiscore.sessions"
    return "django.contrib.sessions.backends.db"


def cache_config(url: str) -> dict[str, Any]:
    """Turn CACHE_URL into a CACHES entry: Redis (redis://host:6379/0, rediss://, unix://)
    with Django's own backend (ramiscore.cache: an outage is a miss, not a 500), shared by
    every process and host; empty: each process's own memory."""
    url = url.strip()
    if not url:
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": LOCAL_CACHE_ENTRIES},
        }
    if url.startswith(REDIS_SCHEMES):
        # Django's Redis backend, answering as an empty cache while Redis is out of reach.
        return {"BACKEND": REDIS_BACKEND, "LOCATION": url, "OPTIONS": dict(REDIS_TIMEOUTS)}
    raise ImproperlyConfigured(
        f"CACHE_URL={url!r} is not a Redis address: use redis://host:6379/0, or leave it "
        "empty for each process's own memory."
    )


def production_problems(environ: Mapping[str, str]) -> list[str]:
    """List what keeps `environ` from being a safe production configuration (empty if none)."""
    problems = []
    secret_key = environ.get("SECRET_KEY", "")
    if not secret_key:
        problems.append("SECRET_KEY is not set")
    elif len(secret_key) < MIN_SECRET_KEY_LENGTH:
        problems.append(f"SECRET_KEY is shorter than {MIN_SECRET_KEY_LENGTH} characters")
    if not env_list(environ, "ALLOWED_HOSTS"):
        problems.append("ALLOWED_HOSTS is not set")
    return problems
