"""Deleting an event in the browser, on a phone (issue 19 §3): from its page, the question
that says what goes and offers the archive, fitting 390 px with no serious accessibility
violation, then the organiser's events with the deletion recorded."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.archive_support import played_night
from tests.browser.steps import assert_no_sideways_scroll, log_in
from tests.browser.test_accessibility_browser import serious_violations
from tournaments.models import Event, EventDeletion

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_deletes_an_event_after_the_question(
    page: Page, live_server: LiveServer, artifacts: Path, club, organiser
) -> None:
    night = played_night(
        club, "Soirée du jeudi des Lilas et de Montreuil", datetime.date(2026, 11, 12), organiser
    )
    log_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/manage/events/{night.pk}/")
    page.get_by_role("link", name="Supprimer l’événement…").click()
    expect(page.locator("h1")).to_contain_text("Supprimer « Soirée du jeudi")
    expect(page.locator(".what-goes")).to_contain_text("2 tables, 4 donnes jouées")
    expect(page.get_by_role("link", name="Télécharger l’archive")).to_be_visible()
    assert_no_sideways_scroll(page)
    assert serious_violations(page) == []
    page.screenshot(path=artifacts / "delete-event-phone.png", full_page=True)
    page.get_by_role("button", name="Supprimer l’événement").click()
    expect(page).to_have_url(f"{live_server.url}/manage/")
    expect(page.locator("main")).to_contain_text("« Soirée du jeudi des Lilas")
    expect(page.locator("main")).to_contain_text("Événements supprimés")
    assert not Event.objects.filter(pk=night.pk).exists()
    assert EventDeletion.objects.get().deleted_by == organiser
