"""The season page and a member's page on a 390 × 844 phone: the standings scroll inside
their box (never the page), the rating chart fits. Screenshots land in test-artifacts/."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import assert_no_sideways_scroll
from tests.factories import ClubFactory
from tests.views.test_season_pages import season_with

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_season_and_a_member_page_fit_a_phone(
    page: Page, live_server: LiveServer, artifacts: Path
):
    club = ClubFactory(name="Club de rami de Montreuil")
    season = season_with(club, 6, 12, best_of=5)
    page.goto(f"{live_server.url}/seasons/{season.id}/")
    expect(page.locator("h1")).to_contain_text("Championnat")
    expect(page.locator("table.season-standings tbody tr")).to_have_count(12)
    assert_no_sideways_scroll(page)
    # 11 columns: on a phone each member is a card, every night's points with its date,
    # wrapping down, never sliding sideways.
    region = page.locator(".table-scroll")
    assert region.evaluate("e => e.scrollWidth <= e.clientWidth")
    nights = page.locator("table.season-standings tbody tr").first.locator("td.number")
    expect(nights.last).to_be_in_viewport()
    page.screenshot(path=artifacts / "season-phone.png", full_page=True)

    page.locator("table.season-standings tbody tr").first.locator("a").click()
    expect(page.locator(".rating-number")).to_be_visible()
    chart = page.locator("svg.rating-chart")
    assert chart.bounding_box()["width"] <= 390
    assert_no_sideways_scroll(page)
    page.screenshot(path=artifacts / "member-phone.png", full_page=True)
