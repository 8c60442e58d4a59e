"""The public pages in Chromium on a phone: an event night and its tables, finished and live."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import assert_no_sideways_scroll
from tests.factories import ClubFactory, EventFactory, make_game, play
from tournaments.play.services.entry import correct_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def night():
    """A club night: table 1 finished (with a correction), table 2 in play, table 3 gin."""
    club = ClubFactory(name="Club de rami de Montreuil")
    event = EventFactory(
        club=club,
        name="Soirée du jeudi",
        variant="rami-penalites",
        options={"target": 100},
        entry_fee=5,
    )
    done = make_game(event, players=("Anne", "Bruno", "Chloé", "Dominique"), pot=20)
    play(done, "going_out", "Anne", Bruno=25, Chloé=12, Dominique=40)
    play(done, "rami_sec", "Chloé", Anne=8, Bruno=14, Dominique=3)
    play(done, "going_out", "Bruno", Anne=22, Chloé="KD 7S 3H", Dominique=19)
    play(done, "going_out", "Dominique", Anne=60, Bruno=6, Chloé=9)
    correct_hand(
        hand=done.hands.get(number=3),
        facts=_facts(done, "going_out", "Bruno", Anne=24, Chloé=20, Dominique=19),
        reason="Anne recounted her cards",
    )
    live = make_game(event, table_number=2, players=("Élise", "François", "O'Brien <b>"), pot=15)
    play(live, "going_out", "Élise", François=18, **{"O'Brien <b>": 33})
    play(live, "going_out", "François", Élise=9, **{"O'Brien <b>": 21})
    gin = make_game(
        event, table_number=3, players=("Gaëlle", "Hugo"), variant="gin-rummy", options={}
    )
    play(gin, "knock", "Gaëlle", Gaëlle=4, Hugo=31)
    play(gin, "knock", "Hugo", Gaëlle=6, Hugo=9)
    return event, done, live


def _facts(game, how, ended_by, **held):
    from tournaments.play.facts import HandFacts
    from tournaments.rules.hands import parse_held

    seats = {s.player.name: s for s in game.seats.select_related("player")}
    return HandFacts(how, seats[ended_by], {seats[n].id: parse_held(v) for n, v in held.items()})


def test_the_event_page_on_a_phone(page: Page, live_server: LiveServer, artifacts: Path, night):
    event, done, live = night
    page.goto(f"{live_server.url}/events/{event.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Soirée du jeudi")
    cards = page.locator(".table-card")
    expect(cards).to_have_count(3)
    # Classes, not words: the French wording belongs to the translation.
    expect(cards.nth(0)).to_have_class("table-card table-card-finished")
    expect(cards.nth(1)).to_have_class("table-card table-card-in_play")
    expect(cards.nth(1)).to_contain_text("O'Brien <b>")
    expect(page.locator("#event-tables")).to_have_attribute("hx-trigger", "every 10s")
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "public-event-phone.png", full_page=True)


def test_a_finished_table_on_a_phone(page: Page, live_server: LiveServer, artifacts: Path, night):
    event, done, live = night
    page.goto(f"{live_server.url}/games/{done.pk}/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("1")
    expect(page.locator(".result")).to_be_visible()
    expect(page.locator(".prize-split li")).to_have_count(1)
    expect(page.locator("svg.score-chart polyline")).to_have_count(4)
    expect(page.locator(".changes li.change")).to_have_count(5)
    expect(page.locator("#game-live")).not_to_have_attribute("hx-trigger", "every 10s")
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "public-table-finished-phone.png", full_page=True)


def test_a_table_in_play_on_a_phone_updates_in_place(
    page: Page, live_server: LiveServer, artifacts: Path, night
):
    event, done, live = night
    page.goto(f"{live_server.url}/games/{live.pk}/")
    expect(page.locator("#game-live")).to_have_attribute("hx-trigger", "every 10s")
    expect(page.locator(".status-line .status")).to_have_class("status status-in_play")
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "public-table-live-phone.png", full_page=True)
    # The next hand ends the game; fetch the fragment the way the poll does, without waiting
    # ten seconds: it replaces the live block and carries no polling attribute any more.
    play(live, "going_out", "Élise", François=40, **{"O'Brien <b>": 50})
    page.evaluate(
        "url => htmx.ajax('GET', url, {target: '#game-live', swap: 'outerHTML'})",
        f"/games/{live.pk}/",
    )
    expect(page.locator(".status-line .status")).to_have_class("status status-finished")
    expect(page.locator("#game-live")).not_to_have_attribute("hx-trigger", "every 10s")
    expect(page.locator(".winner-line")).to_contain_text("Élise")
    assert page.locator("#game-live").count() == 1
    page.screenshot(path=artifacts / "public-table-live-then-finished-phone.png", full_page=True)
