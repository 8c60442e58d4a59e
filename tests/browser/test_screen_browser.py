"""The projector screen in Chromium at TV sizes: each panel looked at, long lists paging
through at a readable size and contrast, the rotation paused by a key, and the screen
updating itself from the poll."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import PlayerFactory, play
from tests.views.tournament_data import seat_tables, tournament
from tournaments.events.services.clock import pause_clock, start_clock
from tournaments.models import Registration, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST = ["Anne-Sophie", "Bruno", "Chloé", "Denis", "Élodie", "François", "Gérard", "Hélène"]
LAST = ["Lefèvre", "Maréchal", "Dubois", "Perrin", "Garnier", "N'Diaye", "Castel", "Fabre"]
# Sixty players, one of them with the longest name a club might have.
NAMES = [f"{first} {last}" for last in LAST for first in FIRST][:59] + [
    "Marie-Thérèse de La Rochefoucauld-Montbazon"
]

# What the page measures: every visible text's size and contrast (against the first
# background behind it that is not transparent), and whether the shown rows fit their box.
MEASURE = """() => {
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const behind = (el) => {
    for (; el; el = el.parentElement) {
      const bg = rgb(getComputedStyle(el).backgroundColor);
      if (bg.length < 4 || bg[3] > 0) return bg.slice(0, 3);
    }
    return [255, 255, 255];
  };
  let smallest = Infinity, lowest = Infinity, worst = "";
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest(".visually-hidden, progress, svg, [hidden]")) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    smallest = Math.min(smallest, parseFloat(style.fontSize));
    const a = lum(rgb(style.color)), b = lum(behind(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < lowest) { lowest = ratio; worst = el.textContent.trim().slice(0, 40); }
  }
  const panel = document.querySelector(".panel.is-current");
  const list = panel.querySelector("[data-pages]");
  let outside = 0;
  if (list) {
    const box = list.getBoundingClientRect();
    for (const item of list.querySelectorAll("[data-item]:not([hidden])")) {
      const r = item.getBoundingClientRect();
      if (r.bottom > box.bottom + 1 || r.right > box.right + 1) outside += 1;
    }
  }
  const shown = [...panel.querySelectorAll("[data-item]:not([hidden])")].map((item) =>
    (item.querySelector(".name, th[scope=row], h3") || item).textContent.trim());
  return {panel: panel.dataset.panel, smallest, lowest, worst, outside, shown,
          scrolls: document.documentElement.scrollHeight > innerHeight};
}"""


@pytest.fixture
def big_tournament():
    """Sixty players: round 1 played, round 2 seated at twenty tables, six of them started,
    its 45-minute clock started ten minutes ago."""
    event = tournament(name="Grand tournoi de la Saint-Sylvestre", options={"target": 100})
    people = [PlayerFactory(club=event.club, name=name) for name in NAMES]
    Registration.objects.bulk_create(
        Registration(event=event, player=person, checked_in=True) for person in people
    )
    first = Round.objects.create(event=event, number=1, closed_at=timezone.now())
    seat_tables(event, first, [people[i : i + 3] for i in range(0, 60, 3)])
    second = Round.objects.create(event=event, number=2)
    order = people[1::2] + people[::2]
    games = seat_tables(event, second, [order[i : i + 3] for i in range(0, 60, 3)], finished=False)
    for game in games[:6]:
        names = [seat.player.name for seat in game.seats.order_by("position")]
        play(game, "going_out", names[0], **{names[1]: 23, names[2]: 41})
    start_clock(round_=second, minutes=45, now=timezone.now() - timedelta(minutes=10))
    return event, second


def current_step(page: Page) -> str:
    return page.locator("[data-steps] li[aria-current]").inner_text()


def walk_the_panels(page: Page, artifacts: Path | None, size: str) -> dict[str, list[dict]]:
    """Every step once (→ moves on), measured, and looked at; by panel, its pages."""
    seen: dict[str, list[dict]] = {}
    first = current_step(page)
    for number in range(40):
        measured = page.evaluate(MEASURE)
        seen.setdefault(measured["panel"], []).append(measured)
        if artifacts is not None:
            name = current_step(page).replace(" ", "-").replace("/", "-of-")
            page.screenshot(path=artifacts / f"screen-{size}-{number:02}-{name}.png")
        page.keyboard.press("ArrowRight")
        if current_step(page) == first:
            return seen
    raise AssertionError("the rotation never came back to its first panel")


def assert_readable(seen: dict[str, list[dict]], smallest_px: float) -> None:
    for panel, pages in seen.items():
        for measured in pages:
            assert measured["smallest"] >= smallest_px, (panel, measured["smallest"])
            assert measured["lowest"] >= 7, (panel, measured["worst"], measured["lowest"])
            assert measured["outside"] == 0, panel
            assert not measured["scrolls"], panel


def assert_every_name_once(seen: dict[str, list[dict]], panel: str) -> None:
    shown = [name for measured in seen[panel] for name in measured["shown"]]
    assert sorted(shown) == sorted(NAMES)


def test_each_panel_at_1920_by_1080(
    page: Page, live_server: LiveServer, artifacts: Path, big_tournament
):
    event, round_ = big_tournament
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/events/{event.pk}/screen/")
    expect(page.locator("[data-steps] li")).to_have_count(5)
    seen = walk_the_panels(page, artifacts, "1080p")
    assert list(seen) == ["tables", "standings", "seating", "clock", "join"]
    # Twenty tables, sixty players: they page through, never shrink below ~32 px.
    assert len(seen["tables"]) >= 2 and len(seen["standings"]) >= 2
    assert_readable(seen, smallest_px=32)
    assert_every_name_once(seen, "seating")
    assert_every_name_once(seen, "standings")
    tables = [title for measured in seen["tables"] for title in measured["shown"]]
    assert len(tables) == 20 and len(set(tables)) == 20
    # Find your table: names in columns, several on one page.
    assert len(seen["seating"]) < len(seen["standings"])


@pytest.mark.parametrize(("width", "height", "smallest"), [(1280, 720, 21), (3840, 2160, 64)])
def test_other_screen_sizes_keep_the_same_layout(
    page: Page, live_server: LiveServer, artifacts: Path, big_tournament, width, height, smallest
):
    """A 720p projector shows what a 1080p one shows, in fewer pixels; a 4K TV the same, in
    more: the type follows the screen's height."""
    event, round_ = big_tournament
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/events/{event.pk}/screen/")
    seen = walk_the_panels(page, None, f"{height}p")
    assert_readable(seen, smallest_px=smallest)
    assert_every_name_once(seen, "seating")
    assert_every_name_once(seen, "standings")
    page.keyboard.press("ArrowRight")  # the second page of tables: the long name wraps
    page.screenshot(path=artifacts / f"screen-{height}p-tables-2.png")


def on_screen(page: Page, panel: str, page_number: int) -> None:
    """The panel shown, and which of its pages the footer says is on."""
    expect(page.locator("body")).to_have_attribute("data-current", panel)
    step = page.locator("[data-steps] li[aria-current]")
    expect(step).to_have_text(re.compile(rf" {page_number}/\d+$"))


def test_the_rotation_moves_on_by_itself_and_space_pauses_it(
    page: Page, live_server: LiveServer, big_tournament
):
    event, round_ = big_tournament
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.clock.install()
    page.goto(f"{live_server.url}/events/{event.pk}/screen/")
    on_screen(page, "tables", 1)
    expect(page.locator("[data-next]")).to_have_text(re.compile(r" 2/\d+$"))
    expect(page.locator("[data-keys-line]")).to_be_visible()  # the keys, for the organiser
    page.clock.run_for(15_500)
    on_screen(page, "tables", 2)
    expect(page.locator("[data-keys-line]")).to_be_hidden()  # said once
    page.keyboard.press("Space")
    expect(page.locator("[data-paused-line]")).to_be_visible()
    expect(page.locator("[data-next-line]")).to_be_hidden()
    page.clock.run_for(120_000)
    on_screen(page, "tables", 2)
    page.keyboard.press("Space")
    expect(page.locator("[data-paused-line]")).to_be_hidden()
    page.clock.run_for(15_500)
    on_screen(page, "tables", 3)
    page.keyboard.press("ArrowLeft")
    on_screen(page, "tables", 2)


def test_the_screen_updates_itself_from_the_poll(
    page: Page, live_server: LiveServer, artifacts: Path, big_tournament
):
    event, round_ = big_tournament
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.clock.install()
    page.goto(f"{live_server.url}/events/{event.pk}/screen/")
    page.keyboard.press("Space")  # the organiser holds the standings on screen
    while page.locator("body").get_attribute("data-current") != "standings":
        page.keyboard.press("ArrowRight")
    on_screen(page, "standings", 1)
    clock = page.locator(".screen-head-clock [data-clock]")
    expect(clock).to_have_attribute("data-state", "running")
    pause_clock(round_=round_)
    with page.expect_response(lambda r: "/screen/" in r.url):
        page.clock.run_for(10_000)  # the next poll
    expect(clock).to_have_attribute("data-state", "paused")
    expect(page.locator(".screen-head-clock")).to_contain_text("Chrono en pause")
    # Still on the page the organiser chose.
    on_screen(page, "standings", 1)
    page.screenshot(path=artifacts / "screen-1080p-after-poll-clock-paused.png")


def test_the_screen_on_a_phone(
    page: Page, live_server: LiveServer, artifacts: Path, big_tournament
):
    """Not its purpose, but a player may open it: nothing wider than the phone."""
    event, round_ = big_tournament
    page.goto(f"{live_server.url}/events/{event.pk}/screen/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "screen-phone.png")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.screenshot(path=artifacts / "screen-phone-seating.png")


def room(tables: int):
    """A tournament of `tables` tables of four: round 1 played (its standings have players
    level on points, told apart by a tie-break), round 2 seated and started, a clock on."""
    event = tournament(name="Tournoi de la Saint-Sylvestre", options={"target": 100})
    people = [
        PlayerFactory(club=event.club, name=f"{FIRST[i % 8]} {LAST[i // 8 % 8]} {i // 64 or ''}")
        for i in range(tables * 4)
    ]
    Registration.objects.bulk_create(
        Registration(event=event, player=person, checked_in=True) for person in people
    )
    first = Round.objects.create(event=event, number=1, closed_at=timezone.now())
    seat_tables(event, first, [people[i : i + 4] for i in range(0, len(people), 4)])
    second = Round.objects.create(event=event, number=2)
    order = people[1::2] + people[::2]
    seat_tables(event, second, [order[i : i + 4] for i in range(0, len(order), 4)], finished=False)
    start_clock(round_=second, minutes=45, now=timezone.now() - timedelta(minutes=10))
    return event


# The tables panel as the screen lays it out: its --fit, the size of a player's name, the
# floor (the page's rem), and the columns of cards on the page shown.
TABLES_LAYOUT = """() => {
  const panel = document.querySelector('[data-panel="tables"]');
  const cards = [...panel.querySelectorAll(".screen-card:not([hidden])")];
  const name = panel.querySelector(".screen-card:not([hidden]) .name");
  return {
    fit: Number(panel.dataset.fitted),
    name: parseFloat(getComputedStyle(name).fontSize),
    floor: parseFloat(getComputedStyle(document.documentElement).fontSize),
    columns: new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left))).size,
    shown: cards.length,
  };
}"""


@pytest.mark.parametrize("tables", [3, 12, 50])
@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_panels_fill_the_screen_whatever_the_number_of_tables(
    page: Page, live_server: LiveServer, artifacts: Path, tables, width, height
):
    """A 3-table night in large type, 50 tables at the floor in several columns, paging; no
    text ever under the floor; each panel looked at (screenshots)."""
    event = room(tables)
    page.set_viewport_size({"width": width, "height": height})
    # Two hundred players on a machine shared with other work: more than the default 30 s.
    page.goto(f"{live_server.url}/events/{event.pk}/screen/", timeout=120_000)
    expect(page.locator("body")).to_have_attribute("data-current", "tables")
    layout = page.evaluate(TABLES_LAYOUT)
    seen = walk_the_panels(page, artifacts, f"{tables}-tables-{height}p")
    assert_readable(seen, smallest_px=layout["floor"] - 0.5)
    if tables == 3:
        assert layout["fit"] > 1.25 and layout["name"] > 1.25 * layout["floor"]
        assert len(seen["tables"]) == 1
    if tables == 50:
        assert layout["fit"] == 1 and layout["columns"] >= 3
        assert len(seen["tables"]) > 1  # pages through, never smaller
    # Every list fills its screen as far as it can: a panel on one page has grown.
    for panel in ("tables", "standings", "seating"):
        fitted = page.locator(f'[data-panel="{panel}"]').get_attribute("data-fitted")
        if len(seen[panel]) == 1 and panel != "tables":
            assert float(fitted) > 1, panel


def test_the_standings_say_which_tie_break_placed_players_level_on_points(
    page: Page, live_server: LiveServer, artifacts: Path
):
    event = room(3)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/events/{event.pk}/screen/")
    page.keyboard.press("ArrowRight")
    expect(page.locator("body")).to_have_attribute("data-current", "standings")
    # Round 1: at each table the winner has 3 points; the three winners are told apart by
    # their cumulative score (the event's first tie-break).
    decided = page.locator('[data-panel="standings"] .decided-by')
    expect(decided.first).to_have_text("départage : score cumulé")
    assert decided.count() >= 3
    page.screenshot(path=artifacts / "screen-standings-tie-breaks.png")


def test_the_held_rotation_does_not_read_as_a_paused_clock(
    page: Page, live_server: LiveServer, big_tournament
):
    event, round_ = big_tournament
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/events/{event.pk}/screen/")
    expect(page.locator("[data-keys-line]")).not_to_contain_text("pause")
    page.keyboard.press("Space")
    held = page.locator("[data-paused-line]")
    expect(held).to_be_visible()
    expect(held).to_contain_text("Défilement arrêté sur ce panneau.")
    expect(held).not_to_contain_text("pause")
    # The clock, still running, is the only thing on the screen that speaks of a pause.
    expect(page.locator(".screen-head-clock [data-clock]")).to_have_attribute(
        "data-state", "running"
    )
