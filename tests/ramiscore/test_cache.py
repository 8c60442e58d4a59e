"""The cache: each process's memory by default, Redis when CACHE_URL names it (the CI runs
this file and the polling tests against a real redis-server too)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured

from ramiscore.env import LOCAL_CACHE_ENTRIES, cache_config


def test_no_cache_url_means_each_process_memory() -> None:
    config = cache_config("")
    assert config["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    assert config["OPTIONS"]["MAX_ENTRIES"] == LOCAL_CACHE_ENTRIES


@pytest.mark.parametrize(
    "url", ["redis://127.0.0.1:6379/0", "rediss://cache.example.org:6380/1", "unix:///run/r.sock"]
)
def test_a_redis_cache_url_uses_djangos_redis_backend(url: str) -> None:
    config = cache_config(f" {url} ")
    assert config == {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}


def test_any_other_cache_url_is_refused() -> None:
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL"):
        cache_config("memcached://127.0.0.1:11211")


def test_the_configured_cache_keeps_and_forgets() -> None:
    """Whatever the backend (CACHE_URL), what polling needs of it works."""
    content = (b"<div>Table 1</div>", "text/html; charset=utf-8")
    cache.set("polled:test", content, 30)
    assert cache.get("polled:test") == content
    cache.set_many({"card:1": "a", "card:2": "b"}, 30)
    assert cache.get_many(["card:1", "card:2", "card:3"]) == {"card:1": "a", "card:2": "b"}
    cache.delete("polled:test")
    assert cache.get("polled:test") is None
