"""Requests no view should see answer a clear page in the visitor's language, never a 500:
a NUL character (PostgreSQL stores none), a number too long for an id, a database too busy
to answer in time. Each changes nothing. Run on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3
import sys

import pytest
from django.contrib.messages import get_messages
from django.db import OperationalError, connection, connections
from django.test import Client, RequestFactory

from ramiscore.middleware import BUSY, database_trouble
from ramiscore.views import server_error
from tests.factories import make_game, play
from tests.views.entry_support import hand
from tests.views.organiser_support import snapshot
from tournaments.models import Hand

pytestmark = pytest.mark.django_db


def browser() -> Client:
    """A browser: a 500 is a page it is shown, not an exception the test sees."""
    return Client(raise_request_exception=False)


# NUL characters


@pytest.mark.parametrize(
    "url",
    ["/t/%00/", "/t/%00/preview/", "/events/1/tournament/?q=%00", "/?next=a%00b", "/%00"],
)
def test_a_nul_in_an_address_is_a_400_not_a_500(url, db):
    response = browser().get(url)
    assert response.status_code == 400
    assert "holds a null character" in response.content.decode()


@pytest.mark.french_default
def test_the_nul_page_speaks_the_visitors_language(db):
    response = browser().get("/t/%00/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400
    assert "contient un caractère nul" in response.content.decode()


@pytest.mark.parametrize(
    ("path", "field"),
    [("players/", "name"), ("settings/", "name"), ("import/", "text")],
    ids=["a player's name", "the event's name", "a pasted game file"],
)
def test_a_nul_in_a_form_is_refused_and_changes_nothing(path, field, event, organiser):
    client = browser()
    client.force_login(organiser)
    before = snapshot()
    response = client.post(f"/manage/events/{event.id}/{path}", {field: "Ann\x00e"})
    assert response.status_code == 400
    assert "Nothing was changed." in response.content.decode()
    assert snapshot() == before


def test_a_cookie_holding_a_nul_is_dropped_not_looked_up(game):
    client = browser()
    client.cookies["sessionid"] = "abcdefgh\x00"
    response = client.get(f"/t/{game.link_token}/")
    assert response.status_code == 200  # a new session, with its own device id
    assert client.cookies["sessionid"].value != "abcdefgh\x00"


def test_a_control_character_in_a_typed_player_name_is_refused(event, organiser):
    client = browser()
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/players/", {"name": "Anne\x1b[31m"})
    assert response.status_code == 302
    assert not event.registrations.exists()
    messages = [str(m) for m in get_messages(response.wsgi_request)]
    assert messages == ["The name Anne\\x1b[31m holds a control character: a name is plain text."]


# Numbers too long for an id


@pytest.mark.parametrize(
    "url",
    [
        "/events/100000000000000000000/",
        "/games/100000000000000000000/",
        "/events/100000000000000000000/standings/",
        "/sheets/games/100000000000000000000/record.pdf",
    ],
)
def test_an_id_too_long_for_the_database_is_a_404(url, db):
    assert browser().get(url).status_code == 404


# A busy database


@pytest.fixture
def locked_out(db):
    """Another connection holds the write lock, and this one gives up at once: as if a
    long write held it past the timeout. Yields a function taking the row to lock."""
    other = connections.create_connection("default")
    held = []

    def lock(game) -> None:
        other.ensure_connection()
        if connection.vendor == "sqlite":
            # Another connection's write transaction holds the test database's file, and
            # this one gives up after 100 ms instead of the site's 20 s (SQLITE_BUSY).
            other.connection.execute("BEGIN IMMEDIATE")
            other.connection.execute("UPDATE tournaments_game SET closed = closed")
            connection.ensure_connection()
            connection.connection.execute("PRAGMA busy_timeout = 100")
        else:
            other.set_autocommit(False)
            with other.cursor() as cursor:
                cursor.execute(
                    "SELECT id FROM tournaments_game WHERE id = %s FOR UPDATE", [game.id]
                )
            with connection.cursor() as cursor:
                cursor.execute("SET lock_timeout = '100ms'")  # instead of the site's 20 s
        held.append(game)

    yield lock
    if held:
        if connection.vendor == "sqlite":
            other.connection.execute("ROLLBACK")
            connection.close()  # the next connection waits the site's timeout again
        else:
            other.rollback()
            with connection.cursor() as cursor:
                cursor.execute("RESET lock_timeout")
    other.close()


@pytest.mark.django_db(transaction=True)
def test_a_hand_saved_while_the_database_is_busy_gets_503_try_again(locked_out, event):
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=3, Chloé=4)
    client = browser()
    client.get(f"/t/{game.link_token}/")  # the phone's session exists before the lock
    locked_out(game)
    response = client.post(f"/t/{game.link_token}/", hand(2, held_2="7", held_3="9"))
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    html = response.content.decode()
    assert "The site is busy" in html and "nothing was saved" in html
    assert "database is locked" not in html and "lock timeout" not in html


@pytest.mark.django_db(transaction=True)
@pytest.mark.french_default
def test_the_busy_page_speaks_french(locked_out, event):
    game = make_game(event)
    client = browser()
    client.get(f"/t/{game.link_token}/")
    locked_out(game)
    response = client.post(f"/t/{game.link_token}/", hand(1, held_2="7", held_3="9"))
    assert response.status_code == 503
    assert "Le site est occupé" in response.content.decode()
    assert not Hand.objects.exists()


def test_sqlite_locked_past_its_timeout_is_busy(tmp_path):
    """A real SQLite file: one connection holds the write lock, the other waits 50 ms."""
    path = tmp_path / "busy.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN IMMEDIATE")
    waiter = sqlite3.connect(path, timeout=0.05, isolation_level=None)
    try:
        with pytest.raises(sqlite3.OperationalError, match="database is locked") as raised:
            waiter.execute("INSERT INTO t VALUES (1)")
        # As Django raises it: its own OperationalError, the driver's as its cause.
        wrapped = OperationalError(*raised.value.args)
        wrapped.__cause__ = raised.value
        assert database_trouble(wrapped) == BUSY
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        waiter.close()


def test_other_database_errors_are_not_busy():
    wrapped = OperationalError("no such table: t")
    wrapped.__cause__ = sqlite3.OperationalError("no such table: t")
    assert database_trouble(wrapped) is None
    assert database_trouble(ValueError("x")) is None


def test_a_busy_database_met_by_a_middleware_also_gives_the_503_page():
    # A session saved after the view, say: the 500 handler gives the same page.
    request = RequestFactory().get("/")
    error = OperationalError("database is locked")
    error.__cause__ = sqlite3.OperationalError("database is locked")
    error.__cause__.sqlite_errorcode = sqlite3.SQLITE_BUSY
    try:
        raise error
    except OperationalError:
        assert sys.exc_info()[1] is error
        response = server_error(request)
    assert response.status_code == 503
    assert "The site is busy" in response.content.decode()


def test_any_other_error_is_still_the_500_page():
    try:
        raise ValueError("boom")
    except ValueError:
        response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500


def test_a_form_too_large_to_read_gets_the_sites_400_page(event, organiser, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    client = browser()
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/import/", {"text": "x" * 5_000})
    assert response.status_code == 400
    assert "too large or malformed for the site to read" in response.content.decode()
