"""Accessibility in Chromium: axe-core finds no critical or serious violation on the main
pages (the demo's club night, table, entry page on a phone, organiser page, standings and
season), a control reached with the keyboard on a phone never hides under the entry page's
sticky Save bar (WCAG 2.2, 2.4.11), and the hand-by-hand tables name their scroll region and
say when it scrolls.

axe-core comes from the pinned `axe-playwright-python` (requirements-dev.txt), which bundles
its `axe.min.js`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import LONG_NAMES, log_in
from tests.factories import EventFactory, make_game, organisers, play
from tournaments.models import Event, Season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Axe()
SERIOUS = ("critical", "serious")


def serious_violations(page: Page) -> list[str]:
    """axe-core's critical and serious findings on the page as it is now, one line each."""
    results = AXE.run(page)
    return [
        f"{v['id']} ({v['impact']}): {[node['target'] for node in v['nodes']][:4]}"
        for v in results.response["violations"]
        if v["impact"] in SERIOUS
    ]


def test_the_main_pages_have_no_serious_accessibility_violation(
    page: Page, live_server: LiveServer, demo_pages
) -> None:
    rami, finished, in_play, tournament = demo_pages
    season = Season.objects.get(club=rami.club)
    server = live_server.url
    found: dict[str, list[str]] = {}

    def check(name: str, url: str | None = None) -> None:
        if url:
            page.goto(url)
            page.wait_for_load_state("load")
        problems = serious_violations(page)
        if problems:
            found[name] = problems

    check("home", f"{server}/")
    check("event", f"{server}/events/{rami.id}/")
    check("table", f"{server}/games/{finished.id}/")
    check("standings", f"{server}/events/{tournament.id}/standings/")
    check("season", f"{server}/seasons/{season.id}/")
    check("guide", f"{server}/guide/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the commands wrap
    # The entry page on the phone, its card grid open and its hands listed.
    page.goto(f"{server}/t/{in_play.link_token}/?mode=cards")
    page.locator(".held-input").first.click()
    expect(page.locator("#card-grid")).to_be_visible()
    if in_play.hands.exists():
        page.locator(".hands summary").click()
    check("entry (cards)")
    page.locator('a.mode-link[data-mode="counts"]').click()
    expect(page.locator("#keypad")).to_be_visible()
    check("entry (keypad)")
    log_in(page, server, organisers(rami.club)[0])
    check("organiser event", f"{server}/manage/events/{rami.id}/")
    check("organiser settings", f"{server}/manage/events/{tournament.id}/settings/")
    assert found == {}


# Whether the focused control is in full view above the sticky bar (or is in the bar).
FOCUS_CLEAR_OF_THE_BAR = """() => {
  const focused = document.activeElement;
  const bar = document.querySelector(".hand-form .form-actions");
  if (!focused || bar.contains(focused)) return true;
  const box = focused.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= bar.getBoundingClientRect().top + 0.5;
}"""


# Whether the page has stopped scrolling (no change over two frames).
SCROLL_AT_REST = """() => new Promise((done) => {
  const y = window.scrollY;
  requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY === y)));
})"""


@pytest.mark.parametrize("mode", ["counts", "cards"])
def test_no_control_reached_with_the_keyboard_hides_under_the_save_bar(
    page: Page, live_server: LiveServer, mode: str
) -> None:
    event = EventFactory(variant="rami-jokers", options={"target": 500})
    game = make_game(event, players=LONG_NAMES)
    page.goto(f"{live_server.url}/t/{game.link_token}/?mode={mode}")
    page.locator('label:has(input[name="ended_by"][value="1"])').click()
    page.locator("#id_held_2").focus()
    # Every stop of the keyboard from the first count to Save: never under the bar.
    for _step in range(400):  # the card grid has 55 buttons under each field
        page.keyboard.press("Tab")
        page.wait_for_function(FOCUS_CLEAR_OF_THE_BAR, timeout=3000)
        if page.evaluate("document.activeElement.matches('.form-actions button.primary')"):
            break
    else:
        pytest.fail("the keyboard never reached Save")


def test_the_last_field_of_a_correction_is_above_the_bar_when_focused(
    page: Page, live_server: LiveServer, organiser, club
) -> None:
    event = EventFactory(club=club, variant="rami-penalites", options={"target": 500})
    game = make_game(event, players=LONG_NAMES)
    play(game, "going_out", LONG_NAMES[0], **dict.fromkeys(LONG_NAMES[1:], 10))
    log_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/1/correct/")
    page.locator(f"#id_held_{len(LONG_NAMES)}").focus()
    page.keyboard.press("Escape")  # the keypad closes: the reason comes next
    page.wait_for_function(SCROLL_AT_REST)  # the field's own smooth scroll is over
    # The reason half below the screen's edge: Tab must bring it up, above the bar.
    page.evaluate(
        """() => {
          const box = document.getElementById("id_reason").getBoundingClientRect();
          window.scrollBy({ top: box.top + box.height / 2 - innerHeight, behavior: "instant" });
        }"""
    )
    page.keyboard.press("Tab")
    while not page.evaluate("document.activeElement.id === 'id_reason'"):
        page.keyboard.press("Tab")
    page.wait_for_function(FOCUS_CLEAR_OF_THE_BAR, timeout=3000)


def test_the_hand_tables_name_their_scroll_region_and_say_when_it_scrolls(
    page: Page, live_server: LiveServer, artifacts: Path, organiser, club
) -> None:
    event = EventFactory(club=club, variant="rami-penalites", options={"target": 500})
    wide = make_game(event, players=LONG_NAMES)  # four long names: wider than a phone
    narrow = make_game(event, players=("Anne", "Bruno", "Chloé"), table_number=2)
    for game, players in ((wide, LONG_NAMES), (narrow, ("Anne", "Bruno", "Chloé"))):
        for number in range(3):
            ender = players[number % len(players)]
            play(game, "going_out", ender, **{p: 12 + number for p in players if p != ender})
    log_in(page, live_server.url, organiser)
    region_name = "Tableau donne par donne (défile sur le côté)"

    page.goto(f"{live_server.url}/games/{wide.pk}/")
    region = page.get_by_role("region", name=region_name)
    expect(region).to_be_visible()
    expect(page.locator('[data-scroll-hint="hands-scroll"]')).to_be_visible()
    page.locator("section:has(#hands-title)").screenshot(
        path=artifacts / "public-hands-hint-phone.png"
    )
    page.goto(f"{live_server.url}/games/{narrow.pk}/")
    expect(page.get_by_role("region", name=region_name)).to_be_visible()
    expect(page.locator('[data-scroll-hint="hands-scroll"]')).to_be_hidden()
    assert_every_column_in_view(page, "#hands-scroll")

    page.goto(f"{live_server.url}/games/{wide.pk}/enter/")
    page.locator(".hands summary").click()
    expect(page.get_by_role("region", name=region_name)).to_be_visible()
    expect(page.locator('[data-scroll-hint="hands-scroll"]')).to_be_visible()
    page.locator(".hands").screenshot(path=artifacts / "entry-hands-hint-phone.png")
    page.goto(f"{live_server.url}/games/{narrow.pk}/enter/")
    page.locator(".hands summary").click()
    expect(page.locator('[data-scroll-hint="hands-scroll"]')).to_be_hidden()
    assert_every_column_in_view(page, "#hands-scroll")


def assert_every_column_in_view(page: Page, region: str) -> None:
    """Every header cell of the table lies inside its scroll region's visible box."""
    outside = page.evaluate(
        """(selector) => {
          const region = document.querySelector(selector);
          const box = region.getBoundingClientRect();
          return [...region.querySelectorAll("thead th")]
            .filter((th) => th.getBoundingClientRect().right > box.right + 0.5)
            .map((th) => th.textContent.trim());
        }""",
        region,
    )
    assert outside == []


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_the_standings_with_long_names_and_every_tie_break_fit_a_1280_screen(
    page: Page, live_server: LiveServer, artifacts: Path
) -> None:
    from decimal import Decimal

    from tests.views.tournament_data import build, give_bye
    from tournaments.ranking import TIE_BREAKS

    event, people = build(
        12, 3, tie_breaks=list(TIE_BREAKS), entry_fee=Decimal(10), club_share=Decimal(10)
    )
    long_names = [
        "Marie-Hélène de La Tour-Dupont",
        "Jean-Christophe Vandenberghe",
        "Bernadette Lefèvre-Martineau",
        "Maximilien Oyono-Ndong",
        "Anne-Sophie Château-Renaud",
        "Pierre-Emmanuel Delacroix",
    ]
    for person, name in zip(people, long_names, strict=False):
        person.name = name
        person.save(update_fields=["name"])
    give_bye(event.rounds.get(number=3), people[-1])
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    table = page.locator("table.standings")
    expect(table.locator("tbody tr")).to_have_count(12)
    expect(table.locator("thead th")).to_have_count(4 + len(TIE_BREAKS) + 2)  # byes, prize
    fits = page.locator(".table-scroll").evaluate("e => e.scrollWidth <= e.clientWidth")
    page.screenshot(path=artifacts / "standings-1280.png", full_page=True)
    assert fits, "the standings scroll sideways on a 1280-pixel screen"
    assert Event.objects.get(pk=event.pk).tie_breaks == list(TIE_BREAKS)
