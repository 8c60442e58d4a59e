from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.browser


def test_the_home_page_loads_in_chromium_on_a_phone(
    page: Page, live_server: LiveServer, artifacts: Path
) -> None:
    page.goto(live_server.url)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Scores et tournois")
    expect(page.get_by_role("link", name="Se connecter en tant qu’organisateur")).to_be_visible()
    # The stylesheet and htmx are served by the site itself.
    header_colour = page.locator(".site-header").evaluate(
        "el => getComputedStyle(el).backgroundColor"
    )
    assert header_colour == "rgb(11, 93, 59)"
    assert page.evaluate("typeof window.htmx") == "object"
    page.screenshot(path=artifacts / "home-phone.png", full_page=True)


def test_the_skip_link_moves_focus_to_the_content(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url)
    page.keyboard.press("Tab")
    skip_link = page.get_by_role("link", name="Aller au contenu")
    expect(skip_link).to_be_focused()
    skip_link.press("Enter")
    expect(page.locator("main")).to_be_focused()
