"""What a person does in the browser, written once for every browser test: an organiser's
session, a hand typed on a table's entry page (choices, keypad, card grid, Save), and the
checks that a page fits a 390 px phone.

Selectors use values, ids and data attributes, not words, so that they hold in French and
English alike.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.factories import PASSWORD
from tournaments.models import Game

# Four long names: a table of them is wider than a phone unless the page wraps or scrolls its
# own parts (the phone-width and accessibility tests seat them).
LONG_NAMES = ("Bernadette", "Jean-Christophe", "Marie-Hélène", "Maximilien")


def log_in(page: Page, server: str, user: AbstractBaseUser) -> None:
    """The user's session, made by Django's test client and handed to the browser (quicker
    than the form, which `log_in_with_the_form` fills)."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": server}])


def log_in_with_the_form(page: Page, server: str, username: str, password: str = PASSWORD) -> None:
    """Log in as a person does: the login form, then the organiser's home page."""
    page.goto(f"{server}/accounts/login/?next=/manage/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(f"{server}/manage/")


def open_the_entry_page_as(
    page: Page, server: str, organiser: AbstractBaseUser, game: Game
) -> None:
    """The organiser, logged in, on the game's entry page (not the players' table link)."""
    log_in(page, server, organiser)
    page.goto(f"{server}/games/{game.pk}/enter/")


def choose(page: Page, name: str, value: str) -> None:
    """Tap the choice (a radio button's label) named `name` with value `value`."""
    page.locator(f'label:has(input[name="{name}"][value="{value}"])').click()


def keypad(page: Page, digits: str) -> None:
    """Type a count on the on-screen keypad, then move to the next field."""
    for digit in digits:
        page.locator(f'#keypad button[data-key="{digit}"]').click()
    page.locator('#keypad button[data-key="next"]').click()


def tap_cards(page: Page, position: int, codes: str) -> None:
    """Tap the cards held by the player in seat `position` on the card grid."""
    page.locator(f"#id_held_{position}").click()
    for code in codes.split():
        page.locator(f'#card-grid button[data-code="{code}"]').click()


def type_hand(page: Page, ender: str, *counts: str, how: str | None = None) -> None:
    """A hand by counts: how it ended (when not the variant's first choice), who ended it
    (a seat number), then the others' counts on the keypad, in seat order."""
    if how is not None:
        choose(page, "how", how)
    choose(page, "ended_by", ender)
    for count in counts:
        keypad(page, count)


def press_save(page: Page) -> None:
    """Press the entry form's Save button (its answer is for the caller to wait for)."""
    page.locator(".form-actions button.primary").click()


def assert_no_sideways_scroll(page: Page) -> None:
    """Nothing on the page is wider than the 390 px phone (once the page is loaded: a page
    just reached by a link may have no document element yet)."""
    page.wait_for_load_state()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide"


def assert_fits_the_phone(page: Page) -> None:
    """Nothing wider than the 390 px screen, and every visible button at least 44 px high."""
    assert_no_sideways_scroll(page)
    small = page.evaluate(
        """() => [...document.querySelectorAll(
              '#hand-form button, #hand-form .choice span, .mode-link, .form-actions button')]
            .filter(el => el.offsetParent !== null)
            .map(el => [el.textContent.trim(), el.getBoundingClientRect()])
            .filter(([, r]) => r.height < 43.5 || r.width < 43.5)
            .map(([text, r]) => `${text}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == [], small


def save_and_wait(page: Page) -> None:
    """Press Save on a page that is online, and wait until the page shows the hand saved."""
    until_saved(page, lambda: press_save(page))


def until_saved(page: Page, act: Callable[[], object]) -> None:
    """Do `act` (Save pressed, a kept hand sent), and wait until the page has taken in the
    server's answer: it stays, says so and moves on to the next hand (static/js/offline.js:
    the connection's line no longer says "sending"), or, when the hand ended the game, is
    loaded again. Not a poll of its live part: one may come in between."""
    with page.expect_response(lambda response: response.request.method == "POST"):
        act()
    try:
        page.wait_for_function(DONE_SENDING)
    except PlaywrightError:  # the page was being loaded again: the game is over
        pass
    page.wait_for_load_state()


DONE_SENDING = """() => {
    const status = document.getElementById("connection-status");
    return !status || status.dataset.state !== "sending";
}"""
