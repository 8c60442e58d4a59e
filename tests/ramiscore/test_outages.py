"""A part of the site down or full answers calmly: 503 "try again" in the reader's language
when the database is restarting, unreachable or its disk full, and /health/ says so; nothing
is half saved, and a phone keeps its hand (static/js/offline.js sends it again on any 5xx).

PostgreSQL's own outages are played on PostgreSQL (this test's connection refused, or ended by
an administrator in the middle of a request); a full disk by SQLite's page limit; how each
error is read, on every database."""

from __future__ import annotations

import errno
import socket
import sqlite3

import psycopg
import psycopg.errors
import pytest
from django.db import InterfaceError, OperationalError, connection, connections
from django.test import Client, RequestFactory

from ramiscore.middleware import database_trouble
from ramiscore.views import server_error
from tests.factories import make_game, play
from tests.views.entry_support import hand
from tests.views.test_entry_concurrency import needs_postgresql
from tournaments.models import Hand
from tournaments.views import entry as entry_views

JSON = {"HTTP_ACCEPT": "application/json"}


def browser() -> Client:
    return Client(raise_request_exception=False)


def wrapped(cause: BaseException, kind: type = OperationalError) -> BaseException:
    """The driver's error as Django raises it: its own class, the driver's as the cause."""
    error = kind(*cause.args)
    error.__cause__ = cause
    return error


def sqlite_error(code: int, text: str) -> BaseException:
    cause = sqlite3.OperationalError(text)
    cause.sqlite_errorcode = code
    return wrapped(cause)


# How each error is read ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("error", "trouble"),
    [
        (wrapped(psycopg.errors.AdminShutdown("terminating connection")), "unavailable"),
        (
            wrapped(psycopg.errors.CannotConnectNow("the database system is starting")),
            "unavailable",
        ),
        (wrapped(psycopg.errors.TooManyConnections("too many clients")), "unavailable"),
        (wrapped(psycopg.OperationalError("connection failed: Connection refused")), "unavailable"),
        (
            wrapped(psycopg.InterfaceError("the connection is closed"), InterfaceError),
            "unavailable",
        ),
        (InterfaceError("connection already closed"), "unavailable"),
        (wrapped(psycopg.errors.DiskFull("could not extend file")), "disk_full"),
        (sqlite_error(sqlite3.SQLITE_FULL, "database or disk is full"), "disk_full"),
        (sqlite_error(sqlite3.SQLITE_BUSY, "database is locked"), "busy"),
        (wrapped(psycopg.errors.LockNotAvailable("canceling statement")), "busy"),
        (wrapped(psycopg.errors.UndefinedTable('relation "t" does not exist')), None),
        (sqlite_error(sqlite3.SQLITE_ERROR, "no such table: t"), None),
        (OSError(errno.ENOSPC, "No space left on device"), "disk_full"),
        (OSError(errno.EACCES, "Permission denied"), None),
        (ValueError("x"), None),
    ],
)
def test_each_database_error_is_read_as_what_it_says(error, trouble):
    assert database_trouble(error) == trouble


def test_a_lost_database_met_by_a_middleware_also_gives_the_503_page():
    request = RequestFactory().get("/", HTTP_ACCEPT_LANGUAGE="fr")
    try:
        raise wrapped(psycopg.errors.AdminShutdown("terminating connection"))
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 503 and response["Retry-After"]
    assert "réessayez" in response.content.decode()


# PostgreSQL restarting -------------------------------------------------------------------------


@pytest.fixture
def refused_port() -> int:
    """A port on which nothing listens: connecting there is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.django_db(transaction=True)
def test_a_database_that_refuses_connections_gives_503_try_again_and_saves_nothing(
    event, refused_port
):
    needs_postgresql()
    game = make_game(event)
    phone = browser()
    phone.get(f"/t/{game.link_token}/")
    port = connection.settings_dict["PORT"]
    connection.close()
    connection.settings_dict["PORT"] = str(refused_port)
    try:
        response = phone.post(
            f"/t/{game.link_token}/", hand(1, held_2="7", held_3="9"), HTTP_ACCEPT_LANGUAGE="fr"
        )
        json_answer = phone.post(f"/t/{game.link_token}/", hand(1, held_2="7"), **JSON)
    finally:
        connection.close()
        connection.settings_dict["PORT"] = port
    assert response.status_code == json_answer.status_code == 503
    assert response["Retry-After"]
    page = response.content.decode()
    assert "réessayez" in page and "refused" not in page
    assert json_answer.json() == {"problem": "unavailable"}
    assert not Hand.objects.exists()
    # Back up: the phone's hand, sent again, is saved.
    assert phone.post(f"/t/{game.link_token}/", hand(1, held_2="7", held_3="9")).status_code == 302
    assert Hand.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_connection_ended_by_a_restart_in_the_middle_of_a_hand_gives_503(event, monkeypatch):
    needs_postgresql()
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=3, Chloé=4)
    phone = browser()
    phone.get(f"/t/{game.link_token}/")
    real_record = entry_views.record_hand

    def restarted(**kwargs):
        # What a restart does to every connection: ended by the server, mid-request.
        pid = connection.connection.info.backend_pid
        other = connections.create_connection("default")
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        other.close()
        return real_record(**kwargs)

    monkeypatch.setattr(entry_views, "record_hand", restarted)
    response = phone.post(f"/t/{game.link_token}/", hand(2, held_2="7", held_3="9"))
    connection.close()
    assert response.status_code == 503
    assert "try again" in response.content.decode()
    assert Hand.objects.count() == 1


# SQLite's disk full ----------------------------------------------------------------------------


def test_sqlite_out_of_room_is_read_as_a_full_disk(tmp_path):
    """A real SQLite file that may not grow (its page limit): what a full disk does to it."""
    database = sqlite3.connect(tmp_path / "full.sqlite3", isolation_level=None)
    try:
        database.execute("CREATE TABLE t (x)")
        (pages,) = database.execute("PRAGMA page_count").fetchone()
        database.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(sqlite3.OperationalError, match="full") as raised:
            for _ in range(1000):
                database.execute("INSERT INTO t VALUES (randomblob(1000))")
        assert database_trouble(wrapped(raised.value)) == "disk_full"
    finally:
        database.close()


def test_a_hand_saved_on_a_full_disk_says_the_laptops_disk_is_full(game, monkeypatch):
    if connection.vendor != "sqlite":
        pytest.skip("the laptop of `make serve` runs on SQLite")

    def disk_full(**kwargs):
        raise sqlite_error(sqlite3.SQLITE_FULL, "database or disk is full")

    monkeypatch.setattr(entry_views, "record_hand", disk_full)
    phone = browser()
    phone.get(f"/t/{game.link_token}/")
    response = phone.post(
        f"/t/{game.link_token}/", hand(1, held_2="7", held_3="9"), HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 503
    assert "disque de l’ordinateur portable est plein" in response.content.decode()
    json_answer = phone.post(f"/t/{game.link_token}/", hand(1, held_2="7"), **JSON)
    assert json_answer.status_code == 503 and json_answer.json() == {"problem": "disk_full"}


def test_health_reports_a_full_disk(client, db, monkeypatch):
    from ramiscore import health

    monkeypatch.setattr(health, "free_bytes", lambda path: 5 * 1024 * 1024)
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["disk"] == "full: 5 MB free"
    monkeypatch.setattr(health, "free_bytes", lambda path: 50 * 1024**3)
    response = client.get("/health/")
    assert response.status_code == 200 and response.json()["disk"] == "ok"
