"""The card grid on a French phone: French ranks, typed French codes light up their cards
(the script reads the server's letters), and a code typed the English way is explained in the
live preview before anything is saved."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import EventFactory, make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_typed_french_codes_light_up_the_grid_and_english_ones_are_explained(
    page: Page, live_server: LiveServer, artifacts: Path
) -> None:
    game = make_game(EventFactory(variant="rami-penalites", options={"target": 100}))
    page.goto(f"{live_server.url}/t/{game.link_token}/?mode=cards")
    page.locator('label:has(input[name="ended_by"][value="1"])').click()
    page.locator("#id_held_2").click()
    grid = page.locator("#card-grid")
    # Read as it shows (rank over symbol), then the card in words.
    expect(page.get_by_role("button", name="R ♥ (roi de cœur)", exact=True)).to_be_visible()
    page.locator("#id_held_2").press_sequentially("rc 10p dk")
    for code in ("RC", "10P", "DK"):
        card = grid.locator(f'button[data-code="{code}"]')
        expect(card).to_have_attribute("aria-pressed", "true")
    expect(grid.locator(".card[aria-pressed=true]")).to_have_count(3)
    page.locator("#card-grid").screenshot(path=artifacts / "entry-french-card-grid.png")

    # Chloé's cards typed the English way: nothing lights up, the preview says how to write it.
    page.locator("#id_held_3").click()
    page.locator("#id_held_3").press_sequentially("KD")
    expect(grid.locator(".card[aria-pressed=true]")).to_have_count(0)
    page.locator("#id_held_3").press("Tab")  # the change reaches the live preview
    expect(page.locator("#preview")).to_contain_text("KD s’écrit à l’anglaise (roi de carreau)")
    expect(page.locator("#preview")).to_contain_text("écrivez RK")
    page.screenshot(path=artifacts / "entry-french-code-explained.png", full_page=True)
    assert not game.hands.exists()


def test_at_phone_width_each_rank_keeps_its_column_beside_its_suits_label(
    page: Page, live_server: LiveServer, artifacts: Path
) -> None:
    """Thirteen ranks in two rows beside the suit's label: an ace sits above the 8 in every
    suit, and no card slips under a label (the row of another suit)."""
    game = make_game(EventFactory(variant="rami-penalites", options={"target": 100}))
    page.goto(f"{live_server.url}/t/{game.link_token}/?mode=cards")
    page.locator('label:has(input[name="ended_by"][value="1"])').click()
    page.locator("#id_held_2").click()
    expect(page.locator("#card-grid")).to_be_visible()
    layout = page.evaluate(
        """() => {
          const box = (el) => el.getBoundingClientRect();
          return [...document.querySelectorAll("#card-grid .suit-label")].map((label) => {
            const cards = [];
            for (let el = label.nextElementSibling; el && el.matches(".card:not(.joker)");
                 el = el.nextElementSibling) {
              cards.push({left: Math.round(box(el).left), top: Math.round(box(el).top)});
            }
            const own = box(label);
            return {left: Math.round(own.right), top: Math.round(own.top),
                    bottom: Math.round(own.bottom), cards};
          });
        }"""
    )
    page.locator("#card-grid").screenshot(path=artifacts / "entry-card-grid-390.png")
    assert len(layout) == 4 and all(len(suit["cards"]) == 13 for suit in layout)
    columns = [[card["left"] for card in suit["cards"]] for suit in layout]
    assert all(suit == columns[0] for suit in columns)  # each rank in its column in every suit
    for suit in layout:
        # Beside its label, within the label's rows.
        assert all(card["left"] >= suit["left"] for card in suit["cards"])
        assert all(suit["top"] <= card["top"] < suit["bottom"] for card in suit["cards"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
