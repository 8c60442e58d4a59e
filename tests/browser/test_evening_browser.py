"""A simultaneous evening as people see it, in Chromium: a player's phone following the
ranking across venues, the same player's federation rating explained line by line, and a
venue's projector (its tables, the ranking across venues) on a 1920 × 1080 TV. Screenshots
in test-artifacts/ (docs/screens/ keeps copies)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import assert_no_sideways_scroll
from tests.factories import play
from tournaments.federation.services.ranking import rebuild_ranking
from tournaments.models import Game, Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def played(evening, seated):
    """Two venues seated, the first table of each finished."""
    montreuil, vincennes = seated
    for venue in (montreuil, vincennes):
        game = Game.objects.filter(venue=venue).order_by("table_number").first()
        names = [seat.player.name for seat in game.seats.order_by("position")]
        scores = dict(zip(names[1:], (12, 55, 30), strict=False))
        play(game, "going_out", names[0], **scores)  # someone passes 50: the game is over
    rebuild_ranking(federation=evening.federation)
    return montreuil, vincennes


def on_a_phone(page: Page, url: str) -> Page:
    """`url` opened on a 390 × 844 phone."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(url)
    return page


def test_a_players_phone_follows_the_ranking_across_venues(
    page: Page, live_server: LiveServer, artifacts: Path, evening, played
) -> None:
    on_a_phone(page, f"{live_server.url}/events/{evening.pk}/ranking/")
    lines = page.locator("main tbody tr")
    expect(lines).to_have_count(7)
    expect(page.locator("main")).to_contain_text("Rami club de Vincennes")
    expect(page.locator("main")).to_contain_text("Ivan")
    assert_no_sideways_scroll(page)
    # Nor does the table inside its frame (it did: the wins column was cut at 390 px).
    table = page.locator("#evening-ranking .table-scroll")
    assert table.evaluate("(frame) => frame.scrollWidth <= frame.clientWidth")
    ivan = lines.filter(has_text="Ivan").locator("th")  # his club under his name
    expect(ivan).to_contain_text("Rami club de Vincennes")
    page.screenshot(path=artifacts / "evening-ranking-phone-390.png", full_page=True)


def test_a_players_federation_rating_explains_itself_on_a_phone(
    page: Page, live_server: LiveServer, artifacts: Path, evening, played
) -> None:
    ivan = Player.objects.get(name="Ivan")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/federations/{evening.federation_id}/ranking/{ivan.person_id}/")
    expect(page.locator("main")).to_contain_text("Ivan")
    line = page.locator("main tbody tr")
    expect(line).to_have_count(1)  # the game behind his number, where he played it
    expect(line).to_contain_text(f"{evening.name} · Rami club de Vincennes · table 201")
    assert_no_sideways_scroll(page)
    # Nor the lines inside their frame (they did: his place and rating were cut at 390 px);
    # the date and his opponents under the event.
    table = page.locator("main .table-scroll")
    assert table.evaluate("(frame) => frame.scrollWidth <= frame.clientWidth")
    expect(line.locator("td").nth(1)).to_contain_text("contre Jeanne, Karim")
    page.screenshot(path=artifacts / "federation-rating-phone-390.png", full_page=True)


def test_a_venues_projector_during_the_evening(
    page: Page, live_server: LiveServer, artifacts: Path, evening, played
) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/events/{evening.pk}/screen/?venue=2")
    expect(page.locator("body")).to_contain_text("Table 201")
    page.screenshot(path=artifacts / "evening-projector-venue-tables-1920x1080.png")
    expect(page.locator("body")).to_have_attribute("data-current", "tables")
    page.keyboard.press("ArrowRight")  # the next panel: the ranking across venues
    expect(page.locator("body")).to_have_attribute("data-current", "standings")
    ranking = page.locator('[data-panel="standings"]')
    for name in ("Ivan", "Jeanne", "Karim", "Anne"):  # its own players, and the first lines
        expect(ranking).to_contain_text(name)
    page.screenshot(path=artifacts / "evening-projector-venue-ranking-1920x1080.png")
