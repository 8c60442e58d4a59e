"""Sessions kept in the database and read through the shared cache (Redis), when there is
one: an organiser's request then costs no query for his session (issue 25: a hand entered
is the busiest write of a night, 15 statements with its transaction).

Django's `cached_db` store, with each session kept in the cache a few minutes only rather
than its whole life. The database stays the truth: a session missing from the cache (Redis
restarted, out of reach, or the minutes over) is read there and cached again. The minutes
bound what a cache can get wrong: a logout made while Redis was out of reach deletes the
session from the database but cannot delete its cached copy, which would otherwise let the
session in again once Redis is back, for its remaining two weeks.

Only with a cache that every process shares (settings: CACHE_URL): with each process's own
memory, a logout in one would leave the session cached in the others.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import cached_db

# Seconds a session is kept in the cache after it was last read from the database or saved.
KEPT_FOR = 300


class SessionStore(cached_db.SessionStore):
    _cache: Any  # Django's: the cache the sessions are read through

    def __init__(self, session_key: str | None = None) -> None:
        super().__init__(session_key)
        self._cache = _Briefly(self._cache)


class _Briefly:
    """The cache, keeping what is set in it at most KEPT_FOR seconds."""

    def __init__(self, cache: Any) -> None:
        self._cache = cache

    def set(self, key: str, value: Any, timeout: float | None = None) -> None:
        self._cache.set(key, value, _briefly(timeout))

    async def aset(self, key: str, value: Any, timeout: float | None = None) -> None:
        await self._cache.aset(key, value, _briefly(timeout))

    def __contains__(self, key: str) -> bool:
        return key in self._cache

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cache, name)


def _briefly(timeout: float | None) -> float:
    # None: the cache's own default, which may be longer; 0: expired already (kept so).
    return KEPT_FOR if timeout is None else min(timeout, KEPT_FOR)
