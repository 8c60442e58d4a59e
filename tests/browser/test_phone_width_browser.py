"""Pages that fill up with hands, players and tie-breaks still fit a 390 px phone: their wide
tables scroll inside their box, never the page. Also: the double-entry box on a phone, and
the table search with an iPhone's curly apostrophe."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import NamedTuple

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import (
    LONG_NAMES,
    assert_no_sideways_scroll,
    choose,
    open_the_entry_page_as,
    press_save,
)
from tests.factories import EventFactory, PlayerFactory, make_game, play
from tests.views.tournament_data import build, seat_tables, tournament
from tournaments.models import Registration, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def long_game(club):
    """Four players with long names, six hands played (one undercut-free rami night), at the
    club of the shared `organiser` fixture."""
    event = EventFactory(club=club, variant="rami-penalites", options={"target": 500})
    game = make_game(event, players=LONG_NAMES, pot=Decimal(20))
    for number in range(6):
        ender = LONG_NAMES[number % 4]
        held = {name: 7 * (i + 1) + number for i, name in enumerate(LONG_NAMES) if name != ender}
        play(game, "going_out", ender, **held)
    return game


def test_the_entry_page_with_hands_fits_and_every_correction_link_is_reachable(
    page: Page, live_server: LiveServer, artifacts: Path, organiser, long_game
) -> None:
    game = long_game
    open_the_entry_page_as(page, live_server.url, organiser, game)
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


class HandSavedMeanwhile(NamedTuple):
    """Hand 1 as this phone typed it and as another phone stored it first, and the answer."""

    typed: tuple[str, str]  # Bruno's and Chloé's counts (Anne went out)
    stored: dict[str, int]
    role: str  # status: nothing went wrong, nothing to do; alert: the entries differ
    next_says: str
    correction_links: int
    screenshot: str


THE_SAME_HAND_THAT_ENDED_THE_GAME = HandSavedMeanwhile(  # Bruno passes 100
    ("100", "5"), {"Bruno": 100, "Chloé": 5}, "status", "Anne", 0, "entry-conflict-same-phone.png"
)
A_DIFFERENT_HAND = HandSavedMeanwhile(
    ("12", "5"), {"Bruno": 21, "Chloé": 5}, "alert", "2", 1, "entry-conflict-different-phone.png"
)


@pytest.mark.parametrize(
    "meanwhile",
    [
        pytest.param(THE_SAME_HAND_THAT_ENDED_THE_GAME, id="the same hand that ended the game"),
        pytest.param(A_DIFFERENT_HAND, id="a different hand offers the correction"),
    ],
)
def test_a_hand_saved_meanwhile_from_another_phone_is_answered_in_a_box_that_fits(
    page: Page,
    live_server: LiveServer,
    artifacts: Path,
    organiser,
    game,
    meanwhile: HandSavedMeanwhile,
) -> None:
    """The organiser's phone types hand 1 of a game to 100 while another phone saves its own
    hand 1 first; the box that answers Save says what is stored and what comes next."""
    open_the_entry_page_as(page, live_server.url, organiser, game)
    choose(page, "ended_by", "1")
    page.fill("#id_held_2", meanwhile.typed[0])
    page.fill("#id_held_3", meanwhile.typed[1])
    play(game, "going_out", "Anne", **meanwhile.stored)
    # Wait for the page that answers: the live preview of the typed hand may show the same
    # conflict box a moment before, on the page being left.
    with page.expect_navigation():
        press_save(page)
    box = page.locator(".notice.conflict")
    expect(box).to_have_attribute("role", meanwhile.role)
    expect(box.locator(".conflict-next")).to_contain_text(meanwhile.next_says)
    expect(box.locator(".stored-points li")).to_have_count(3)
    correction = f'a[href="/games/{game.pk}/hands/1/correct/"]:visible'
    expect(box.locator(correction)).to_have_count(meanwhile.correction_links)
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / meanwhile.screenshot, full_page=True)


def test_the_public_table_page_with_hands_fits(
    page: Page, live_server: LiveServer, artifacts: Path, long_game
) -> None:
    game = long_game
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
    # Every figure, tie-breaks and prize included, is on the phone's screen: the table does
    # not slide sideways within its box either.
    outside = page.evaluate(
        """() => [...document.querySelectorAll("table.standings tbody td")]
              .filter((cell) => cell.getBoundingClientRect().right > innerWidth)
              .map((cell) => cell.dataset.label || cell.textContent.trim())"""
    )
    assert outside == []
    region = page.locator(".table-scroll")
    assert region.evaluate("(box) => box.scrollWidth <= box.clientWidth")
    # Each figure says which it is: "Prize 27,00 €", not a number alone.
    first = page.locator("table.standings tbody tr").first
    expect(first.locator("td[data-label='Gain']")).to_be_visible()
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
