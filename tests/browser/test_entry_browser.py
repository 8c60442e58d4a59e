"""A club night on a phone: a whole gin-rummy game by counts and a rami game by cards.

Selectors use values and data attributes, not words, so that the tests hold in French and
English alike.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    assert_fits_the_phone,
    choose,
    keypad,
    log_in,
    press_save,
    tap_cards,
    type_hand,
)
from tests.factories import PASSWORD, EventFactory, make_game, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def save(page: Page, number: int) -> None:
    """Save the hand and see it stored (the message names its number)."""
    press_save(page)
    expect(page.locator(".messages")).to_contain_text(str(number))


def test_a_whole_gin_rummy_game_by_counts_on_the_table_link(
    page: Page, live_server: LiveServer, artifacts: Path
) -> None:
    event = EventFactory(variant="gin-rummy", options={"mode": "single_game", "target": 100})
    game = make_game(event, players=("Anne", "Bruno"))
    page.goto(f"{live_server.url}/t/{game.link_token}/")
    assert_fits_the_phone(page)
    page.screenshot(path=artifacts / "entry-gin-start.png", full_page=True)

    # Hand 1: Anne knocks with 5, Bruno holds 30: Anne scores 25.
    type_hand(page, "1", how="knock")
    expect(page.locator("#keypad")).to_be_visible()
    expect(page.locator("#id_held_1")).to_be_focused()
    page.screenshot(path=artifacts / "entry-gin-keypad.png")
    keypad(page, "5")
    keypad(page, "30")
    expect(page.locator("#preview .preview-table")).to_contain_text("25")
    assert_fits_the_phone(page)
    page.screenshot(path=artifacts / "entry-gin-preview.png", full_page=True)
    save(page, 1)
    expect(page.locator(".totals-table")).to_contain_text("25")
    page.screenshot(path=artifacts / "entry-gin-saved.png", full_page=True)

    # Hand 2: Bruno goes gin (his 0 is filled in), Anne holds 20: Bruno scores 45.
    type_hand(page, "2", how="gin")
    expect(page.locator("#id_held_2")).to_have_value("0")
    expect(page.locator("#id_held_1")).to_be_focused()
    keypad(page, "20")
    save(page, 2)

    # Hand 3: Anne knocks with 14 by mistake: the error shows beside her field, nothing saved.
    type_hand(page, "1", "14", "6", how="knock")
    press_save(page)
    expect(page.locator(".held[data-position='1'] .errorlist")).to_be_visible()
    assert_fits_the_phone(page)
    page.screenshot(path=artifacts / "entry-gin-error.png", full_page=True)
    # Corrected to 8: Bruno has 6, an undercut: Bruno scores 22.
    page.locator("#id_held_1").click()
    page.locator('#keypad button[data-key="back"]').click()
    page.locator('#keypad button[data-key="back"]').click()
    keypad(page, "8")
    expect(page.locator("#id_held_1")).to_have_value("8")
    save(page, 3)

    # Hand 4: a draw, ended by nobody and counted for nobody.
    choose(page, "how", "draw")
    expect(page.locator('input[name="ended_by"]').first).to_be_disabled()
    save(page, 4)

    # Hand 5: Anne goes gin, Bruno holds 50: Anne scores 75 and reaches 100.
    type_hand(page, "1", "50", how="gin")
    save(page, 5)

    expect(page.locator(".result-winner")).to_contain_text("Anne")
    expect(page.locator("#hand-form")).to_have_count(0)
    totals = page.locator(".totals-table .total").all_inner_texts()
    assert totals == ["100", "67"]
    assert_fits_the_phone(page)
    page.screenshot(path=artifacts / "entry-gin-winner.png", full_page=True)
    game.refresh_from_db()
    assert game.finished and game.winner.name == "Anne"


def test_a_rami_game_by_cards_with_a_correction(
    page: Page, live_server: LiveServer, artifacts: Path, organiser, game
) -> None:
    """The organiser logs in on the way to the entry page (the shared `game`: rami à
    pénalités to 100 at the organiser's club)."""
    enter_url = f"{live_server.url}/games/{game.pk}/enter/"
    page.goto(enter_url)
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(enter_url)

    # Hand 1 by cards: Anne went out; Bruno held two king of diamonds (two decks) and more.
    # The page is French: roi de carreau is RK (R roi, K carreau), dame D, valet V.
    page.locator('a.mode-link[data-mode="cards"]').click()
    choose(page, "ended_by", "1")
    expect(page.locator(".held[data-position='1']")).to_be_hidden()
    tap_cards(page, 2, "RK RK DK VK 10P")
    expect(page.locator('#card-grid button[data-code="RK"] .count')).to_have_text("×2")
    expect(page.locator("#id_held_2")).to_have_value("RK RK DK VK 10P")
    assert_fits_the_phone(page)
    page.screenshot(path=artifacts / "entry-rami-cards.png", full_page=True)
    page.locator("#card-grid").screenshot(path=artifacts / "entry-rami-card-grid.png")
    tap_cards(page, 3, "5C 3T")
    expect(page.locator("#preview .preview-table")).to_contain_text("50")
    page.screenshot(path=artifacts / "entry-rami-preview.png", full_page=True)
    save(page, 1)
    expect(page.locator(".totals-table .total")).to_have_text(["0", "50", "8"])

    # The organiser corrects hand 1: Chloé also held the 4 of diamonds.
    page.locator(".hands summary").click()
    page.locator(f'a[href="/games/{game.pk}/hands/1/correct/"]').click()
    expect(page.locator("#id_held_3")).to_have_value("5C 3T")
    tap_cards(page, 3, "4K")
    page.fill("#id_reason", "Chloé avait aussi le 4 de carreau")
    expect(page.locator("#preview .preview-table")).to_contain_text("12")
    page.screenshot(path=artifacts / "entry-rami-correct.png", full_page=True)
    press_save(page)
    expect(page.locator(".totals-table .total")).to_have_text(["0", "50", "12"])

    # Hand 2: Chloé goes rami sec; the others score their cards + 25; Bruno passes 100.
    type_hand(page, "3", how="rami_sec")
    tap_cards(page, 1, "2P 3P")
    tap_cards(page, 2, "RP RC RT 10C")
    save(page, 2)
    expect(page.locator(".result-winner")).to_contain_text("Chloé")
    expect(page.locator(".totals-table .total")).to_have_text(["30", "115", "12"])
    assert_fits_the_phone(page)
    page.screenshot(path=artifacts / "entry-rami-winner.png", full_page=True)


@pytest.mark.browser_context_args(java_script_enabled=False)
def test_a_hand_can_be_entered_without_javascript(
    page: Page, live_server: LiveServer, artifacts: Path
) -> None:
    game = make_game(EventFactory(variant="rami-penalites", options={"target": 100}))
    page.goto(f"{live_server.url}/t/{game.link_token}/")
    expect(page.locator("#keypad")).to_be_hidden()
    choose(page, "ended_by", "2")
    page.fill("#id_held_1", "12")
    page.fill("#id_held_3", "RK 7P")  # cards typed as (French) codes work without the grid
    page.locator("#preview-button").click()
    expect(page.locator(".preview-table")).to_contain_text("17")
    expect(page.locator("#id_held_1")).to_have_value("12")
    assert_fits_the_phone(page)
    page.screenshot(path=artifacts / "entry-nojs-preview.png", full_page=True)
    save(page, 1)
    expect(page.locator(".totals-table .total")).to_have_text(["12", "0", "17"])


def test_the_correction_pages_preview_follows_each_keystroke_on_a_laptop(
    page: Page, live_server: LiveServer, organiser, game
) -> None:
    """The organiser corrects a hand at the laptop's keyboard: the points follow what he
    types, as they follow the phone's keypad, without leaving the field."""
    play(game, "going_out", "Anne", Bruno=7, Chloé=9)
    page.set_viewport_size({"width": 1280, "height": 800})
    log_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/1/correct/")
    page.locator("#id_held_2").click()
    page.keyboard.press("Control+A")
    page.keyboard.type("23")
    bruno = page.locator("#preview .preview-table tbody tr").nth(1)
    expect(bruno).to_contain_text("23")
    page.keyboard.press("Backspace")
    expect(bruno.locator("td").first).to_have_text("2")
    expect(page.locator("#id_held_2")).to_be_focused()
