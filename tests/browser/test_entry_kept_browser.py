"""The table page never waits, never doubles, never loses (issue 18 §1, §2, §4), in Chromium:
a kept hand whose number the table no longer expects is set aside and never sent behind the
player's back; Save never freezes; the page says where each hand stands in the player's
language; the preview is counted on the phone while offline; the page follows its table.

The network is cut with Playwright's offline mode or a route that never answers; the page's
10 s poll is driven by Playwright's clock. The phones read French.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.steps import press_save, save_and_wait, type_hand
from tests.factories import EventFactory, correct, make_game, play
from tournaments.models import SetAsideHand
from tournaments.play.services.entry import delete_last_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NBSP = "\u00a0"


def shot(page: Page, artifacts: Path, name: str, top: str = "main") -> None:
    """A phone-size screenshot (390 × 844) from `top` down, for people to look at
    (test-artifacts/, gitignored)."""
    page.locator(top).first.evaluate("(element) => element.scrollIntoView({block: 'start'})")
    page.screenshot(path=artifacts / name)


@pytest.fixture
def game(club):
    """A rami à pénalités game to 1000 at the club of the `organiser` fixture."""
    return make_game(EventFactory(club=club, variant="rami-penalites", options={"target": 1000}))


@pytest.fixture
def table(page: Page, live_server: LiveServer, game) -> Page:
    page.clock.install()  # the page's 10 s poll runs when the test says
    page.goto(f"{live_server.url}/t/{game.link_token}/")
    return page


def other_phone(browser: Browser, live_server: LiveServer, game, browser_context_args) -> Page:
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/t/{game.link_token}/")
    return page


def bruno(game) -> int:
    return game.seats.get(player__name="Bruno").total


def stored(game) -> list[tuple[int, str]]:
    """(number, Bruno's count) of each stored hand: doubles and losses show at once."""
    return [
        (hand.number, str(hand.lines.get(seat__player__name="Bruno").held_count))
        for hand in game.hands.order_by("number")
    ]


def poll(page: Page) -> None:
    """Ten seconds pass on the phone: the page asks the server how the table stands."""
    page.clock.run_for(10_000)


def test_the_issues_undo_sequence_never_counts_the_hand_twice(
    table: Page, game, organiser, artifacts: Path
) -> None:
    """Hand 11 typed after hand 10, hand 10 undone: hand 11 is set aside, the player types it
    again as hand 10, and the set-aside hand 11 is never sent by itself."""
    page = table
    for _number in range(10):
        play(game, "going_out", "Anne", Bruno=18, Chloé=5)
    page.reload()
    expect(page.locator("#entry-title")).to_have_text(f"Donne{NBSP}11")
    delete_last_hand(game=game, reason="wrong table", user=organiser)  # Bruno: 162

    type_hand(page, "1", "20", "25")
    press_save(page)
    aside = page.locator("#set-aside")
    expect(aside).to_be_visible()
    item = aside.locator(".set-aside-item")
    expect(item.locator(".set-aside-hand")).to_contain_text(f"Donne{NBSP}11")
    expect(item.locator(".set-aside-why")).to_have_text(
        f"La donne 11 n’a pas été enregistrée{NBSP}: la prochaine est la donne 10."
    )
    expect(item.locator(".set-aside-holds")).to_contain_text(f"La table a{NBSP}: Donne 9")
    expect(page.locator("#entry-title")).to_have_text(f"Donne{NBSP}10")
    expect(page.locator("#connection-status")).to_contain_text("attend votre décision")
    shot(page, artifacts, "entry-set-aside.png", top="#connection-status")

    type_hand(page, "1", "20", "25")  # the player types it again, as hand 10
    save_and_wait(page)
    expect(page.locator(".messages")).to_contain_text("Donne 10 enregistrée.")
    expect(item.locator(".set-aside-send")).to_have_text("L’envoyer comme donne 11")
    # Every way the page sends kept hands: the connection back, the poll, a reopened page.
    page.evaluate("window.dispatchEvent(new Event('online'))")
    poll(page)
    page.reload()
    expect(page.locator(".totals-table .total").nth(1)).to_have_text("182")
    assert stored(game)[-1] == (10, "20") and len(stored(game)) == 10
    assert bruno(game) == 182  # 162 + 20, not 202
    expect(item).to_be_visible()
    shot(page, artifacts, "entry-set-aside-after-retyping.png", top="#set-aside")

    item.locator(".set-aside-discard").click()
    with page.expect_response(lambda response: "/discard/" in response.url):
        item.locator(".set-aside-discard-yes").click()
    expect(aside).to_be_hidden()
    expect(page.locator("#connection-status")).not_to_contain_text("décision")
    record = SetAsideHand.objects.get()
    assert (record.number, record.decision) == (11, "discarded")
    assert len(stored(game)) == 10


def test_a_set_aside_hand_sent_as_the_next_hand_is_stored_once(table: Page, game) -> None:
    page = table
    play(game, "going_out", "Bruno", Anne=3, Chloé=4)  # another phone's hand 1, unseen here
    type_hand(page, "1", "20", "25")
    press_save(page)
    item = page.locator("#set-aside .set-aside-item")
    expect(item.locator(".set-aside-send")).to_have_text("L’envoyer comme donne 2")
    item.locator(".set-aside-send").click()
    expect(page.locator(".messages")).to_contain_text("Donne 2 enregistrée.")
    expect(page.locator("#set-aside")).to_be_hidden()
    assert stored(game) == [(1, "None"), (2, "20")]
    record = SetAsideHand.objects.get()
    assert (record.number, record.decision, record.sent_as) == (1, "sent", 2)


def test_two_phones_and_an_organiser_while_one_phone_is_offline(
    table: Page, game, organiser, browser: Browser, live_server: LiveServer, browser_context_args
) -> None:
    """Phone A keeps hands 1 to 3 offline; phone B saves hands 1 and 2; the organiser deletes
    hand 2 and corrects hand 1; phone B saves hand 2 again. Back online, nothing of A's is
    counted behind its player's back: every hand typed is stored once or set aside, recorded."""
    a = table
    b = other_phone(browser, live_server, game, browser_context_args)
    a.context.set_offline(True)
    for count in ("11", "12", "13"):
        type_hand(a, "1", count, "1")
        press_save(a)
    expect(a.locator("#connection-status")).to_contain_text(f"Pas encore envoyé (3{NBSP}donnes)")
    for count in ("21", "22"):
        type_hand(b, "1", count, "1")
        save_and_wait(b)
    delete_last_hand(game=game, reason="wrong", user=organiser)
    correct(game.hands.get(number=1), "going_out", "Anne", Bruno=31, Chloé=1, reason="recounted")
    poll(b)  # phone B follows the table: hand 2 is next again
    expect(b.locator("#entry-title")).to_have_text(f"Donne{NBSP}2")
    type_hand(b, "1", "32", "1")
    save_and_wait(b)
    expect(b.locator(".messages")).to_contain_text("Donne 2 enregistrée.")

    a.context.set_offline(False)
    expect(a.locator("#set-aside .set-aside-item")).to_have_count(3)
    expect(a.locator("#pending-hands")).to_be_hidden()
    assert stored(game) == [(1, "31"), (2, "32")]  # none of A's counted, none doubled
    typed = sorted(SetAsideHand.objects.values_list("number", flat=True))
    assert typed == [1, 2, 3]  # none lost: each of A's hands is recorded

    # The player sends his hand 3 as the next hand: stored once, in its place.
    a.locator("#set-aside .set-aside-item").nth(2).locator(".set-aside-send").click()
    expect(a.locator(".messages")).to_contain_text("Donne 3 enregistrée.")
    assert stored(game) == [(1, "31"), (2, "32"), (3, "13")]
    b.context.close()


def test_saving_offline_keeps_the_hand_at_once_and_says_so(table: Page, game) -> None:
    page = table
    status = page.locator("#connection-status")
    expect(status).to_have_text(re.compile("En ligne"))
    page.context.set_offline(True)
    expect(status).to_contain_text("Hors ligne")
    type_hand(page, "1", "12", "30")
    press_save(page)
    # No request was even tried: the form is free for the next hand at once.
    expect(page.locator("#hand-form")).not_to_have_class(re.compile("sending"))
    expect(page.locator("#entry-title")).to_have_text(f"Donne{NBSP}2")
    expect(status).to_contain_text(f"Pas encore envoyé (1{NBSP}donne)")
    type_hand(page, "2", "5", "8")
    press_save(page)
    expect(status).to_contain_text(f"Pas encore envoyé (2{NBSP}donnes)")
    page.context.set_offline(False)
    expect(page.locator(".messages")).to_contain_text("Donne 2 enregistrée.")
    assert game.hands.count() == 2


def test_a_server_that_does_not_answer_frees_the_form_within_seconds(table: Page, game) -> None:
    """The Wi-Fi is up but the server's answers never come: the hand is kept with a message."""
    page = table
    page.route(f"**/t/{game.link_token}/", lambda route: None)  # a request that never ends
    type_hand(page, "1", "12", "30")
    press_save(page)
    expect(page.locator("#connection-status")).to_contain_text(
        f"Pas encore envoyé (1{NBSP}donne)", timeout=10_000
    )
    expect(page.locator("#connection-status")).to_contain_text("Le serveur ne répond pas")
    expect(page.locator("#hand-form")).not_to_have_class(re.compile("sending"))
    expect(page.locator("#entry-title")).to_have_text(f"Donne{NBSP}2")


def test_the_preview_is_counted_on_the_phone_while_offline(table: Page, game) -> None:
    page = table
    play(game, "going_out", "Bruno", Anne=10, Chloé=20)
    page.reload()
    page.context.set_offline(True)
    type_hand(page, "1", "12", "30")
    preview = page.locator("#preview")
    expect(preview.locator(".preview-title")).to_have_text(
        f"Donne 2{NBSP}: Sortie, gagnée par Anne"
    )
    expect(preview.locator("tbody tr td:last-child")).to_have_text(["10", "12", "50"])
    expect(preview).to_contain_text("Compté sur ce téléphone")


def test_the_totals_count_the_kept_hands_marked_not_sent(table: Page, game) -> None:
    page = table
    page.context.set_offline(True)
    type_hand(page, "1", "60", "30")
    press_save(page)
    # Typed once the form is the next hand's, as a player does (CI typed hand 2 into the
    # form before it had moved on: hand 2 was kept without its counts).
    expect(page.locator("#entry-title")).to_have_text(f"Donne{NBSP}2")
    type_hand(page, "2", "50", "8")
    press_save(page)
    projected = page.locator("#projected-totals")
    expect(projected.locator(".projected-title")).to_have_text(
        "Avec les 2 donnes pas encore envoyées"
    )
    expect(projected.locator(".total")).to_have_text(["50", "60", "38"])
    expect(projected).to_contain_text("pas envoyé")
    expect(page.locator("#table-live .totals-table .total")).to_have_text(["0", "0", "0"])


def test_a_hand_saved_from_another_phone_appears_within_one_poll(
    table: Page, game, artifacts: Path
) -> None:
    page = table
    expect(page.locator("#entry-title")).to_have_text(f"Donne{NBSP}1")
    play(game, "going_out", "Anne", Bruno=12, Chloé=30)  # another phone
    poll(page)
    expect(page.locator("#table-live .totals-table .total")).to_have_text(["0", "12", "30"])
    expect(page.locator("#entry-title")).to_have_text(f"Donne{NBSP}2")
    expect(page.locator("#hand-form input[name=number]")).to_have_value("2")
    expect(page.locator("#hands-live .hands-table tbody tr")).to_have_count(1)
    shot(page, artifacts, "entry-after-another-phone-saved.png", top=".entry-head")


def test_a_save_leaves_the_page_where_it_is_and_moves_it_to_the_next_hand(
    table: Page, game
) -> None:
    """Saved, the page is not loaded again (a fifth of a night's server time went to making
    it again after every hand): it says so, its form is the next hand's, empty, and its live
    part shows the hand."""
    page = table
    page.evaluate("window.loadedOnce = true")  # gone if the page were loaded again
    type_hand(page, "1", "60", "30")
    save_and_wait(page)
    assert page.evaluate("window.loadedOnce") is True
    expect(page.locator(".messages")).to_have_text("Donne 1 enregistrée.")
    expect(page.locator("#entry-title")).to_have_text(f"Donne{NBSP}2")
    expect(page.locator("#hand-form input[name=number]")).to_have_value("2")
    expect(page.locator("#hand-form .held-input").first).to_have_value("")
    expect(page.locator("#table-live .totals-table .total")).to_have_text(["0", "60", "30"])
    expect(page.locator("#connection-status")).to_contain_text("Envoyé")
    # The next hand is typed after the one just saved, and saved in its turn.
    type_hand(page, "2", "5", "8")
    save_and_wait(page)
    expect(page.locator(".messages")).to_have_text("Donne 2 enregistrée.")
    assert stored(game) == [(1, "60"), (2, "None")]  # Bruno went out
    assert page.evaluate("window.loadedOnce") is True


def test_the_live_part_fetched_after_a_save_is_not_made_again_by_the_next_poll(
    table: Page, game
) -> None:
    """The live part the page fetches once its hand is saved gives its ETag to the next
    poll: a 304 (the browser's cache would ask with the part fetched before the save, and
    have the whole part made again); a hand from another phone still shows at the next."""
    page = table
    type_hand(page, "1", "60", "30")
    save_and_wait(page)
    # The live part fetched once the hand was saved, shown:
    expect(page.locator("#table-live .totals-table .total")).to_have_text(["0", "60", "30"])
    answers: list[int] = []
    page.on("response", lambda r: answers.append(r.status) if "/live/" in r.url else None)
    with page.expect_response(lambda r: "/live/" in r.url):
        poll(page)
    assert answers == [304]
    play(game, "going_out", "Anne", Bruno=12, Chloé=31)  # another phone
    with page.expect_response(lambda r: "/live/" in r.url):
        poll(page)
    assert answers == [304, 200]
    expect(page.locator("#table-live .totals-table .total")).to_have_text(["0", "72", "61"])
    with page.expect_response(lambda r: "/live/" in r.url):
        poll(page)
    assert answers == [304, 200, 304]  # then asked with the answer's own ETag
    expect(page.locator("#table-live .totals-table .total")).to_have_text(["0", "72", "61"])


def test_a_hand_being_typed_keeps_its_number_when_another_phone_saves(table: Page, game) -> None:
    """The player is typing hand 1 while another phone saves hand 1: his form is not
    renumbered behind his back; his save is set aside for him to compare."""
    page = table
    type_hand(page, "1", "12", "30")
    play(game, "going_out", "Anne", Bruno=12, Chloé=31)
    poll(page)
    expect(page.locator("#table-live .totals-table .total")).to_have_text(["0", "12", "31"])
    expect(page.locator("#entry-title")).to_have_text(f"Donne{NBSP}1")
    press_save(page)
    expect(page.locator("#set-aside .set-aside-why")).to_contain_text(
        "la donne 1 a été saisie depuis un autre appareil"
    )
    assert game.hands.count() == 1


def test_a_hand_waiting_for_confirmation_appears_with_its_confirm_button(
    page: Page, live_server: LiveServer, club, browser: Browser, browser_context_args
) -> None:
    game = make_game(EventFactory(club=club, confirmation_required=True, options={"target": 500}))
    page.clock.install()
    page.goto(f"{live_server.url}/t/{game.link_token}/")
    other = other_phone(browser, live_server, game, browser_context_args)
    other.locator('label:has(input[name="entering"][value="2"])').click()
    type_hand(other, "1", "12", "30")
    save_and_wait(other)
    poll(page)
    confirm = page.locator(".provisional-list a.button")
    expect(confirm).to_have_text("Vérifier et confirmer la donne 1")
    other.context.close()
