"""Sessions read through the shared cache (ramiscore/sessions.py): no query for the session
of an organiser's request, the database still the truth, a logout ends it everywhere, and a
cached copy kept minutes, not the session's two weeks. (CI runs this file against a real
redis-server too.)"""

from __future__ import annotations

import pytest
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ramiscore import sessions
from ramiscore.env import cache_config, session_engine

pytestmark = pytest.mark.django_db


def test_sessions_go_through_the_cache_only_when_every_process_shares_it() -> None:
    assert session_engine(cache_config("redis://127.0.0.1:6379/0")) == "ramiscore.sessions"
    # Each process's own memory: a logout in one would leave the session in the others.
    assert session_engine(cache_config("")) == "django.contrib.sessions.backends.db"


@pytest.fixture
def through_the_cache(settings):
    settings.SESSION_ENGINE = "ramiscore.sessions"
    cache.clear()


def session_reads(client: Client, address: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(address).status_code == 200
    return sum("django_session" in query["sql"] for query in queries.captured_queries)


def test_an_organisers_request_reads_no_session_from_the_database(through_the_cache, organiser):
    client = Client()
    client.force_login(organiser)
    assert session_reads(client, "/manage/") == 0


def test_the_database_stays_the_truth_when_the_cache_forgets(through_the_cache, organiser):
    client = Client()
    client.force_login(organiser)
    cache.clear()  # Redis restarted, or the minutes over
    assert session_reads(client, "/manage/") == 1  # read there, still logged in
    assert session_reads(client, "/manage/") == 0  # and cached again


def test_a_logout_ends_the_session_in_the_cache_and_the_database(through_the_cache, organiser):
    client = Client()
    client.force_login(organiser)
    key = client.session.session_key
    stolen = Client()
    stolen.cookies["sessionid"] = key
    assert stolen.get("/manage/").status_code == 200
    client.post("/accounts/logout/")
    assert not DatabaseStore().exists(key)
    assert stolen.get("/manage/").status_code == 302  # to the login page


def test_a_session_is_cached_minutes_not_its_whole_life(through_the_cache, organiser, monkeypatch):
    kept_for = []
    set_in_cache = cache.set

    def noted(key, value, timeout=None, **kwargs):
        if key.startswith("django.contrib.sessions"):
            kept_for.append(timeout)
        return set_in_cache(key, value, timeout, **kwargs)

    monkeypatch.setattr(cache, "set", noted)
    client = Client()
    client.force_login(organiser)  # saved: cached
    saved, kept_for[:] = list(kept_for), []
    cache.delete(sessions.SessionStore.cache_key_prefix + client.session.session_key)
    client.get("/manage/")  # read from the database: cached again
    assert saved and len(kept_for) == 1
    assert all(0 < timeout <= sessions.KEPT_FOR for timeout in saved + kept_for)
