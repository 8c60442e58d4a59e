"""A hand kept on a phone while the Wi-Fi was down, then sent again (issue 10 §2): the entry's
id stores it once and both answers are successes; another phone's hand for the same number
still gets the conflict; the page answering a kept hand names it so that the phone stops
keeping it; a retry after the session or the CSRF cookie expired is accepted or refused
plainly."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from tests.factories import play
from tests.views.entry_support import enter_url, hand
from tournaments.integrations.services.webhooks import listening
from tournaments.models import Hand
from tournaments.play.services.entry import close_game
from tournaments.web.offline import COPY_HEADER

pytestmark = pytest.mark.django_db

KEY = "3f2a9c0d4b5e6f708192a3b4c5d6e7f8"
OTHER_KEY = "0123456789abcdef0123456789abcdef"
JSON = {"HTTP_ACCEPT": "application/json"}


def link_url(game) -> str:
    return f"/t/{game.link_token}/"


@pytest.fixture
def phone(game) -> Client:
    """A phone on the table link, CSRF checks on as in a real browser."""
    client = Client(enforce_csrf_checks=True)
    client.get(link_url(game))
    return client


def kept_hand(phone: Client, key: str = KEY, number: int = 1, **held) -> dict:
    """A hand as the phone keeps it: the form's fields, its id and the page's CSRF token."""
    held = held or {"held_2": "12", "held_3": "30"}
    data = hand(number, **held)
    data.update(idempotency_key=key, csrfmiddlewaretoken=phone.cookies["csrftoken"].value)
    return data


def test_the_same_entry_posted_twice_stores_one_hand_and_both_answers_are_successes(phone, game):
    first = phone.post(link_url(game), kept_hand(phone))
    again = phone.post(link_url(game), kept_hand(phone))
    assert first.status_code == again.status_code == 302
    assert again.url == first.url == link_url(game) + "?mode=counts"
    # One message per answer, both successes (no page was read in between).
    assert [str(m) for m in get_messages(again.wsgi_request)] == ["Hand 1 saved."] * 2
    assert Hand.objects.get(game=game).idempotency_key == KEY
    assert [seat.total for seat in game.seats.order_by("position")] == [0, 12, 30]


def test_the_pages_sender_is_told_what_to_say_and_no_page_is_left_to_say_it_again(phone, game):
    """The page stays where it is after a save and says "Hand 1 saved." itself: the answer
    carries the words, and none is kept for the next page loaded (it said it twice before)."""
    first = phone.post(link_url(game), kept_hand(phone), **JSON)
    again = phone.post(link_url(game), kept_hand(phone), **JSON)
    ref = f"h{game.hands.get().pk}"
    expected = {
        "saved": 1,
        "next": link_url(game) + "?mode=counts",
        "message": "Hand 1 saved.",
        "over": False,
        "table": {"next": 2, "last": ref},  # the next hand, typed after the one saved
    }
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json() == expected
    page = phone.get(expected["next"]).content.decode()
    assert "Hand 1 saved." not in page
    # Its message region is there, empty, for the page to fill (and no template text shows:
    # a comment over several lines was once printed on the page).
    assert 'role="status" class="message-region"' in page and "{#" not in page
    assert game.hands.count() == 1


def test_the_pages_sender_is_told_when_its_hand_ended_the_game(phone, game):
    """The page is then loaded again (offline.js): a game over shows no form."""
    play(game, "going_out", "Anne", Bruno=60, Chloé=70)
    answer = phone.post(link_url(game), kept_hand(phone, number=2, held_2="50", held_3="5"), **JSON)
    assert answer.json()["over"] is True  # Bruno passed the target of 100
    # The page is loaded again (its form gone), and says it.
    assert "Hand 2 saved." in phone.get(answer.json()["next"]).content.decode()
    game.refresh_from_db()
    assert game.finished


def test_the_copy_the_service_worker_keeps_leaves_the_saved_message_to_the_page(phone, game):
    """A phone's first visit: the service worker starts and keeps a copy of the open page,
    fetched in the background. Just after a hand was saved, its copy's request took the
    "Hand 1 saved." waiting for the page the phone was about to load (CI saw the entry page
    come without it): a copy's request neither shows nor uses up the page's messages."""
    worker = phone.get(reverse("app:service_worker")).content.decode()
    assert f'"{COPY_HEADER}": "1"' in worker  # how the worker asks for its copy
    answer = phone.post(link_url(game), kept_hand(phone))  # a form posted without the script

    copy = phone.get(answer.url, headers={COPY_HEADER: "1"})
    assert copy.status_code == 200 and "Hand 1 saved." not in copy.content.decode()
    assert "Hand 1 saved." in phone.get(answer.url).content.decode()  # left for the page
    assert "Hand 1 saved." not in phone.get(answer.url).content.decode()  # shown once


def test_a_second_phones_different_hand_with_the_same_number_gets_the_conflict(phone, game):
    phone.post(link_url(game), kept_hand(phone))
    second = Client(enforce_csrf_checks=True)
    second.get(link_url(game))
    response = second.post(link_url(game), kept_hand(second, OTHER_KEY, held_2="5", held_3="7"))
    assert response.status_code == 409
    html = response.content.decode()
    # Entered by the first phone, named by its table link's first characters.
    assert "Hand 1 was already entered from another device, by table link (" in html
    assert "Bruno: 12 <strong>(you entered 5)</strong>" in html
    assert game.hands.count() == 1


def test_a_kept_hand_entered_meanwhile_by_another_phone_is_set_aside(phone, game):
    play(game, "going_out", "Bruno", Anne=4, Chloé=4)
    response = phone.post(link_url(game), kept_hand(phone), **JSON)
    assert response.status_code == 409
    assert response.json()["set_aside"]["key"] == KEY  # tests/views/test_entry_kept_hands.py


def test_a_kept_hand_posted_as_a_form_after_another_phones_is_named_as_answered(phone, game):
    play(game, "going_out", "Bruno", Anne=4, Chloé=4)
    response = phone.post(link_url(game), kept_hand(phone))
    assert response.status_code == 409
    assert response.context["answered_key"] == KEY
    assert f'data-answered="{KEY}"' in response.content.decode()


def test_a_kept_hand_refused_by_the_rules_is_named_as_answered_with_its_form(phone, game):
    response = phone.post(link_url(game), kept_hand(phone, held_2="-4", held_3="1"), **JSON)
    assert response.status_code == 400
    html = response.content.decode()
    assert f'data-answered="{KEY}"' in html
    assert f'name="idempotency_key" value="{KEY}"' in html  # the form as it was sent
    assert not Hand.objects.exists()


def test_a_kept_hand_out_of_turn_is_set_aside_for_the_player(phone, game):
    response = phone.post(link_url(game), kept_hand(phone, number=2), **JSON)
    assert response.status_code == 409
    answer = response.json()["set_aside"]
    assert answer["message"] == "Hand 2 was not saved: the next hand is hand 1."


def test_a_kept_hand_sent_after_the_game_was_closed_says_so_and_stores_nothing(phone, game):
    close_game(game=game)
    response = phone.post(link_url(game), kept_hand(phone), **JSON)
    assert response.status_code == 400
    html = response.content.decode()
    assert "This game was closed by the organiser: reopen it to add hands." in html
    assert f'data-answered="{KEY}"' in html
    assert not Hand.objects.exists()


def test_a_hand_stored_before_the_game_was_closed_is_still_a_success_when_sent_again(phone, game):
    phone.post(link_url(game), kept_hand(phone))
    close_game(game=game)
    response = phone.post(link_url(game), kept_hand(phone), **JSON)
    assert response.status_code == 200 and response.json()["saved"] == 1


def test_a_malformed_id_is_refused_and_nothing_is_stored(phone, game):
    response = phone.post(link_url(game), kept_hand(phone, key="<script>"))
    assert response.status_code == 400
    assert "The page is out of date: reload it and enter the hand again." in (
        response.content.decode()
    )
    assert response.context["answered_key"] == ""
    assert not Hand.objects.exists()


def test_a_retry_after_the_session_expired_is_accepted_on_the_table_link(phone, game):
    data = kept_hand(phone)
    phone.cookies.pop("sessionid")  # the session expired while the phone was away
    response = phone.post(link_url(game), data, **JSON)
    assert response.status_code == 200
    assert game.hands.count() == 1


def test_a_retry_without_its_csrf_cookie_is_refused_then_accepted_with_a_new_token(phone, game):
    data = kept_hand(phone)
    phone.cookies.pop("csrftoken")  # cookies cleared while the phone was away
    refused = phone.post(link_url(game), data, **JSON)
    assert refused.status_code == 403  # the page's sender asks the page for a new token
    assert not Hand.objects.exists()
    phone.get(link_url(game))
    data["csrfmiddlewaretoken"] = phone.cookies["csrftoken"].value
    assert phone.post(link_url(game), data, **JSON).status_code == 200
    assert game.hands.count() == 1


def test_an_organiser_logged_out_meanwhile_is_sent_to_log_in_and_nothing_is_stored(
    client, organiser, game
):
    response = client.post(
        enter_url(game), {**hand(1, held_2="3", held_3="4"), "idempotency_key": KEY}, **JSON
    )
    assert response.status_code == 302
    assert response.url == f"/accounts/login/?next={enter_url(game)}"
    assert not Hand.objects.exists()


def test_the_form_carries_an_empty_id_and_the_kept_hands_box_is_hidden(phone, game):
    html = phone.get(link_url(game)).content.decode()
    assert '<input type="hidden" name="idempotency_key" id="id_idempotency_key">' in html
    assert '<section id="pending-hands" class="notice pending-hands" hidden' in html
    assert f'data-action="{link_url(game)}"' in html
    assert 'data-answered=""' in html


def test_an_entry_with_an_id_takes_no_query_more_whatever_the_number_of_hands(
    client, organiser, game, hands, django_assert_max_num_queries
):
    client.force_login(organiser)
    client.get(enter_url(game))
    listening()  # who listens to webhooks: read once per process and half-minute, not per hand
    data = {**hand(hands + 1, held_2="3", held_3="4"), "idempotency_key": KEY}
    with django_assert_max_num_queries(16):  # as many as without an id (test_entry_save)
        response = client.post(enter_url(game), data)
    assert response.status_code == 302
    # Sent again: found among the game's facts, read once under the lock; nothing written.
    with django_assert_max_num_queries(9):
        again = client.post(enter_url(game), data)
    assert again.status_code == 302
    assert game.hands.count() == hands + 1
