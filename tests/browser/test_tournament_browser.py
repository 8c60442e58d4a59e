"""A 3-round Swiss tournament of 9 players at rami tables, from seating to the prize split,
driven through the organiser pages and the hand entry pages in Chromium on a phone."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import log_in_with_the_form

pytestmark = pytest.mark.browser

PLAYERS = ["Anne", "Bruno", "Chloé", "Dan", "Élodie", "François", "Gaëlle", "Hugo", "Inès"]


def create_tournament(page: Page, server: str) -> str:
    """The new event form: a rami à pénalités tournament to 50, 10.00 a head, 10 % to the
    club. The event page's address."""
    page.goto(f"{server}/manage/events/new/")
    page.fill("#id_name", "Tournoi du printemps")
    # The tournament settings show once "tournament" is chosen, not for a club night.
    tournament_settings = page.locator("fieldset.tournament-settings")
    expect(tournament_settings).to_be_hidden()
    page.select_option("#id_kind", "tournament")
    expect(tournament_settings).to_be_visible()
    # Rami à pénalités is the form's first choice: choosing it again would swap the options
    # in (htmx) and could reset the target typed meanwhile.
    expect(page.locator("#id_variant")).to_have_value("rami-penalites")
    page.fill("#id_opt-target", "50")
    page.fill("#id_entry_fee", "10")
    page.select_option("#id_seating_method", "swiss")
    page.fill("#id_points_scale", "3, 1, 0")
    # The tie-breaks in order, from their list (each with its explanation).
    for number, key in enumerate(("score", "wins", "opponents_points"), start=1):
        page.select_option(f'select[name="tie_breaks_{key}"]', str(number))
    page.fill("#id_prize_places", "50, 30, 20")
    page.fill("#id_club_share", "10")
    expect(page.locator("#id_opt-target")).to_have_value("50")
    page.locator("form.stacked-form > button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/manage/events/\d+/"))
    return page.url.split("?")[0].split("#")[0]


def add_players(page: Page, event_url: str) -> None:
    for name in PLAYERS:
        page.fill("#id_name", name)
        page.locator("#add-player button[type=submit]").click()
        expect(page.locator("#players .messages")).to_contain_text(name)
    expect(page.locator(".player-list li")).to_have_count(len(PLAYERS))


def seat_round(page: Page, event_url: str, number: int) -> list[str]:
    """Seat the round with the event's method (Swiss); the addresses of its tables' entry."""
    page.goto(event_url)
    expect(page.locator("#id_method")).to_have_value("swiss")
    page.locator("#rounds form.stacked-form button[type=submit]").click()
    expect(page.locator(f"#round-{number}")).to_be_visible()
    tables = page.locator(f"#round-{number} a[href$='/enter/']")
    return [tables.nth(i).get_attribute("href") for i in range(tables.count())]


def play_one_hand(page: Page, server: str, enter_url: str, round_number: int, table: int):
    """One hand ends the game: someone goes out, another goes over the 50 limit."""
    page.goto(server + enter_url)
    seats = page.locator("input[name=ended_by]").count()
    winner = (round_number + table) % seats + 1
    going_out = page.locator("input[name=how][value=going_out]").get_attribute("id")
    page.locator(f"label[for='{going_out}']").click()
    ended_by = page.locator(f"input[name=ended_by][value='{winner}']").get_attribute("id")
    page.locator(f"label[for='{ended_by}']").click()
    for step in range(1, seats):
        position = (winner - 1 + step) % seats + 1
        # The next seat goes over the limit; the others hold a little, differently each time.
        held = 55 + table if step == 1 else 4 * step + 3 * table + round_number
        page.fill(f"input[name=held_{position}]", str(held))
    page.locator("#hand-form button.primary").click()
    expect(page.locator(".messages")).to_contain_text("1")


def close_round(page: Page, event_url: str, number: int) -> None:
    page.goto(event_url)
    # Every table ended by its target (none is closed at time).
    tables = page.locator(f"#round-{number} .table-card")
    expect(tables.locator(".badge", has_text="finished")).to_have_count(tables.count())
    page.locator(f"#round-{number} a[href$='/close/']").first.click()
    page.locator("main form button[type=submit]").click()
    expect(page.locator(f"#round-{number} .badge").first).to_have_text(re.compile(r"\S"))


def test_a_three_round_swiss_tournament_from_seating_to_prize_split(
    page: Page, live_server: LiveServer, transactional_db, organiser, club, artifacts: Path
) -> None:
    server = live_server.url
    # English pages: the steps find buttons by the words on them only where there is no id.
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": server}])
    log_in_with_the_form(page, server, organiser.username)
    event_url = create_tournament(page, server)
    event_id = re.search(r"/events/(\d+)/", event_url).group(1)
    add_players(page, event_url)

    for number in (1, 2, 3):
        tables = seat_round(page, event_url, number)
        if number == 3:
            check_the_table_search(page, server, event_id, len(tables), artifacts)
            standings = open_live_standings(page, server, event_id)
        for table, enter_url in enumerate(tables, start=1):
            play_one_hand(page, server, enter_url, number, table)
        if number == 3:
            check_the_live_standings_refresh(standings)
        close_round(page, event_url, number)

    # The standings: nine players, three games each, the pool shared out to the cent.
    page.goto(f"{server}/events/{event_id}/standings/")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(9)
    expect(page.locator(".round-status")).to_contain_text("After 3 rounds")
    expect(page.locator("#standings")).not_to_have_attribute("hx-trigger", re.compile("."))
    games = page.locator("table.standings tbody td:nth-child(4)").all_inner_texts()
    assert games == ["3"] * 9
    expect(page.locator(".pool-total")).to_have_text("81.00 €")  # 9 × 10.00 − 10 %
    prize_cells = page.locator("table.standings tbody td:last-child").all_inner_texts()
    prizes = [
        Decimal(text.removesuffix("€").strip())
        for text in prize_cells
        if text.strip() not in {"", "–"}
    ]
    assert sum(prizes) == Decimal("81.00")
    assert len(prizes) >= 3
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "tournament-standings-phone.png", full_page=True)

    # A player's page from the standings.
    rows.first.locator("td:nth-child(2) a").click()
    expect(page.locator(".round-card")).to_have_count(3)
    page.screenshot(path=artifacts / "tournament-player-phone.png", full_page=True)

    # The tournament page after the last round: no search, three past rounds with winners.
    page.goto(f"{server}/events/{event_id}/tournament/")
    expect(page.locator("details.past-round")).to_have_count(3)
    # The last round, open, names a winner at each of its tables.
    last_round = page.locator("details.past-round[open]")
    expect(last_round).to_have_count(1)
    assert last_round.locator(".winner-badge").count() >= last_round.locator(".table-card").count()
    page.screenshot(path=artifacts / "tournament-after-phone.png", full_page=True)


def check_the_table_search(
    page: Page, server: str, event_id: str, tables: int, artifacts: Path
) -> None:
    """Round 3 in play: typing "eloDIE" (no accent) leaves Élodie's table alone, lit up."""
    page.goto(f"{server}/events/{event_id}/tournament/")
    cards = page.locator("[data-tables] > .table-card")
    expect(cards).to_have_count(tables)
    page.fill("#table-search", "eloDIE")
    expect(page.locator("[data-tables] > .table-card:visible")).to_have_count(1)
    expect(page.locator("[data-tables] li.found")).to_have_text("Élodie")
    expect(page.locator("#search-count")).to_have_text("Tables shown: 1")
    page.screenshot(path=artifacts / "tournament-search-phone.png", full_page=True)
    page.fill("#table-search", "")
    expect(page.locator("[data-tables] > .table-card:visible")).to_have_count(tables)
    page.fill("#table-search", "Zorro")
    expect(page.locator("[data-tables] > .table-card:visible")).to_have_count(0)
    expect(page.locator("#search-count")).to_contain_text("No table")


def open_live_standings(page: Page, server: str, event_id: str) -> Page:
    """The standings in a second tab while round 3 is in play: they poll for updates."""
    standings = page.context.new_page()
    standings.goto(f"{server}/events/{event_id}/standings/")
    expect(standings.locator("#standings")).to_have_attribute("hx-trigger", "every 20s")
    expect(standings.locator(".round-status")).to_contain_text("Round 3 in play")
    games = standings.locator("table.standings tbody td:nth-child(4)").all_inner_texts()
    assert set(games) == {"2"}
    return standings


def check_the_live_standings_refresh(standings: Page) -> None:
    """What the next poll does, asked for now rather than in up to 20 s: the same request,
    swapped in place. (The longer timeout covers a slow machine where a poll of its own was on
    its way: htmx then drops this request and the next poll brings the news.)"""
    standings.bring_to_front()
    standings.evaluate(
        "htmx.ajax('GET', location.pathname + location.search,"
        " {source: '#standings', target: '#standings', swap: 'outerHTML'})"
    )
    games = standings.locator("table.standings tbody td:nth-child(4)")
    expect(games.first).to_have_text("3", timeout=30_000)
    expect(standings.locator("#standings")).to_have_count(1)
    expect(standings.locator("header.site-header")).to_have_count(1)  # no page in the page
    standings.close()
