"""The organiser's event page on the club's laptop (1280×800) and on a phone: the tables in
play first and side by side, the players beside them; players added, one or a pasted list,
without a page load.

Selectors use ids, names and URLs, not words, so that the tests hold in French and English.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import assert_no_sideways_scroll, log_in
from tests.browser.test_accessibility_browser import serious_violations
from tests.factories import ClubFactory, UserFactory, play
from tournaments.events.services.events import create_event, register_player
from tournaments.events.services.rounds import open_round
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1280, "height": 800}
ELEVEN = [
    "Anne-Sophie Lefèvre",
    "Bruno Maréchal",
    "Chloé Dubois",
    "Denis Hoarau",
    "Élodie Garnier",
    "François N'Diaye",
    "Gérard Lemoine",
    "Hélène Castel",
    "Isabelle Roux",
    "Jacques Martin",
    "Marie-Thérèse de La Rochefoucauld-Montbazon",
]
# Today's page was 4,000 px tall for these eleven at 1280 px wide; two laptop screens at most.
MOST_HEIGHT = 1600

# Where an element is on the page: its box, in CSS pixels.
BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


@pytest.fixture
def organiser(page: Page, live_server: LiveServer):
    organiser = UserFactory(username="claire", first_name="Claire", last_name="Vidal")
    log_in(page, live_server.url, organiser)
    return organiser


@pytest.fixture
def tournament(organiser) -> Event:
    """A tournament of eleven players in three planned rounds, round 1 seated (three tables)
    and a hand played at its first table."""
    club = ClubFactory(name="Club de rami de Montreuil")
    club.organisers.add(organiser)
    event = create_event(
        club=club,
        name="Tournoi de printemps",
        date=datetime.date(2026, 4, 18),
        variant="rami-penalites",
        kind=Event.Kind.TOURNAMENT,
        entry_fee=5,
        planned_rounds=3,
    )
    for name in ELEVEN:
        register_player(event=event, name=name)
    round_ = open_round(event=event, method=Event.Seating.RANDOM, seed=7)
    table = round_.games.order_by("table_number").first()
    names = [seat.player.name for seat in table.seats.order_by("position")]
    play(table, "going_out", names[0], **dict.fromkeys(names[1:], 12))
    return event


def box(page: Page, selector: str) -> list[float]:
    return page.locator(selector).first.evaluate(BOX)


def test_on_the_laptop_the_tables_come_first_side_by_side_with_the_players_beside(
    page: Page, live_server: LiveServer, artifacts: Path, tournament: Event
) -> None:
    page.set_viewport_size(LAPTOP)
    page.goto(f"{live_server.url}/manage/events/{tournament.id}/")
    expect(page.locator(".table-card")).to_have_count(3)

    first, second = box(page, ".table-card >> nth=0"), box(page, ".table-card >> nth=1")
    assert first[1] == second[1] and first[2] <= second[0], "two tables side by side"
    tables, players = box(page, "#rounds"), box(page, "#players .player-list")
    assert tables[2] <= players[0], "the players beside the tables, on their right"
    assert players[1] < tables[3], "beside them, not under them"
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < MOST_HEIGHT, f"the page is {height}px tall"
    page.screenshot(path=artifacts / "event-page-laptop.png", full_page=True)
    assert serious_violations(page) == []


def test_on_a_phone_the_tables_in_play_come_before_the_players(
    page: Page, live_server: LiveServer, artifacts: Path, tournament: Event
) -> None:
    page.goto(f"{live_server.url}/manage/events/{tournament.id}/")
    assert box(page, ".table-card")[1] < box(page, "#players")[1]
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "event-page-phone.png", full_page=True)
    assert serious_violations(page) == []


@pytest.mark.parametrize("viewport", [LAPTOP, None], ids=["laptop", "phone"])
def test_players_are_added_one_by_one_or_as_a_list_without_a_page_load(
    viewport, page: Page, live_server: LiveServer, organiser
) -> None:
    club = ClubFactory(name="Club de rami de Montreuil")
    club.organisers.add(organiser)
    event = create_event(
        club=club, name="Soirée du jeudi", date=datetime.date(2026, 4, 16), variant="rami-penalites"
    )
    if viewport:
        page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/manage/events/{event.id}/")
    page.evaluate("window.stillTheSamePage = true")

    for name in ELEVEN[:2]:
        page.locator("#id_name").fill(name)
        page.locator("#id_name").press("Enter")
        expect(page.locator(".player-list")).to_contain_text(name)
        # Type, Enter, the next name: the field is empty and has the focus again.
        expect(page.locator("#id_name")).to_be_focused()
        expect(page.locator("#id_name")).to_have_value("")
    page.locator("#add-players summary").click()
    page.locator("#id_names").fill("\n".join(ELEVEN[2:]) + "\n\n")
    page.locator("#add-players button[type=submit]").click()
    expect(page.locator(".player-list li")).to_have_count(11)
    expect(page.locator("#id_names")).to_have_value("")
    # What the organiser is told, and the present count of the seating box, follow.
    expect(page.locator("#players .messages")).to_be_visible()
    expect(page.locator("#seat-count")).to_contain_text("11")

    assert page.evaluate("window.stillTheSamePage") is True
    assert serious_violations(page) == []  # what was swapped in too
    assert event.registrations.filter(checked_in=True).count() == 11
    if viewport is None:
        assert_no_sideways_scroll(page)
