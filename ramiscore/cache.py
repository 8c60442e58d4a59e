"""Django's Redis cache, which a Redis out of reach does not bring down.

Nothing in the cache needs keeping (pages rendered once per version of their data): when Redis
is stopped or restarting, each call answers as an empty cache would (a miss, nothing kept) and
the pages are rendered afresh, as without CACHE_URL, instead of answering 500. The connection
gives up quickly (ramiscore.env.REDIS_TIMEOUTS), so that an unreachable host does not hold
every request.

Sessions read through it (ramiscore/sessions.py) are kept in the database too: a miss reads
them there. A delete that did not reach Redis (a logout while it was out of reach) leaves
the session's copy there for what is left of its 5 minutes.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

WARN_EVERY = 60.0  # seconds: one line in the log per process, not one per poll
OUT_OF_REACH = (RedisConnectionError, RedisTimeoutError)


def _as_if_empty(answer: Callable[..., Any]):
    """The method, answering `answer(*args)` when Redis cannot be reached."""

    def decorate(method):
        @functools.wraps(method)
        def forgiving(self, *args, **kwargs):
            try:
                return method(self, *args, **kwargs)
            except OUT_OF_REACH as error:
                self.out_of_reach(error)
                return answer(*args)

        return forgiving

    return decorate


def _missing(key, *args, **kwargs):
    raise ValueError(f"Key {key!r} not found: the cache is out of reach")


class ForgivingRedisCache(RedisCache):
    """RedisCache answering as an empty cache while Redis is out of reach."""

    warned_at = -WARN_EVERY

    def out_of_reach(self, error: Exception) -> None:
        now = time.monotonic()
        if now - ForgivingRedisCache.warned_at >= WARN_EVERY:
            ForgivingRedisCache.warned_at = now
            logger.warning("Redis is out of reach, pages are rendered without the cache: %s", error)

    get = _as_if_empty(lambda key, default=None, *rest: default)(RedisCache.get)
    get_many = _as_if_empty(lambda *args: {})(RedisCache.get_many)
    has_key = _as_if_empty(lambda *args: False)(RedisCache.has_key)
    add = _as_if_empty(lambda *args: False)(RedisCache.add)
    set = _as_if_empty(lambda *args: None)(RedisCache.set)
    set_many = _as_if_empty(lambda data, *rest: list(data))(RedisCache.set_many)
    touch = _as_if_empty(lambda *args: False)(RedisCache.touch)
    delete = _as_if_empty(lambda *args: False)(RedisCache.delete)
    delete_many = _as_if_empty(lambda *args: None)(RedisCache.delete_many)
    incr = _as_if_empty(_missing)(RedisCache.incr)
    clear = _as_if_empty(lambda *args: None)(RedisCache.clear)
