"""The round clock on a phone: the countdown runs from the server's time even when the
phone's own clock is hours wrong, says when time is up, and follows the organiser's extra
time at the next poll. Time is moved with Playwright's clock, never waited for."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import play
from tournaments.events.services.clock import extend_clock, start_clock

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WRONG = datetime.timedelta(hours=3, minutes=7)  # the phone's clock is that far ahead


def seconds_shown(page: Page) -> int:
    text = page.locator("#round-clock [data-clock-time]").inner_text()
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_countdown_on_a_phone_whose_clock_is_wrong(
    page: Page, live_server: LiveServer, artifacts: Path, game
):
    play(game, "going_out", "Anne", Bruno=30, Chloé=45)
    # Six seconds left on the server's clock when the phone opens the page.
    start_clock(round_=game.round, minutes=1, now=timezone.now() - datetime.timedelta(seconds=54))
    phone_now = timezone.now() + WRONG
    page.clock.install(time=phone_now)
    page.clock.pause_at(phone_now + datetime.timedelta(seconds=1))  # time moves when told
    page.goto(f"{live_server.url}/t/{game.link_token}/")
    clock = page.locator("#round-clock [data-clock]")
    expect(clock).to_have_attribute("data-state", "running")
    # Not 0:00 (the phone's clock is past the deadline), not 3 hours: the server's time left.
    assert 1 <= seconds_shown(page) <= 6
    expect(page.locator(".clock-up-note")).to_be_hidden()
    page.screenshot(path=artifacts / "clock-entry-running-phone.png", full_page=True)

    page.clock.run_for(7_000)  # before the first poll, ten seconds after the page opened
    expect(clock).to_have_attribute("data-state", "time_up")
    expect(page.locator(".clock-up-note")).to_be_visible()
    expect(page.locator(".clock-up-note")).to_contain_text("Finissez la donne en cours")
    expect(page.locator("[data-clock-announce]")).to_have_text("Temps écoulé")
    expect(page.locator("#hand-form")).to_be_visible()  # the hand in play can be entered
    page.screenshot(path=artifacts / "clock-entry-time-up-phone.png", full_page=True)

    # The organiser gives five more minutes: the next poll brings the new deadline, and the
    # Date of its answer re-syncs the phone's wrong clock.
    extend_clock(round_=game.round, minutes=5)
    with page.expect_response(lambda r: r.url.endswith("/clock/")):
        page.clock.run_for(5_000)
    expect(clock).to_have_attribute("data-state", "running")
    deadline = int(clock.get_attribute("data-deadline")) / 1000
    left = deadline - timezone.now().timestamp()  # on the server's clock
    assert 4 * 60 < left <= 5 * 60 + 6
    assert left - 1.5 <= seconds_shown(page) <= left + 2
    expect(page.locator(".clock-up-note")).to_be_hidden()


def test_the_table_page_counts_down_too(page: Page, live_server: LiveServer, artifacts, game):
    start_clock(round_=game.round, minutes=45, now=timezone.now())
    page.goto(f"{live_server.url}/games/{game.pk}/")
    clock = page.locator("#game-live [data-clock]")
    expect(clock).to_have_attribute("data-state", "running")
    expect(clock).to_contain_text("Temps restant")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "clock-table-page-phone.png", full_page=True)
