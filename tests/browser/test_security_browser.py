"""The Content-Security-Policy in a real browser: the main pages, live updates included,
load without a single violation; and the account pages a locked-out or forgetful organiser
sees, on a phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import UserFactory
from tournaments.models import Player, Season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Runs in every document before the page's own scripts (Playwright's scripts are not
# subject to the page's policy): keeps each violation the browser reports.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(
    `${event.violatedDirective} blocked ${event.blockedURI || "inline"} ` +
    `at ${event.sourceFile}:${event.lineNumber}`
  );
});
"""


class Watch:
    """What the browser complains about on a page: CSP violations, console errors, JS errors."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.console: list[str] = []
        page.add_init_script(RECORD_VIOLATIONS)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.console.append(f"page error: {error}"))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            self.console.append(f"{message.type}: {message.text}")

    def assert_clean(self, what: str) -> None:
        violations = self.page.evaluate("window.__violations")
        assert violations == [], f"{what}: {violations}"
        assert self.console == [], f"{what}: {self.console}"

    def visit(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_load_state("load")
        self.assert_clean(url)


def test_the_main_pages_load_without_any_policy_violation(
    page: Page, live_server: LiveServer, demo, demo_pages, artifacts: Path
) -> None:
    rami, finished, in_play, tournament = demo_pages
    server = live_server.url
    watch = Watch(page)

    watch.visit(f"{server}/")
    watch.visit(f"{server}/events/{rami.id}/")
    watch.visit(f"{server}/games/{finished.id}/")  # with its score chart (inline SVG)
    watch.visit(f"{server}/games/{in_play.id}/")
    watch.visit(f"{server}/events/{tournament.id}/tournament/")
    watch.visit(f"{server}/events/{tournament.id}/standings/")
    # The projector: its panels turn, and the poll swaps its live part in (the clock with it).
    watch.visit(f"{server}/events/{tournament.id}/screen/")
    page.keyboard.press("ArrowRight")
    with page.expect_response(lambda response: "/screen/" in response.url):
        page.evaluate(
            "url => htmx.ajax('GET', url, {target: '#screen-live', swap: 'outerHTML'})",
            f"/events/{tournament.id}/screen/",
        )
    expect(page.locator("#screen-live [data-clock]").first).to_be_attached()
    watch.assert_clean("the projector after a poll")
    # The season and a member's page, with his rating chart (inline SVG).
    season = Season.objects.get(club=rami.club)
    member = Player.objects.filter(club=rami.club).order_by("name").first()
    watch.visit(f"{server}/seasons/{season.id}/")
    watch.visit(f"{server}/players/{member.id}/")
    watch.visit(f"{server}/accounts/password/reset/")
    # The phone at a table: the entry link, and htmx swapping in the preview of a hand.
    watch.visit(f"{server}/t/{in_play.link_token}/")
    with page.expect_response(lambda response: "/preview/" in response.url):
        page.locator('label:has(input[name="how"])').first.click()
        page.locator('label:has(input[name="ended_by"][value="1"])').click()
    watch.assert_clean("the entry page after a live preview")

    watch.visit(f"{server}/accounts/login/")
    page.fill("#id_username", demo.username)
    page.fill("#id_password", demo.password)
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(f"{server}/manage/")
    watch.assert_clean("the organiser's dashboard")
    watch.visit(f"{server}/manage/events/{rami.id}/")
    watch.visit(f"{server}/manage/events/{tournament.id}/")
    watch.visit(f"{server}/manage/events/{tournament.id}/rounds/3/time-up/")
    watch.visit(f"{server}/games/{in_play.id}/enter/")
    watch.visit(f"{server}/accounts/password/")
    expect(page.locator("#id_old_password")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "password-change-phone.png", full_page=True)


def test_a_locked_out_organiser_is_told_why_and_how_to_get_back_in(
    page: Page, live_server: LiveServer, settings, artifacts: Path
) -> None:
    UserFactory(username="paulette")
    watch = Watch(page)
    watch.visit(f"{live_server.url}/accounts/login/")
    page.screenshot(path=artifacts / "login-phone.png", full_page=True)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        page.fill("#id_username", "paulette")
        page.fill("#id_password", "not her password")
        with page.expect_navigation():
            page.locator("main form button[type=submit]").click()
    alert = page.locator("main [role=alert]")
    expect(alert).to_contain_text("paulette")
    expect(alert).to_contain_text("15 minutes")
    page.screenshot(path=artifacts / "login-locked-out-phone.png", full_page=True)
    # The 429 answer itself is the only complaint the console may have.
    watch.console = [line for line in watch.console if "429" not in line]
    watch.assert_clean("the lockout page")

    page.locator("main a.button").click()
    expect(page).to_have_url(f"{live_server.url}/accounts/password/reset/")
    expect(page.locator("#id_email")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "password-reset-phone.png", full_page=True)
    page.fill("#id_email", "paulette@club.example.org")
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(f"{live_server.url}/accounts/password/reset/sent/")
    page.screenshot(path=artifacts / "password-reset-sent-phone.png", full_page=True)
    watch.assert_clean("the password reset pages")
