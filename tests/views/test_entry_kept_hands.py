"""A hand kept on a phone is never counted behind the player's back (issue 18 §1).

Each hand the page sends names its base, the hand it was typed after. A kept hand whose number
was taken, or whose base the table no longer holds as its last hand (an undo, a correction,
another phone got there first), is refused with a 409 that the page's sender reads: the hand
is set aside, recorded, and waits for the player, who sends it as the next hand or discards
it (both recorded). The server refuses it whatever the client does.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import EventFactory, make_game, play
from tests.views.entry_support import hand
from tournaments.models import Hand, SetAsideHand
from tournaments.models.games import START
from tournaments.play.services.entry import delete_last_hand

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
KEY_11 = "1111111111111111111111111111111a"
KEY_10 = "1010101010101010101010101010101a"
KEY_12 = "1212121212121212121212121212121a"


@pytest.fixture
def long_game(club):
    """A rami à pénalités game to 1000: ten hands leave it in play."""
    return make_game(EventFactory(club=club, variant="rami-penalites", options={"target": 1000}))


@pytest.fixture
def phone(long_game) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.get(link_url(long_game))
    return client


def link_url(game) -> str:
    return f"/t/{game.link_token}/"


def kept(phone: Client, number: int, after: str, key: str, **held) -> dict:
    """A kept hand as the page sends it: Anne went out, with its id and its base."""
    data = hand(number, **(held or {"held_2": "20", "held_3": "25"}))
    data.update(
        idempotency_key=key, after=after, csrfmiddlewaretoken=phone.cookies["csrftoken"].value
    )
    return data


def ten_hands(game) -> list[Hand]:
    """Hands 1 to 10, Bruno holding 18 each time, then 8 (his total: 170)."""
    return [
        play(game, "going_out", "Anne", Bruno=18 if number < 10 else 8, Chloé=5)
        for number in range(1, 11)
    ]


def bruno(game) -> int:
    return game.seats.get(player__name="Bruno").total


def test_the_issues_undo_sequence_counts_the_hand_once(phone, long_game, organiser):
    """The phone shows "Hand 11"; the organiser deletes hand 10; the phone's hand 11 is set
    aside; the player types it again as hand 10; the set-aside hand 11 is never counted."""
    hands = ten_hands(long_game)
    assert bruno(long_game) == 170
    delete_last_hand(game=long_game, reason="wrong table", user=organiser)  # Bruno: 162

    refused = phone.post(link_url(long_game), kept(phone, 11, hands[9].ref, KEY_11), **JSON)
    assert refused.status_code == 409
    answer = refused.json()["set_aside"]
    assert answer["key"] == KEY_11 and answer["number"] == 11 and answer["next_number"] == 10
    assert answer["message"] == "Hand 11 was not saved: the next hand is hand 10."
    assert answer["table"] == {"next": 10, "last": hands[8].ref, "over": False}

    again = phone.post(link_url(long_game), kept(phone, 10, hands[8].ref, KEY_10), **JSON)
    assert again.status_code == 200
    # A client that sends the set-aside hand anyway, as the issue's phone did: refused.
    stale = phone.post(link_url(long_game), kept(phone, 11, hands[9].ref, KEY_11), **JSON)
    assert stale.status_code == 409
    assert stale.json()["set_aside"]["message"] == (
        "Hand 11 was not saved: it was typed after a hand the table no longer has as its last."
    )
    assert list(long_game.hands.values_list("number", flat=True)) == list(range(1, 11))
    assert bruno(long_game) == 162 + 20  # 182, not 202: hand 11 is not counted
    assert SetAsideHand.objects.get().number == 11


def test_a_set_aside_hand_is_recorded_with_what_was_typed(phone, long_game):
    play(long_game, "going_out", "Bruno", Anne=3, Chloé=4)  # another phone's hand 1
    phone.post(link_url(long_game), kept(phone, 1, START, KEY_11), **JSON)
    record = SetAsideHand.objects.get()
    assert (record.game, record.idempotency_key, record.number) == (long_game, KEY_11, 1)
    assert record.typed == {
        "how": "going_out",
        "ended_by": "1",
        "held": {"1": "", "2": "20", "3": "25"},
    }
    assert record.decision == "" and record.sent_as is None
    assert record.entered_from  # the phone's device id


def test_a_set_aside_hand_sent_again_is_recorded_once(phone, long_game):
    play(long_game, "going_out", "Bruno", Anne=3, Chloé=4)
    for _attempt in range(2):
        phone.post(link_url(long_game), kept(phone, 1, START, KEY_11), **JSON)
    assert SetAsideHand.objects.count() == 1


def test_the_player_sends_a_set_aside_hand_as_the_next_hand(phone, long_game):
    first = play(long_game, "going_out", "Bruno", Anne=3, Chloé=4)
    phone.post(link_url(long_game), kept(phone, 1, START, KEY_11), **JSON)
    data = kept(phone, 2, first.ref, KEY_11) | {"set_aside": "1"}
    response = phone.post(link_url(long_game), data, **JSON)
    assert response.status_code == 200 and response.json()["saved"] == 2
    record = SetAsideHand.objects.get()
    stored = long_game.hands.get(number=2)
    assert (record.decision, record.sent_as) == ("sent", 2)
    assert record.decided_at is not None
    assert stored.idempotency_key == KEY_11


def test_the_player_discards_a_set_aside_hand(phone, long_game):
    play(long_game, "going_out", "Bruno", Anne=3, Chloé=4)
    phone.post(link_url(long_game), kept(phone, 1, START, KEY_11), **JSON)
    url = f"{link_url(long_game)}kept/{KEY_11}/discard/"
    response = phone.post(url, kept(phone, 1, START, KEY_11), **JSON)
    assert response.status_code == 200 and response.json() == {"discarded": KEY_11}
    record = SetAsideHand.objects.get()
    assert record.decision == "discarded" and record.decided_at is not None
    assert long_game.hands.count() == 1


def test_a_hand_discarded_before_the_server_set_it_aside_is_recorded_too(phone, long_game):
    """The page may set a kept hand aside itself (it knows the table moved on): its discard
    still reaches the table's history, with what was typed."""
    play(long_game, "going_out", "Bruno", Anne=3, Chloé=4)
    url = f"{link_url(long_game)}kept/{KEY_12}/discard/"
    response = phone.post(url, kept(phone, 1, START, KEY_12), **JSON)
    assert response.status_code == 200
    record = SetAsideHand.objects.get()
    assert (record.idempotency_key, record.number, record.decision) == (KEY_12, 1, "discarded")
    assert record.typed["held"]["2"] == "20"


def test_a_hand_already_stored_cannot_be_discarded(phone, long_game):
    phone.post(link_url(long_game), kept(phone, 1, START, KEY_11), **JSON)
    url = f"{link_url(long_game)}kept/{KEY_11}/discard/"
    response = phone.post(url, kept(phone, 1, START, KEY_11), **JSON)
    assert response.status_code == 409
    assert response.json() == {
        "saved": 1,
        "next": link_url(long_game) + "?mode=counts",
        "message": "",  # nothing new to say: the page shows the hand among the table's
        "over": False,
        "table": None,  # the page is loaded again, with the table as it is
    }
    assert long_game.hands.count() == 1 and not SetAsideHand.objects.exists()


def test_the_same_hand_stored_by_another_phone_is_answered_with_its_ref(phone, long_game):
    other = play(long_game, "going_out", "Anne", Bruno=20, Chloé=25)
    response = phone.post(link_url(long_game), kept(phone, 1, START, KEY_11), **JSON)
    assert response.status_code == 409
    assert response.json() == {
        "same": 1,
        "ref": other.ref,
        "next": link_url(long_game) + "?mode=counts",
    }
    assert not SetAsideHand.objects.exists()


def test_a_hand_after_the_end_of_the_game_is_set_aside_as_over(phone, game):
    play(game, "going_out", "Anne", Bruno=60, Chloé=105)  # target 100: the game is over
    response = phone.post(link_url(game), kept(phone, 2, START, KEY_11), **JSON)
    answer = response.json()["set_aside"]
    assert answer["table"]["over"] is True
    assert answer["message"] == "Hand 2 was not saved: the game is over."


def test_the_form_carries_the_base_of_the_next_hand(phone, long_game):
    assert 'name="after" value="start"' in phone.get(link_url(long_game)).content.decode()
    first = play(long_game, "going_out", "Bruno", Anne=3, Chloé=4)
    html = phone.get(link_url(long_game)).content.decode()
    assert f'name="after" value="{first.ref}"' in html


def test_a_form_posted_after_the_table_moved_on_says_so_and_stores_nothing(phone, long_game):
    """Without JavaScript too: the page was opened at hand 2, hand 1 was then replaced."""
    first = play(long_game, "going_out", "Bruno", Anne=3, Chloé=4)
    delete_last_hand(game=long_game, reason="wrong")
    play(long_game, "going_out", "Chloé", Anne=3, Bruno=4)
    data = kept(phone, 2, first.ref, KEY_11)
    response = phone.post(link_url(long_game), data)
    assert response.status_code == 409
    html = response.content.decode()
    assert "The table has changed since you opened the page" in html
    assert long_game.hands.count() == 1
