"""The venue's Wi-Fi drops while a hand is typed (issue 10 §2): the phone keeps the hand, says
it is not sent yet, and sends it once when the connection is back; a hand whose answer was
lost is stored once; a hand entered meanwhile by another phone, a game closed meanwhile and
cookies lost meanwhile each get a plain answer.

The network is cut with Playwright's offline mode. The page is French (the phone's language).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import open_the_entry_page_as, press_save, type_hand
from tests.factories import PASSWORD, EventFactory, make_game, play
from tournaments.play.services.entry import close_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The service worker has a copy of the page (static/js/site.js registers it on the first visit).
KEPT_BY_THE_SERVICE_WORKER = (
    "async () => (await caches.match(location.href.split('?')[0])) !== undefined"
)
NOT_SENT = "Pas encore envoyé (1\u00a0donne)\u00a0: envoi dès le retour de la connexion."


def save_offline(page: Page) -> None:
    """Hand 1 (Anne went out, Bruno 12, Chloé 30) saved while the Wi-Fi is down."""
    type_hand(page, "1", "12", "30")
    page.context.set_offline(True)
    press_save(page)


def kept_in_storage(page: Page) -> list[int]:
    """The numbers of the hands the phone keeps (its storage, by entry id)."""
    return page.evaluate(
        """Object.keys(localStorage).filter((name) => name.startsWith('ramiscore:pending-hand:'))
            .map((name) => JSON.parse(localStorage.getItem(name)).number).sort()"""
    )


@pytest.fixture
def game(club):
    """A rami game to 200 at the club of the shared `organiser` fixture."""
    return make_game(EventFactory(club=club, variant="rami-penalites", options={"target": 200}))


@pytest.fixture
def table(page: Page, live_server: LiveServer, game) -> Page:
    """The table link open on a phone."""
    page.goto(f"{live_server.url}/t/{game.link_token}/")
    return page


def test_hands_saved_without_a_connection_are_kept_then_sent_once_when_it_returns(
    table: Page, game, artifacts: Path
) -> None:
    page, box = table, table.locator("#pending-hands")
    save_offline(page)
    expect(page.locator("#connection-status")).to_have_text(NOT_SENT)
    expect(box.locator(".pending-list li")).to_have_text(
        ["Donne\u00a01 · Anne · Sortie · Bruno\u00a0:\u00a012, Chloé\u00a0:\u00a030"]
    )
    assert kept_in_storage(page) == [1]
    assert game.hands.count() == 0

    # The table plays on: hand 2 is typed and kept too, on an empty form.
    expect(page.locator("#entry-title")).to_have_text("Donne\u00a02")
    expect(page.locator("#id_held_2")).to_have_value("")
    type_hand(page, "2", "5", "8")
    press_save(page)
    expect(box.locator(".pending-list li")).to_have_count(2)
    expect(page.locator("#entry-title")).to_have_text("Donne\u00a03")
    page.screenshot(path=artifacts / "entry-offline-not-sent.png", full_page=True)

    page.context.set_offline(False)  # the "online" event sends them, in order
    expect(page.locator(".messages")).to_contain_text("Donne 1 enregistrée.")
    expect(page.locator(".messages")).to_contain_text("Donne 2 enregistrée.")
    expect(box).to_be_hidden()
    expect(page.locator(".totals-table .total")).to_have_text(["5", "12", "38"])
    assert kept_in_storage(page) == []
    keys = list(game.hands.values_list("number", "idempotency_key"))
    assert [number for number, _key in keys] == [1, 2]
    assert all(re.fullmatch("[0-9a-f]{32}", key) for _number, key in keys)
    assert keys[0][1] != keys[1][1]
    page.screenshot(path=artifacts / "entry-offline-sent.png", full_page=True)


def test_a_kept_hand_is_sent_when_the_page_is_opened_again(table: Page, game) -> None:
    page, url = table, table.url
    page.wait_for_function(KEPT_BY_THE_SERVICE_WORKER)
    save_offline(page)
    expect(page.locator("#pending-hands")).to_be_visible()
    # Offline, the page opens again from the service worker's copy, the hand still kept
    # (test_offline_app_browser.py); without a service worker (a plain-HTTP venue site) it
    # would wait in the phone's storage until the page is opened again.
    page.reload()
    expect(page.locator("#pending-hands .pending-list li")).to_have_count(1)
    page.close()
    table.context.set_offline(False)
    again = table.context.new_page()
    again.goto(url)
    # Sent, then the page that says so: a busy machine may take a few seconds.
    expect(again.locator(".messages")).to_contain_text("Donne 1 enregistrée.", timeout=15_000)
    assert kept_in_storage(again) == []
    assert game.hands.count() == 1


def test_a_hand_whose_answer_was_lost_is_stored_once(table: Page, game) -> None:
    page = table

    def lose_the_answer(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        route.fetch()  # the server gets the hand and stores it...
        route.abort("connectionreset")  # ...but its answer never reaches the phone

    page.route(f"**/t/{game.link_token}/", lose_the_answer)
    type_hand(page, "1", "12", "30")
    press_save(page)
    expect(page.locator("#connection-status")).to_contain_text("Pas encore envoyé")
    assert game.hands.count() == 1
    assert kept_in_storage(page) == [1]

    page.unroute(f"**/t/{game.link_token}/")
    # Room again: the phone tries again by itself within seconds, and "Send now" does it at
    # once. Whichever comes first sends it (CI, loaded, saw the retry win while the test was
    # about to click a button then hidden): the button is pressed without waiting for it.
    page.evaluate("document.querySelector('.pending-send').click()")
    expect(page.locator(".messages")).to_contain_text("Donne 1 enregistrée.", timeout=15000)
    assert kept_in_storage(page) == []
    assert game.hands.count() == 1
    expect(page.locator(".totals-table .total")).to_have_text(["0", "12", "30"])


def test_a_kept_hand_entered_meanwhile_by_another_phone_is_set_aside_beside_it(
    table: Page, game, artifacts: Path
) -> None:
    page = table
    save_offline(page)
    play(game, "going_out", "Bruno", Anne=4, Chloé=30)  # another phone, with the Wi-Fi
    page.context.set_offline(False)
    item = page.locator("#set-aside .set-aside-item")
    expect(item.locator(".set-aside-why")).to_contain_text(
        "la donne 1 a été saisie depuis un autre appareil"
    )
    expect(item.locator(".set-aside-holds")).to_contain_text("Bruno · Sortie")
    expect(page.locator("#pending-hands")).to_be_hidden()
    assert kept_in_storage(page) == [1]  # set aside: kept until the player decides
    page.screenshot(path=artifacts / "entry-offline-conflict.png", full_page=True)
    assert game.hands.get().ended_by.player.name == "Bruno"


def test_a_kept_hand_sent_after_the_game_was_closed_says_so_and_shows_what_was_typed(
    table: Page, game, artifacts: Path
) -> None:
    page = table
    save_offline(page)
    close_game(game=game)
    page.context.set_offline(False)
    closed = "Cette partie a été fermée par l’organisateur"
    expect(page.locator(".form-errors")).to_contain_text(closed)
    box = page.locator("#pending-hands")
    expect(box.locator('[data-state="answered"]')).to_be_visible()
    expect(box.locator(".pending-list li")).to_contain_text("Bruno\u00a0:\u00a012")
    assert kept_in_storage(page) == []
    assert game.hands.count() == 0
    page.screenshot(path=artifacts / "entry-offline-closed.png", full_page=True)


def test_a_kept_hand_is_sent_after_the_cookies_were_lost_meanwhile(table: Page, game) -> None:
    page = table
    save_offline(page)
    page.context.clear_cookies()  # the session and the CSRF cookie are gone
    page.context.set_offline(False)
    expect(page.locator(".messages")).to_contain_text("Donne 1 enregistrée.")
    assert game.hands.count() == 1


def test_an_organiser_logged_out_meanwhile_is_asked_to_log_in_and_the_hand_then_sent(
    page: Page, live_server: LiveServer, artifacts: Path, organiser, game
) -> None:
    open_the_entry_page_as(page, live_server.url, organiser, game)
    save_offline(page)
    page.context.clear_cookies()  # logged out while away
    page.context.set_offline(False)
    login = page.locator('#pending-hands [data-state="login"]')
    expect(login).to_be_visible()
    assert kept_in_storage(page) == [1]
    assert game.hands.count() == 0
    page.screenshot(path=artifacts / "entry-offline-logged-out.png")

    login.locator("a").click()
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("Donne 1 enregistrée.")
    assert kept_in_storage(page) == []
    assert game.hands.count() == 1


def test_a_hand_met_by_the_laptops_full_disk_is_kept_said_so_and_sent_once_there_is_room(
    table: Page, game, monkeypatch
) -> None:
    """The server answers 503 (tests/test_outages.py): the phone keeps the hand, says why,
    and sends it once the organiser has freed some space."""
    import sqlite3

    from django.db import OperationalError, connection

    from tournaments.views import entry as entry_views

    def disk_full(**kwargs):
        cause = sqlite3.OperationalError("database or disk is full")
        cause.sqlite_errorcode = sqlite3.SQLITE_FULL
        raise OperationalError(*cause.args) from cause

    page, box = table, table.locator("#pending-hands")
    with monkeypatch.context() as patched:
        patched.setattr(entry_views, "record_hand", disk_full)
        type_hand(page, "1", "12", "30")
        press_save(page)
        # The laptop's disk under `make serve` (SQLite), the server's on a hosted site.
        whose = "de l’ordinateur portable" if connection.vendor == "sqlite" else "du serveur"
        expect(box.locator('[data-state="full"]')).to_contain_text(f"le disque {whose} est plein")
    assert kept_in_storage(page) == [1]
    assert game.hands.count() == 0
    # Room again: the phone tries again by itself within seconds, and "Send now" does it at
    # once. Whichever comes first sends it (CI, loaded, saw the retry win while the test was
    # about to click a button then hidden): the button is pressed without waiting for it.
    page.evaluate("document.querySelector('.pending-send').click()")
    expect(page.locator(".messages")).to_contain_text("Donne 1 enregistrée.", timeout=15000)
    assert kept_in_storage(page) == []
    assert game.hands.count() == 1
