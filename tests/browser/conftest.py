"""Real-browser tests: pytest-playwright driving Debian's Chromium (never `playwright install`)."""

from __future__ import annotations

import os
import threading
import time
import warnings
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, transaction
from django.test import override_settings
from playwright.sync_api import Browser
from pytest_django.live_server_helper import LiveServer

from tournaments.demo import (
    DEMO_CLUB,
    DEMO_PASSWORD,
    DEMO_TOURNAMENT,
    DEMO_USERNAME,
    DemoSummary,
    load_demo,
)
from tournaments.demo.club_nights import GIN_NIGHT, RAMI_NIGHT
from tournaments.models import Event, Game

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# Playwright's sync API runs an event loop in this thread, which makes Django refuse
# database access from "async context" in live_server set-up; the access is in fact sync.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium with flags that keep it off the (closed) network."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {CHROMIUM} is missing: install Debian's chromium package.")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium); CI requires it.")
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser(live_server: LiveServer, browser: Browser) -> Iterator[Browser]:
    """pytest-playwright's browser, started after the live server so that it closes first.

    On SQLite the live server's request threads share the test thread's in-memory database
    connection, and only until the server stops. Chromium keeps its connections to the
    server open (up to six per site, kept alive); each is served by a thread that outlives
    the server's shutdown and closes the shared connection when Chromium hangs up. Were the
    browser to close after the server stopped, those threads would do so once sharing was
    over and fail ("DatabaseWrapper objects created in a thread can only be used in that same
    thread"), as they did at the end of a test process that had created the test database
    before its first browser test. Closed first, the browser hangs up while sharing holds;
    the threads that served it are then waited for, so that none outlives the server."""
    yield browser
    browser.close()  # pytest-playwright closes it again, which does nothing
    for thread in threading.enumerate():
        if "process_request_thread" in thread.name:
            thread.join(timeout=5)


@pytest.fixture(autouse=True)
def no_request_of_the_test_left_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """On PostgreSQL, the test's database is emptied after it (TRUNCATE) only once no request
    of the live server is still working in it.

    The TRUNCATE waits for any transaction on those tables, up to the site's lock wait (20 s),
    then fails: the test's rows stay and the next test of the process fails on them (CI, stop
    33: "couldn't be flushed", then "club_name_unique"). A request the test's page sent just
    before closing is answered after the test; it is waited for here, then, should one still
    be at work, it is named (a warning in the tests' summary: a request that holds a
    transaction this long is a bug of its own) and ended. Torn down before the database:
    pytest-django's own autouse fixture asked for it first."""
    yield
    if "live_server" not in request.fixturenames or connection.vendor != "postgresql":
        return
    others = """
        SELECT pid, state, now() - xact_start, left(query, 300) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND xact_start IS NOT NULL"""
    deadline = time.monotonic() + 10
    with connection.cursor() as cursor:
        while True:
            cursor.execute(others)
            busy = cursor.fetchall()
            if not busy or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        for pid, state, held_for, query in busy:
            warnings.warn(
                f"a live-server request still held a transaction after the test "
                f"({state}, {held_for}): {query}",
                stacklevel=1,
            )
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A French-speaking phone, the site's main audience."""
    return {**browser_context_args, "locale": "fr-FR", "viewport": {"width": 390, "height": 844}}


@pytest.fixture
def artifacts() -> Path:
    """Folder for screenshots a person can look at (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def demo_models() -> list:
    """Where the demo's rows are: its organiser, and the tournaments app (with the history)."""
    return [get_user_model(), *apps.get_app_config("tournaments").get_models()]


@pytest.fixture(scope="session")
def demo_rows(django_db_setup, django_db_blocker) -> str:
    """The demo as `load_demo` builds it through the services (seconds: every hand is
    scored), saved once per test process and rolled back; `demo` restores it."""
    fast_hashing = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # as in tests/conftest
    with (
        django_db_blocker.unblock(),
        override_settings(DEBUG=True, PASSWORD_HASHERS=fast_hashing),
        transaction.atomic(),
    ):
        load_demo()
        rows = chain.from_iterable(model._base_manager.order_by("pk") for model in demo_models())
        saved = serializers.serialize("json", rows)
        transaction.set_rollback(True)
    return saved


@pytest.fixture
def demo(demo_rows, transactional_db) -> DemoSummary:
    """The demo's rows written again for a browser test (its live server reads what is
    committed), as `load_demo` left them, with what `load_demo` returns."""
    connection.creation.deserialize_db_from_string(demo_rows)
    # PostgreSQL: the ids written must not be handed out again.
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), demo_models()):
            cursor.execute(sql)
    club = {"club__name": DEMO_CLUB}
    events = [
        Event.objects.get(name=name, **club) for name in (RAMI_NIGHT, GIN_NIGHT, DEMO_TOURNAMENT)
    ]
    games = Game.objects.filter(event__in=events[:2]).select_related("event")
    return DemoSummary(
        DEMO_USERNAME, DEMO_PASSWORD, True, events, list(games.order_by("event_id", "table_number"))
    )


class DemoPages(NamedTuple):
    """The demo's events and tables that the page-by-page checks visit."""

    rami: Event  # the rami club night
    finished: Game  # one of its finished tables
    in_play: Game  # one of its tables still in play
    tournament: Event


@pytest.fixture
def demo_pages(demo) -> DemoPages:
    """Where to look in the demo: its rami night, a finished table and one in play there, and
    its tournament."""
    rami, _gin, tournament = demo.events
    tables = Game.objects.filter(event=rami)
    return DemoPages(
        rami,
        tables.filter(finished=True).first(),
        tables.filter(finished=False).first(),
        tournament,
    )
