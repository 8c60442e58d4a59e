"""An organiser on a phone: create a club night, add seven players, seat them at random.

Selectors use ids, names and URLs, not words, so that the test holds in French and English.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import assert_no_sideways_scroll, log_in_with_the_form
from tests.factories import ClubFactory, UserFactory, organise
from tournaments.models import Event, Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEVEN = [
    "Anne-Sophie Lefèvre",
    "Bruno Maréchal",
    "Chloé Dubois",
    "François N'Diaye",
    "Marie-Thérèse de La Rochefoucauld-Montbazon",
    "Élodie Garnier",
    "Gérard Lemoine",
]


@pytest.fixture
def claire(page: Page, live_server: LiveServer):
    """Claire, organiser of the Montreuil club, logged in through the form on the phone."""
    organiser = UserFactory(username="claire")
    organise(ClubFactory(name="Club de rami de Montreuil"), organiser)
    log_in_with_the_form(page, live_server.url, organiser.username)
    return organiser


def test_an_organiser_creates_a_club_night_adds_seven_players_and_seats_them(
    page: Page, live_server: LiveServer, artifacts: Path, claire
) -> None:
    page.screenshot(path=artifacts / "organiser-dashboard.png", full_page=True)

    page.locator('a[href="/manage/events/new/"]').click()
    page.fill("#id_name", "Soirée du jeudi")
    # Choosing a variant swaps its options in (htmx), at their defaults.
    page.select_option("#id_variant", "gin-rummy")
    expect(page.locator("#id_opt-knock_max")).to_have_value("10")
    expect(page.locator("#id_opt-rami_penalty")).to_have_count(0)
    page.select_option("#id_variant", "rami-penalites")
    expect(page.locator("#id_opt-rami_penalty")).to_have_value("25")
    expect(page.locator("#id_opt-target")).to_have_value("100")
    page.fill("#id_opt-target", "150")
    page.fill("#id_entry_fee", "5")
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "organiser-new-event.png", full_page=True)
    page.locator("form.stacked-form > button[type=submit]").click()

    event = Event.objects.get()
    expect(page).to_have_url(f"{live_server.url}/manage/events/{event.id}/")
    assert event.options == {"target": 150} and event.variant == "rami-penalites"

    for name in SEVEN:
        # After each add the name field has the focus again: type, Enter, next.
        page.locator("#id_name").fill(name)
        page.locator("#id_name").press("Enter")
        expect(page.locator(".player-list")).to_contain_text(name)
        expect(page.locator("#id_name")).to_be_focused()
    assert event.registrations.filter(checked_in=True).count() == 7
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "organiser-players.png", full_page=True)

    page.locator(f'form[action="/manage/events/{event.id}/rounds/"] button').click()
    expect(page.locator(".table-card")).to_have_count(2)
    sizes = sorted(game.seats.count() for game in Game.objects.filter(event=event))
    assert sizes == [3, 4]
    link = page.locator(".table-card input[readonly]").first
    expect(link).to_have_value(
        f"{live_server.url}/t/{Game.objects.order_by('table_number')[0].link_token}/"
    )
    assert_no_sideways_scroll(page)
    page.locator("#rounds").screenshot(path=artifacts / "organiser-round-seated.png")
    page.screenshot(path=artifacts / "organiser-event-page.png", full_page=True)

    # Closing the round asks first, on its own page.
    page.locator(f'a[href="/manage/events/{event.id}/rounds/1/close/"]').click()
    expect(page).to_have_url(f"{live_server.url}/manage/events/{event.id}/rounds/1/close/")
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "organiser-confirm.png", full_page=True)
    page.locator("main form button.danger").click()
    expect(page).to_have_url(f"{live_server.url}/manage/events/{event.id}/#rounds")
    assert event.rounds.get().is_closed


@pytest.mark.browser_context_args(java_script_enabled=False)
def test_without_javascript_the_variant_options_come_in_a_second_step(
    page: Page, live_server: LiveServer, artifacts: Path, claire
) -> None:
    page.goto(f"{live_server.url}/manage/events/new/")
    # No script to hide them: the tournament settings are there, whatever the kind.
    expect(page.locator("#id_points_scale")).to_be_visible()
    page.fill("#id_name", "Gin du mardi")
    page.select_option("#id_variant", "gin-rummy")
    page.locator('button[name="show_options"]').click()
    expect(page.locator("#id_opt-knock_max")).to_have_value("10")
    expect(page.locator("#id_name")).to_have_value("Gin du mardi")
    page.locator("form.stacked-form > button[type=submit]").click()
    event = Event.objects.get()
    assert event.variant == "gin-rummy" and event.name == "Gin du mardi"


def test_the_demo_club_nights_pages_on_a_phone(
    page: Page, live_server: LiveServer, artifacts: Path, demo
) -> None:
    summary = demo
    rami = summary.events[0]
    log_in_with_the_form(page, live_server.url, summary.username, summary.password)
    page.screenshot(path=artifacts / "organiser-demo-dashboard.png", full_page=True)
    page.goto(f"{live_server.url}/manage/events/{rami.id}/")
    expect(page.locator(".table-card .winner")).to_have_count(1)
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "organiser-demo-event.png", full_page=True)
    page.goto(f"{live_server.url}/manage/events/{rami.id}/rules/")
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "organiser-demo-rules.png", full_page=True)
    page.goto(f"{live_server.url}/manage/events/{rami.id}/import/")
    page.fill("#id_text", '{"format": "ramiscore/1", "variant": "belote"}')
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".error-box")).to_contain_text("belote")
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "organiser-import-error.png", full_page=True)
    page.goto(f"{live_server.url}/manage/events/{summary.events[1].id}/rounds/by-hand/")
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "organiser-seat-by-hand.png", full_page=True)
