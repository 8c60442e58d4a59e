"""A club's people in Chromium on a phone: the organiser makes an invitation and shows its QR
code; a volunteer opens it, makes his account and lands on the event with his role; both
pages fit the phone with no accessibility violation."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import assert_no_sideways_scroll, log_in
from tests.factories import EventFactory
from tournaments.models import Invitation, Membership

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def violations(page: Page) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {[node['target'] for node in v['nodes']][:4]}"
        for v in Axe().run(page).response["violations"]
    ]


def test_an_invitation_by_qr_code_brings_a_scorer_in(
    page: Page, live_server: LiveServer, organiser, club, browser
) -> None:
    event = EventFactory(club=club, name="Soirée du jeudi")
    server = live_server.url
    log_in(page, server, organiser)
    page.goto(f"{server}/manage/clubs/{club.id}/people/")
    page.select_option("#id_role", "scorer")
    page.select_option("#id_event", str(event.id))
    page.locator("#invite button[type=submit]").click()
    expect(page.locator(".invitation .join-qr svg")).to_be_visible()
    assert_no_sideways_scroll(page)
    assert violations(page) == []
    link = page.locator(".invitation input[readonly]").input_value()

    volunteer = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    phone = volunteer.new_page()
    phone.goto(link)
    assert_no_sideways_scroll(phone)
    assert violations(phone) == []
    phone.fill("#id_username", "marc")
    phone.fill("#id_password1", "feuilles-de-marque-7")
    phone.fill("#id_password2", "feuilles-de-marque-7")
    phone.locator("main form button[type=submit]").click()
    expect(phone).to_have_url(f"{server}/manage/events/{event.id}/")
    assert violations(phone) == []
    volunteer.close()
    held = Membership.objects.get(user__username="marc")
    assert (held.role, held.event_id) == ("scorer", event.id)
    assert Invitation.objects.get().accepted_by.username == "marc"
