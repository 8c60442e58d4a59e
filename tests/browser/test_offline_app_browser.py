"""The table page opens with no network at all (issue 18 §3): once visited, the entry page,
the table's page and the event's page open offline from the service worker's copy, marked
with the time they date from, with the hands kept on the phone; a page never visited opens
the site's own offline page; a phone online always gets the server's page; a new release
replaces the service worker and its copy; the table's page can be added to the home screen.

The network is cut with Playwright's offline mode (the service worker's requests too). How
long an offline reopen takes is written to test-artifacts/offline-reopen.txt (not asserted:
the machine's load would decide).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import log_in, press_save, save_and_wait, type_hand
from tests.factories import EventFactory, make_game, play
from tournaments.views import app

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NBSP = "\u00a0"
COPY = "Pas de connexion\u00a0: cette page est telle qu’elle était à"
KEPT = "async () => (await caches.match(location.href.split('?')[0])) !== undefined"
# How long the page took to load, as the browser measured it (its scripts run).
LOADED = "() => performance.getEntriesByType('navigation')[0].loadEventEnd"


@pytest.fixture
def game(club):
    return make_game(EventFactory(club=club, variant="rami-penalites", options={"target": 1000}))


def controlled(page: Page, url: str) -> None:
    """Open `url` and wait until the service worker, installed by this first visit, serves
    the page and has kept a copy of it."""
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function(KEPT)


def test_the_entry_page_opens_offline_with_its_totals_and_the_kept_hands(
    page: Page, live_server: LiveServer, game, artifacts: Path
) -> None:
    url = f"{live_server.url}/t/{game.link_token}/"
    play(game, "going_out", "Anne", Bruno=12, Chloé=30)
    controlled(page, url)
    page.context.set_offline(True)
    type_hand(page, "2", "5", "8")
    press_save(page)  # kept on the phone
    started = time.monotonic()
    page.reload()
    expect(page.locator(".offline-copy")).to_contain_text(COPY)
    reopened = time.monotonic() - started
    loaded = page.evaluate(LOADED)
    expect(page.locator("#table-live .totals-table .total")).to_have_text(["0", "12", "30"])
    expect(page.locator("#pending-hands .pending-list li")).to_have_count(1)
    expect(page.locator("#projected-totals .total")).to_have_text(["5", "12", "38"])
    expect(page.locator("#entry-title")).to_have_text(f"Donne{NBSP}3")
    page.screenshot(path=artifacts / "entry-offline-reopened.png")  # the phone's screen

    # Typing and keeping hands works as on a page that stayed open.
    type_hand(page, "3", "7", "9")
    press_save(page)
    expect(page.locator("#pending-hands .pending-list li")).to_have_count(2)

    # A tab closed and opened again, still offline.
    page.close()
    again = page.context.new_page()
    started = time.monotonic()
    again.goto(url)
    expect(again.locator(".offline-copy")).to_be_visible()
    reopened_tab = time.monotonic() - started
    loaded_tab = again.evaluate(LOADED)
    expect(again.locator("#pending-hands .pending-list li")).to_have_count(2)
    (artifacts / "offline-reopen.txt").write_text(
        f"offline reload: shown after {reopened:.3f} s (test's view), loaded in {loaded:.0f} ms"
        f" (navigation timing)\noffline new tab: shown after {reopened_tab:.3f} s, loaded in"
        f" {loaded_tab:.0f} ms\n"
    )

    again.context.set_offline(False)
    expect(again.locator(".messages")).to_contain_text("Donne 3 enregistrée.")
    assert list(game.hands.values_list("number", flat=True)) == [1, 2, 3]


def test_the_tables_and_the_events_public_pages_open_offline(
    page: Page, live_server: LiveServer, game
) -> None:
    play(game, "going_out", "Anne", Bruno=12, Chloé=30)
    table = f"{live_server.url}/games/{game.pk}/"
    event = f"{live_server.url}/events/{game.event_id}/"
    controlled(page, table)
    page.goto(event)
    page.context.set_offline(True)
    for url in (table, event):
        page.goto(url)
        expect(page.locator(".offline-copy")).to_contain_text(COPY)
    expect(page.locator("main")).to_contain_text("Bruno")


def test_a_page_never_visited_opens_the_sites_offline_page(
    page: Page, live_server: LiveServer, game
) -> None:
    controlled(page, f"{live_server.url}/t/{game.link_token}/")
    page.context.set_offline(True)
    page.goto(f"{live_server.url}/events/{game.event_id}/standings/")
    expect(page.locator("h1")).to_have_text("Pas de connexion")


def test_the_offline_page_reads_in_english_on_an_english_phone(
    browser: Browser, live_server: LiveServer, game, browser_context_args
) -> None:
    context = browser.new_context(**{**browser_context_args, "locale": "en-GB"})
    page = context.new_page()
    controlled(page, f"{live_server.url}/t/{game.link_token}/")
    context.set_offline(True)
    page.goto(f"{live_server.url}/events/{game.event_id}/standings/")
    expect(page.locator("h1")).to_have_text("No connection")
    context.close()


def test_a_phone_online_always_gets_the_servers_page(
    page: Page, live_server: LiveServer, game
) -> None:
    url = f"{live_server.url}/t/{game.link_token}/"
    controlled(page, url)
    play(game, "going_out", "Anne", Bruno=12, Chloé=30)  # another phone
    page.reload()
    expect(page.locator("#table-live .totals-table .total")).to_have_text(["0", "12", "30"])
    expect(page.locator(".offline-copy")).to_have_count(0)


def test_an_organisers_pages_and_writes_never_come_from_the_copy(
    page: Page, live_server: LiveServer, organiser, game
) -> None:
    log_in(page, live_server.url, organiser)
    controlled(page, f"{live_server.url}/manage/events/{game.event_id}/")
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_have_text("Pas de connexion")


def test_a_new_release_replaces_the_service_worker_and_its_copies(
    page: Page, live_server: LiveServer, game, monkeypatch
) -> None:
    controlled(page, f"{live_server.url}/t/{game.link_token}/")
    old = app.release()
    assert page.evaluate("caches.keys()") == [f"ramiscore-{old}"]
    monkeypatch.setattr(app, "release", lambda: "nextrelease")
    page.reload()  # the browser checks the script on each visit, bypassing its cache
    page.wait_for_function("async () => (await caches.keys()).join() === 'ramiscore-nextrelease'")
    type_hand(page, "1", "12", "30")
    save_and_wait(page)  # the new worker serves the page
    assert game.hands.count() == 1


def test_the_tables_page_can_be_added_to_the_home_screen(
    page: Page, live_server: LiveServer, game
) -> None:
    controlled(page, f"{live_server.url}/t/{game.link_token}/")
    session = page.context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's browser contexts are incognito windows, where Chrome installs nothing.
    assert [error["errorId"] for error in errors] == ["in-incognito"]
    manifest = session.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"].endswith(f"/manifest.webmanifest?start=/t/{game.link_token}/")
