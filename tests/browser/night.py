"""A club night in Chromium with the Wi-Fi cut in the middle (issue 18 §6), written once for
its browser test (tests/browser/test_night_browser.py, the cut over in a moment) and for
bench/bench_night.py (the cut as long as a real one, ten minutes by default).

Ten tables of three, one phone each, ten hands a table. Hands 1 to 4 are entered online;
then the link is cut: hands 5 to 8 are typed and kept on the phones, two phones reload their
page and two close their tab and open it again, while the organiser, on the server's side of
the cut, takes back table 3's hand 4 (entered at the wrong table) and corrects table 5's hand
2. The link comes back and the first answers of two tables are lost on the way. Table 3's
phone finds its kept hands set aside (the hand they were typed after is gone) and sends each
as the next hand; hands 9 and 10 are entered online. Every hand typed is stored exactly once
(but the one taken back), none doubled, none lost.

Each hand is told apart by Bruno's count: its number at the table as typed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Browser, expect

from tests.browser.steps import until_saved
from tests.factories import EventFactory, facts, make_game
from tournaments.models import Game, SetAsideHand
from tournaments.play.services.entry import correct_hand, delete_last_hand

TABLES, HANDS = 10, 10
ONLINE_BEFORE, CUT_UNTIL = 4, 8  # hands 1-4 online, 5-8 typed during the cut, 9-10 after
UNDONE_TABLE, CORRECTED_TABLE = 3, 5
RELOADED, REOPENED, ANSWERS_LOST = (1, 2), (4, 5), (7, 8)
# What the page's scripts say when every hand it kept has reached the server.
NOTHING_TO_SEND = "() => window.RamiscoreKept && RamiscoreKept.toSend().length === 0"
LOADED = "() => performance.getEntriesByType('navigation')[0].loadEventEnd"


@dataclass
class Figures:
    tables: int = TABLES
    hands_typed: int = 0
    hands_stored: int = 0
    hands_taken_back: int = 0  # by the organiser, during the cut: in the history
    doubled: int = 0
    lost: int = 0
    set_aside_then_sent: int = 0
    answers_lost: int = 0
    sent_after_link_back_s: float = 0.0  # the last kept hand stored, after the link came back
    load_average_at_link_back: float = 0.0  # the machine's (1 min): a busy one answers later
    offline_reopen_ms: list[float] = field(default_factory=list)


def build_night(club, organiser) -> list[Game]:
    """Ten tables of a rami à pénalités night to 10,000 (no game ends in ten hands)."""
    event = EventFactory(club=club, name="Soirée du jeudi", options={"target": 10_000})
    players = [(f"Anne {n}", f"Bruno {n}", f"Chloé {n}") for n in range(1, TABLES + 1)]
    return [make_game(event, table_number=n, players=players[n - 1]) for n in range(1, TABLES + 1)]


class Phone:
    """The phone of one table: its browser context and the entry page of its table link."""

    def __init__(self, browser: Browser, server: str, game: Game, context_args: dict) -> None:
        self.game = game
        self.url = f"{server}/t/{game.link_token}/"
        self.context = browser.new_context(**context_args)
        self.page = self.context.new_page()
        self.page.goto(self.url)

    def type(self, number: int) -> None:
        """Hand `number` as typed at this table: Anne went out, Bruno held `number`."""
        page = self.page
        page.locator('label:has(input[name="ended_by"][value="1"])').click()
        page.fill("#id_held_2", str(number))
        page.fill("#id_held_3", str(self.game.table_number + 20))

    def save(self) -> None:
        # Dispatched to the button: the page may still be scrolling to the field just typed
        # in, and a tap at the button's old place would land beside it.
        self.page.locator(".form-actions button.primary").dispatch_event("click")

    def save_online(self, number: int) -> None:
        self.type(number)
        until_saved(self.page, self.save)

    def save_offline(self, number: int) -> None:
        kept = self.page.locator("#pending-hands .pending-list li")
        before = kept.count()
        self.type(number)
        self.save()
        expect(kept).to_have_count(before + 1)

    def reload(self) -> float:
        """The page opened again with no network (the service worker's copy): its load time."""
        self.page.reload()
        expect(self.page.locator(".offline-copy")).to_be_visible()
        return self.page.evaluate(LOADED)

    def reopen(self) -> float:
        """The tab closed, and the table's link opened again in a new one, offline."""
        self.page.close()
        self.page = self.context.new_page()
        self.page.goto(self.url)
        expect(self.page.locator(".offline-copy")).to_be_visible()
        return self.page.evaluate(LOADED)

    def lose_the_next_answer(self) -> None:
        """The next hand this phone sends reaches the server, but its answer is lost."""

        lost = []

        def lose(route) -> None:
            if route.request.method != "POST" or lost:
                route.continue_()
                return
            lost.append(route.request.url)
            route.fetch()  # the server stores the hand...
            route.abort("connectionreset")  # ...and its answer never reaches the phone

        self.page.route(f"**/t/{self.game.link_token}/", lose)

    def send_set_aside_as_next(self) -> int:
        """Each set-aside hand sent as the next hand, one after the other."""
        items = self.page.locator("#set-aside .set-aside-item")
        sent = 0
        while items.count():
            until_saved(self.page, items.first.locator(".set-aside-send").click)
            sent += 1
        return sent


def play_night(
    browser: Browser,
    server: str,
    games: list[Game],
    organiser,
    context_args: dict,
    *,
    cut_seconds: float = 0.0,
    log: Callable[[str], None] = lambda _message: None,
) -> Figures:
    """The night; returns its figures. The cut lasts `cut_seconds` (the hands typed during it
    spread over it), at least as long as the phones take to type them."""
    figures = Figures()
    phones = [Phone(browser, server, game, context_args) for game in games]
    for number in range(1, ONLINE_BEFORE + 1):
        for phone in phones:
            phone.save_online(number)
    log("hands 1-4 entered online")

    cut_started = time.monotonic()
    for phone in phones:
        phone.context.set_offline(True)
    typed_during_cut = (CUT_UNTIL - ONLINE_BEFORE) * len(phones)
    pause = cut_seconds / typed_during_cut if cut_seconds else 0.0
    for number in range(ONLINE_BEFORE + 1, CUT_UNTIL + 1):
        for phone in phones:
            phone.save_offline(number)
            time.sleep(pause)  # real time between hands: the bench's ten minutes
        if number == ONLINE_BEFORE + 1:
            organiser_during_the_cut(games, organiser)
            log("organiser: table 3's hand 4 taken back, table 5's hand 2 corrected")
        if number == ONLINE_BEFORE + 2:
            for table in RELOADED:
                figures.offline_reopen_ms.append(phones[table - 1].reload())
            for table in REOPENED:
                figures.offline_reopen_ms.append(phones[table - 1].reopen())
    time.sleep(max(0.0, cut_seconds - (time.monotonic() - cut_started)))
    log(f"link cut for {time.monotonic() - cut_started:.0f} s")

    for table in ANSWERS_LOST:
        phones[table - 1].lose_the_next_answer()
    figures.answers_lost = len(ANSWERS_LOST)
    back = time.monotonic()
    figures.load_average_at_link_back = round(os.getloadavg()[0], 1)
    for phone in phones:
        phone.context.set_offline(False)
    for phone in phones:
        phone.page.wait_for_function(NOTHING_TO_SEND, timeout=120_000)
        log(f"table {phone.game.table_number}: {time.monotonic() - back:.2f} s")
    figures.sent_after_link_back_s = round(time.monotonic() - back, 2)
    log(f"every kept hand answered {figures.sent_after_link_back_s} s after the link came back")

    figures.set_aside_then_sent = phones[UNDONE_TABLE - 1].send_set_aside_as_next()
    for phone in phones:
        phone.page.goto(phone.url)  # what the table holds now
    for number in range(CUT_UNTIL + 1, HANDS + 1):
        for phone in phones:
            phone.save_online(number)
    for phone in phones:
        phone.context.close()
    return count(games, figures)


def organiser_during_the_cut(games: list[Game], organiser) -> None:
    undone = games[UNDONE_TABLE - 1]
    delete_last_hand(game=undone, reason="entered at the wrong table", user=organiser)
    corrected = games[CORRECTED_TABLE - 1]
    hand = corrected.hands.get(number=2)
    others = {f"Bruno {CORRECTED_TABLE}": 2, f"Chloé {CORRECTED_TABLE}": CORRECTED_TABLE + 21}
    correct_hand(
        hand=hand,
        facts=facts(corrected, "going_out", f"Anne {CORRECTED_TABLE}", **others),
        reason="Chloé recounted",
        user=organiser,
    )


def count(games: list[Game], figures: Figures) -> Figures:
    """What the database holds: each hand typed stored once, but the one taken back."""
    figures.hands_typed = len(games) * HANDS
    for game in games:
        typed = list(range(1, HANDS + 1))
        stored = [
            hand.lines.get(seat__position=2).held_count for hand in game.hands.order_by("number")
        ]
        numbers = list(game.hands.order_by("number").values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1)), (game.table_number, numbers)
        expected = [n for n in typed if not (game.table_number == UNDONE_TABLE and n == 4)]
        figures.hands_stored += len(stored)
        figures.doubled += len(stored) - len(set(stored))
        figures.lost += len(set(expected) - set(stored))
        assert set(stored) <= set(expected), (game.table_number, stored)
    figures.hands_taken_back = 1
    figures.set_aside_then_sent = SetAsideHand.objects.filter(
        game__in=games, decision=SetAsideHand.Decision.SENT
    ).count()
    return figures
