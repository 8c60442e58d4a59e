"""Pages that fill up with hands, players and tie-breaks still fit a 390 px phone: their wide
tables scroll inside their box, never the page. Also: the double-entry box on a phone, and
the table search with an iPhone's curly apostrophe."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    UserFactory,
    make_game,
    play,
)
from tests.views.tournament_data import build, seat_tables, tournament
from tournaments.models import Registration, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Bernadette", "Jean-Christophe", "Marie-Hélène", "Maximilien")


def assert_no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide"


def log_in(page: Page, server: str, user) -> None:
    """The organiser's session, made by the test client and handed to the browser."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": server}])


@pytest.fixture
def long_game():
    """Four players with long names, six hands played (one undercut-free rami night)."""
    organiser = UserFactory(username="demo", first_name="Demo", last_name="Organiser")
    club = ClubFactory()
    club.organisers.add(organiser)
    event = EventFactory(club=club, variant="rami-penalites", options={"target": 500})
    game = make_game(event, players=PLAYERS, pot=Decimal(20))
    for number in range(6):
        ender = PLAYERS[number % 4]
        held = {name: 7 * (i + 1) + number for i, name in enumerate(PLAYERS) if name != ender}
        play(game, "going_out", ender, **held)
    return organiser, game


def test_the_entry_page_with_hands_fits_and_every_correction_link_is_reachable(
    page: Page, live_server: LiveServer, artifacts: Path, long_game
) -> None:
    organiser, game = long_game
    log_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/games/{game.pk}/enter/")
    page.locator(".hands summary").click()
    expect(page.locator(".hands-table tbody tr")).to_have_count(6)
    assert_no_sideways_scroll(page)
    page.locator(".hands").screenshot(path=artifacts / "entry-hands-phone.png")
    page.screenshot(path=artifacts / "entry-several-hands-phone.png", full_page=True)
    # Every ✎ is in sight without scrolling the table (its column sticks to the right edge).
    for link in page.locator("a.correct-link").all():
        box = link.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, box
    page.locator(f'a.correct-link[href="/games/{game.pk}/hands/1/correct/"]').click()
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/hands/1/correct/")
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "entry-correct-history-phone.png", full_page=True)


def organiser_typing_hand_1(page: Page, live_server: LiveServer, *, bruno: str, chloe: str):
    """An organiser's phone with hand 1 typed (Anne went out), not yet saved: the game."""
    organiser = UserFactory(username="demo")
    club = ClubFactory()
    club.organisers.add(organiser)
    game = make_game(EventFactory(club=club, variant="rami-penalites", options={"target": 100}))
    log_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/games/{game.pk}/enter/")
    page.locator('label:has(input[name="ended_by"][value="1"])').click()
    page.fill("#id_held_2", bruno)
    page.fill("#id_held_3", chloe)
    return game


def save_and_wait_for_the_answer(page: Page) -> None:
    """Save, and wait for the page that answers: the live preview of the typed hand may show
    the same conflict box a moment before, on the page being left."""
    with page.expect_navigation():
        page.locator(".form-actions button.primary").click()


def test_the_same_hand_from_two_phones_and_the_hand_that_ended_the_game(
    page: Page, live_server: LiveServer, artifacts: Path
) -> None:
    game = organiser_typing_hand_1(page, live_server, bruno="100", chloe="5")
    # Meanwhile the other phone saved the same hand, which ends the game (Bruno passes 100).
    play(game, "going_out", "Anne", Bruno=100, Chloé=5)
    save_and_wait_for_the_answer(page)
    box = page.locator(".notice.conflict")
    expect(box).to_have_attribute("role", "status")  # nothing went wrong: nothing to do
    expect(box.locator(".conflict-next")).to_contain_text("Anne")
    expect(box.locator(".stored-points li")).to_have_count(3)
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "entry-conflict-same-phone.png", full_page=True)


def test_a_different_hand_from_the_other_phone_offers_the_organiser_the_correction(
    page: Page, live_server: LiveServer, artifacts: Path
) -> None:
    game = organiser_typing_hand_1(page, live_server, bruno="12", chloe="5")
    play(game, "going_out", "Anne", Bruno=21, Chloé=5)
    save_and_wait_for_the_answer(page)
    box = page.locator(".notice.conflict")
    expect(box).to_have_attribute("role", "alert")
    expect(box.locator(f'a[href="/games/{game.pk}/hands/1/correct/"]')).to_be_visible()
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "entry-conflict-different-phone.png", full_page=True)


def test_the_public_table_page_with_hands_fits(
    page: Page, live_server: LiveServer, artifacts: Path, long_game
) -> None:
    _organiser, game = long_game
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("table.hands tbody tr")).to_have_count(6)
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "public-table-long-names-phone.png", full_page=True)


def test_the_standings_with_tie_breaks_and_prizes_fit(
    page: Page, live_server: LiveServer, artifacts: Path
) -> None:
    event, _people = build(9, 2, entry_fee=Decimal(10), club_share=Decimal(10))
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    expect(page.locator("table.standings tbody tr")).to_have_count(9)
    expect(page.locator(".pool-total")).to_have_text("81,00 €")
    expect(page.locator("ul.points-scale li")).to_have_count(4)  # 3 places and a bye
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "tournament-standings-explained-phone.png", full_page=True)


def test_the_table_search_finds_a_name_typed_with_a_curly_apostrophe(
    page: Page, live_server: LiveServer, artifacts: Path
) -> None:
    event = tournament()
    round_ = Round.objects.create(event=event, number=1)
    names = ("Awa N'Diaye", "Bruno", "Chloé", "Dan", "Élise", "Fred")
    players = [PlayerFactory(club=event.club, name=name) for name in names]
    for player in players:
        Registration.objects.create(event=event, player=player, checked_in=True)
    seat_tables(event, round_, [players[3:], players[:3]], finished=False)
    page.goto(f"{live_server.url}/events/{event.pk}/tournament/")
    cards = page.locator("[data-tables] > .table-card")
    expect(cards).to_have_count(2)
    page.fill("#table-search", "n’diaye")  # as an iPhone types it
    expect(page.locator("[data-tables] > .table-card:visible")).to_have_count(1)
    expect(page.locator("[data-tables] li.found")).to_have_text("Awa N'Diaye")
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "tournament-search-apostrophe-phone.png", full_page=True)
