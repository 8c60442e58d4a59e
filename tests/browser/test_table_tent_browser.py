"""A table tent's QR code serves every round (issue 18 §5): scanned in round 1 it opens the
table's round 1 game; once round 2 is seated the same code opens round 2's, and a hand kept
on the phone for round 1 is not forgotten: the page links to the table it is sent from."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import press_save, save_and_wait, type_hand
from tests.factories import EventFactory, make_game
from tournaments.models import Round
from tournaments.play.services.links import tent_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_tent_opens_each_round_and_a_hand_kept_for_round_1_still_gets_sent(
    page: Page, live_server: LiveServer, club
) -> None:
    event = EventFactory(club=club, options={"target": 1000})
    first = make_game(event, table_number=2)
    tent = live_server.url + tent_path(event.pk, 2)
    page.goto(tent)
    expect(page).to_have_url(f"{live_server.url}/t/{first.link_token}/")
    page.context.set_offline(True)
    type_hand(page, "1", "12", "30")
    press_save(page)  # kept for round 1's game
    expect(page.locator("#pending-hands .pending-list li")).to_have_count(1)

    page.close()  # the phone sleeps; round 2 is seated meanwhile
    second = make_game(event, table_number=2, round_=Round.objects.create(event=event, number=2))
    context = page.context
    page = context.new_page()
    context.set_offline(False)
    page.goto(tent)  # the same QR code, scanned again
    expect(page).to_have_url(f"{live_server.url}/t/{second.link_token}/")
    other = page.locator("#other-tables")
    expect(other).to_be_visible()
    with page.expect_navigation():
        other.locator("a").click()
    expect(page.locator(".messages")).to_contain_text("Donne 1 enregistrée.", timeout=15_000)
    assert first.hands.count() == 1 and second.hands.count() == 0
    type_hand(page, "2", "5", "8")
    save_and_wait(page)
    assert first.hands.count() == 2
