"""The cache: each process's memory by default, Redis when CACHE_URL names it (the CI runs
this file and the polling tests against a real redis-server too)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string

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
    assert config["BACKEND"] == "ramiscore.cache.ForgivingRedisCache" and config["LOCATION"] == url
    assert issubclass(import_string(config["BACKEND"]), RedisCache)


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


# Redis out of reach ----------------------------------------------------------------------------


@pytest.fixture
def redis_down(settings, refused_port):
    """CACHE_URL names a Redis server that is not there (stopped, restarting)."""
    settings.CACHES = {"default": cache_config(f"redis://127.0.0.1:{refused_port}/0")}


@pytest.fixture
def refused_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.django_db
def test_with_redis_down_the_polled_pages_and_the_password_reset_still_answer(
    redis_down, game, organiser
):
    from django.test import Client

    from tests.factories import play

    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    phone = Client(raise_request_exception=False)
    event_page = f"/events/{game.event_id}/"
    assert phone.get(event_page).status_code == 200
    fragment = phone.get(event_page, HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200 and "Anne" in fragment.content.decode()
    screen = phone.get(f"/events/{game.event_id}/screen/", HTTP_HX_REQUEST="true")
    assert screen.status_code == 200
    assert phone.get(f"/games/{game.pk}/", HTTP_HX_REQUEST="true").status_code == 200
    organiser.email = "organiser@example.org"
    organiser.save()
    reset = phone.post("/accounts/password/reset/", {"email": "organiser@example.org"})
    assert reset.status_code == 302


def test_redis_down_is_a_miss_and_nothing_stored(redis_down):
    from django.core.cache import cache as down

    assert down.get("x", "default") == "default"
    assert down.get_many(["x", "y"]) == {}
    assert down.add("x", 1) is False
    down.set("x", 1)
    down.set_many({"x": 1})
    down.delete("x")
