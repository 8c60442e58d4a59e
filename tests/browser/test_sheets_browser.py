"""Printing from a phone: the organiser finds the PDF links where he expects them, and each
one downloads a PDF (from the demo data, as `make run` loads it)."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tournaments.demo import DEMO_PASSWORD, DEMO_USERNAME
from tournaments.models import Event
from tournaments.views import sheets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def pdf_pages(page: Page, href: str) -> int:
    """Download a link with the browser's cookies; the number of pages of the PDF it gives."""
    response = page.request.get(page.evaluate("href => new URL(href, location.href).href", href))
    assert response.status == 200, href
    assert response.headers["content-type"] == "application/pdf", href
    return len(pypdf.PdfReader(io.BytesIO(response.body())).pages)


def test_an_organiser_prints_a_rounds_sheets_a_record_and_the_results(
    page: Page, live_server: LiveServer, artifacts: Path, demo
) -> None:
    night = Event.objects.filter(kind=Event.Kind.CLUB_NIGHT).order_by("pk").first()
    tables = night.games.count()
    page.goto(f"{live_server.url}/accounts/login/?next=/manage/events/{night.pk}/")
    page.fill("#id_username", DEMO_USERNAME)
    page.fill("#id_password", DEMO_PASSWORD)
    page.locator("main form button[type=submit]").click()

    sheets_link = page.locator(f'a[href="/sheets/events/{night.pk}/rounds/1/blank.pdf"]')
    expect(sheets_link).to_be_visible()
    sheets_link.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "sheets-organiser-links-phone.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    assert pdf_pages(page, sheets_link.get_attribute("href")) == tables
    results = page.locator(f'a[href="/sheets/events/{night.pk}/results.pdf"]').first
    assert pdf_pages(page, results.get_attribute("href")) >= 1
    record = page.locator('a[href$="/record.pdf"]').first
    assert pdf_pages(page, record.get_attribute("href")) >= 1


def test_an_organiser_has_a_rounds_sheets_prepared_then_downloads_them(
    page: Page, live_server: LiveServer, artifacts: Path, demo, monkeypatch
) -> None:
    """The task runs at once in tests (the immediate backend): the fragment htmx swaps in
    offers the file; the worker's progress is tested in tests/views/test_pdf_jobs.py."""
    # The demo's round as if it were too large to lay out in a request (the live server
    # runs in this process): its sheets are prepared in the background.
    monkeypatch.setattr(sheets, "IN_REQUEST_TABLES", 1)
    night = Event.objects.filter(kind=Event.Kind.CLUB_NIGHT).order_by("pk").first()
    page.goto(f"{live_server.url}/accounts/login/?next=/manage/events/{night.pk}/")
    page.fill("#id_username", DEMO_USERNAME)
    page.fill("#id_password", DEMO_PASSWORD)
    page.locator("main form button[type=submit]").click()

    # The one place to print the round: buttons that prepare, no link that would render.
    expect(
        page.locator(f'#printing a[href^="/sheets/events/{night.pk}/rounds/1/blank"]')
    ).to_have_count(0)
    page.locator("#printing button[value=sheets]").click()

    download = page.locator("#pdf-jobs .pdf-job.ready a")
    expect(download).to_be_visible(timeout=60_000)  # laid out in the request's thread here
    assert page.url.endswith(f"/manage/events/{night.pk}/")  # swapped in, no page load
    page.locator("#printing").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "sheets-prepared-phone.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert pdf_pages(page, download.get_attribute("href")) == night.games.count()
