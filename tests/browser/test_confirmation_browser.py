"""Two phones at one table, then the organiser: Bruno enters a hand naming himself, Chloé
checks it on her phone's confirm screen and confirms it; a later hand waits when the
organiser closes the table, and he confirms or discards it on the closing page.

Selectors use values, ids and URLs, not words, so that the test holds in French and English.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer
from pytest_playwright import CreateContextCallback

from tests.browser.steps import (
    assert_fits_the_phone,
    choose,
    keypad,
    log_in,
    press_save,
    type_hand,
)
from tests.factories import EventFactory, make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_hand_is_entered_on_one_phone_and_confirmed_on_another(
    page: Page,
    new_context: CreateContextCallback,
    live_server: LiveServer,
    artifacts: Path,
    organiser,
    club,
) -> None:
    event = EventFactory(club=club, options={"target": 100}, confirmation_required=True)
    game = make_game(event)
    link = f"{live_server.url}/t/{game.link_token}/"

    # Bruno's phone: he says who he is, then enters hand 1 (Anne went out).
    page.goto(link)
    choose(page, "entering", "2")
    type_hand(page, "1", "12", how="going_out")
    page.locator("#id_held_3").click()
    page.locator("#card-grid").count()  # counts mode: the keypad is open
    keypad(page, "30")
    assert_fits_the_phone(page)
    page.screenshot(path=artifacts / "confirm-1-entry-who-enters.png", full_page=True)
    press_save(page)
    expect(page.locator(".provisional-hands")).to_be_visible()
    expect(page.locator(".totals .badge-provisional")).to_be_visible()
    expect(page.locator(".provisional-hands a.button")).to_have_count(0)  # not on his phone
    # Viewport shots: a full-page one draws the sticky Save bar over the form.
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=artifacts / "confirm-2-entry-waiting.png")
    # The next hand remembers who enters on this phone.
    expect(page.locator('input[name="entering"][value="2"]')).to_be_checked()
    page.locator("fieldset.entering").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "confirm-2b-next-hand-remembers.png")

    # Chloé's phone (another French phone, closed with Bruno's): the hand's facts and points,
    # and who confirms (not Bruno).
    chloe = new_context().new_page()
    chloe.goto(link)
    chloe.locator(".provisional-hands a.button").click()
    expect(chloe.locator(".hand-facts")).to_contain_text("12")
    expect(chloe.locator('input[name="confirmer"][value="2"]')).to_have_count(0)
    assert_fits_the_phone(chloe)
    chloe.screenshot(path=artifacts / "confirm-3-confirm-screen.png", full_page=True)
    chloe.locator('label:has(input[name="confirmer"][value="3"])').click()
    chloe.locator(".confirm-form button.primary").click()
    expect(chloe.locator(".provisional-hands")).to_have_count(0)
    stored = game.hands.get()
    assert stored.entered_by_seat.player.name == "Bruno"
    assert stored.confirmed_by_seat.player.name == "Chloé"

    # Hand 2 from Bruno's phone waits; the organiser closes the table.
    page.goto(link)
    type_hand(page, "2", "7", "9", how="going_out")
    press_save(page)
    expect(page.locator(".provisional-hands")).to_be_visible()

    log_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/manage/events/{event.id}/tables/{game.id}/close/")
    expect(page.locator(".waiting-hand")).to_have_count(1)
    expect(page.locator(".waiting-hand .hand-facts")).to_contain_text("9")
    assert_fits_the_phone(page)
    page.screenshot(path=artifacts / "confirm-4-closing-with-pending.png", full_page=True)
    page.locator(".waiting-hand details.discard summary").click()
    page.fill(".waiting-hand input[name=reason]", "saisie en double")
    page.locator(".waiting-hand details.discard button.danger").click()
    # Nothing waits any more: the usual question, then the table closes.
    page.locator("main form.actions button.danger").click()
    game.refresh_from_db()
    assert game.closed and game.finished and game.winner.name == "Anne"
    assert game.hands.count() == 1
