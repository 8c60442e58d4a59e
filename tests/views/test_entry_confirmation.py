"""Confirmation (event option): a hand entered at the table is provisional until another
player of the table checks it on its confirm screen and names himself; an organiser's own
hands count at once, and he can confirm any hand. The server refuses the player named as
entering it, and the phone it was entered from, whatever the page shows."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import ClubFactory, UserFactory, organise
from tests.views.entry_support import hand

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("hands_confirmed")]


def enter_url(game) -> str:
    return reverse("entry:enter", kwargs={"game_id": game.pk})


def confirm_url(game, number: int = 1) -> str:
    return reverse("entry:confirm", kwargs={"game_id": game.pk, "number": number})


def link(game) -> str:
    return f"/t/{game.link_token}/"


def link_confirm(game, number: int = 1) -> str:
    return f"/t/{game.link_token}/hands/{number}/confirm/"


def phone_enters(game, entering: str = "2", **held) -> Client:
    """A phone at the table enters hand 1 (Anne went out), naming who enters it."""
    phone = Client()
    data = hand(1, held_2="3", held_3="4", entering=entering) | held
    assert phone.post(link(game), data).status_code == 302
    return phone


def test_the_table_link_asks_who_is_entering_and_records_it(game):
    phone = Client()
    page = phone.get(link(game)).content.decode()
    assert "Who is entering this hand?" in page and 'name="entering"' in page
    response = phone.post(link(game), hand(1, held_2="3", held_3="4"))
    assert response.status_code == 400 and not game.hands.exists()
    assert "Say who is entering the hand" in response.content.decode()
    phone.post(link(game), hand(1, held_2="3", held_3="4", entering="2"))
    stored = game.hands.get()
    assert stored.is_provisional and stored.entered_by_seat.player.name == "Bruno"


def test_the_phone_remembers_who_enters_on_it(game):
    phone = phone_enters(game, entering="3")
    page = phone.get(link(game)).content.decode()
    checked = re.findall(r'<input type="radio" name="entering" value="(\d)"[^>]* checked>', page)
    assert checked == ["3"]


def test_the_phone_writes_its_session_only_when_another_player_enters(game):
    """Each hand saved wrote the phone's session again, the same player in it: three
    statements a hand, at every table."""
    phone = phone_enters(game, entering="3")

    def session_writes(number: int, entering: str) -> int:
        data = hand(number, held_2="3", held_3="4", entering=entering)
        with CaptureQueriesContext(connection) as done:
            assert phone.post(link(game), data).status_code == 302
        return sum('UPDATE "django_session"' in q["sql"] for q in done.captured_queries)

    assert session_writes(2, "3") == 0  # the same player
    assert session_writes(3, "2") == 1  # another one: remembered
    page = phone.get(link(game)).content.decode()
    checked = re.findall(r'<input type="radio" name="entering" value="(\d)"[^>]* checked>', page)
    assert checked == ["2"]


def test_an_organisers_page_does_not_ask_who_is_entering(organiser_client, game):
    assert 'name="entering"' not in organiser_client.get(enter_url(game)).content.decode()


def test_a_hand_the_organiser_enters_counts_as_confirmed_by_him(organiser_client, organiser, game):
    organiser_client.post(enter_url(game), hand(1, held_2="3", held_3="4"))
    stored = game.hands.get()
    assert not stored.is_provisional and stored.confirmed_by == organiser
    html = organiser_client.get(enter_url(game)).content.decode()
    assert "Waiting for confirmation" not in html


def test_a_hand_entered_at_the_table_waits_and_is_marked(organiser_client, game):
    phone = phone_enters(game)
    html = phone.get(link(game)).content.decode()
    assert "Waiting for confirmation" in html and "entered by Bruno" in html
    assert "Entered from this phone" in html
    assert link_confirm(game) not in html
    assert "Totals after 1 hand" in html and "provisional" in html


def test_the_confirm_screen_shows_the_facts_points_and_asks_who_confirms(game):
    phone_enters(game, held_3="KD 7S")
    other_phone = Client()
    assert link_confirm(game) in other_phone.get(link(game)).content.decode()
    html = other_phone.get(link_confirm(game)).content.decode()
    assert "Check hand 1" in html and "Anne · Went out" in html
    assert "KD 7S" in html and "(= 17)" in html  # the cards, and what they counted
    assert "Entered by Bruno." in html
    assert "Who confirms?" in html
    assert 'name="confirmer" value="1"' in html and 'name="confirmer" value="3"' in html
    assert 'name="confirmer" value="2"' not in html  # Bruno entered it


def test_another_player_confirms_from_another_phone(game):
    phone_enters(game)
    other_phone = Client()
    other_phone.get(link(game))
    response = other_phone.post(link_confirm(game), {"confirmer": "3"})
    assert response.status_code == 302
    stored = game.hands.get()
    assert not stored.is_provisional
    assert stored.confirmed_by_seat.player.name == "Chloé"
    assert stored.entered_by_seat.player.name == "Bruno"
    assert stored.confirmed_from == other_phone.session["device"]


def test_the_confirmer_must_say_who_he_is(game):
    phone_enters(game)
    response = Client().post(link_confirm(game), {})
    assert response.status_code == 400
    assert "Say who confirms the hand." in response.content.decode()
    assert game.hands.get().is_provisional


def test_the_player_named_as_entering_cannot_confirm_even_from_another_phone(game):
    phone_enters(game, entering="2")
    response = Client().post(link_confirm(game), {"confirmer": "2"})
    assert response.status_code == 400  # not one of the choices
    assert game.hands.get().is_provisional


def test_the_phone_that_entered_the_hand_cannot_confirm_it(game):
    phone = phone_enters(game)
    screen = phone.get(link_confirm(game)).content.decode()
    assert "This phone entered the hand" in screen and 'name="confirmer"' not in screen
    response = phone.post(link_confirm(game), {"confirmer": "3"})
    assert response.status_code == 403
    assert game.hands.get().is_provisional


def test_an_organiser_confirms_any_hand_in_his_name(organiser_client, organiser, game):
    phone_enters(game)
    screen = organiser_client.get(confirm_url(game)).content.decode()
    assert "Who confirms?" not in screen and "Confirm hand 1" in screen
    response = organiser_client.post(confirm_url(game))
    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["Hand 1 confirmed."]
    stored = game.hands.get()
    assert not stored.is_provisional and stored.confirmed_by == organiser


def test_an_organiser_on_the_table_link_vouches_for_his_hands(organiser, game):
    client = Client()
    client.force_login(organiser)
    assert 'name="entering"' not in client.get(link(game)).content.decode()
    client.post(link(game), hand(1, held_2="3", held_3="4"))
    assert not game.hands.get().is_provisional


def test_confirming_a_confirmed_hand_says_so(organiser_client, game):
    phone_enters(game)
    organiser_client.post(confirm_url(game))
    response = organiser_client.post(confirm_url(game))
    assert response.status_code == 302
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert shown[-1] == "This hand does not need confirming."


def test_confirming_an_unknown_hand_is_not_found(organiser_client, game):
    assert organiser_client.post(confirm_url(game, 7)).status_code == 404
    assert Client().get(link_confirm(game, 7)).status_code == 404


def test_another_clubs_organiser_cannot_confirm(game):
    phone_enters(game)
    stranger = UserFactory(username="stranger")
    organise(ClubFactory(), stranger)
    client = Client()
    client.force_login(stranger)
    assert client.post(confirm_url(game)).status_code == 403
    assert game.hands.get().is_provisional


def test_a_provisional_last_hand_keeps_the_game_undecided(organiser_client, game):
    phone_enters(game, held_2="100")
    game.refresh_from_db()
    assert not game.finished and game.has_provisional_hands
    html = organiser_client.get(enter_url(game)).content.decode()
    assert "Game over" not in html and "No winner and no prize" in html
    organiser_client.post(confirm_url(game))
    game.refresh_from_db()
    assert game.finished and game.winner.name == "Anne"


def test_confirming_takes_the_same_queries_whatever_the_number_of_hands(
    game, hands, django_assert_max_num_queries
):
    phone = Client()
    phone.get(link(game))
    with django_assert_max_num_queries(14):
        assert phone.get(link_confirm(game, hands)).status_code == 200
    with django_assert_max_num_queries(22):
        assert phone.post(link_confirm(game, hands), {"confirmer": "2"}).status_code == 302
    assert not game.hands.get(number=hands).is_provisional


def test_the_tables_history_names_who_entered_and_who_confirmed(game):
    phone_enters(game, entering="2")
    Client().post(link_confirm(game), {"confirmer": "3"})
    changes = Client().get(f"/games/{game.id}/").context["changes"]
    told = {change.summary: change.who for change in changes}
    assert told == {"Hand 1 entered": "Bruno", "Hand 1 confirmed": "Chloé"}


def test_the_settings_page_says_what_an_organiser_may_confirm(organiser_client, event):
    page = organiser_client.get(f"/manage/events/{event.id}/settings/").content.decode()
    assert "an organiser can confirm any hand" in page
    assert "What an organiser enters counts at once" in page


def test_the_confirm_screen_shows_the_melds_and_lay_offs_the_engine_found(club, organiser):
    """A gin hand entered by cards: the confirmer sees how each deadwood was counted."""
    from tests.factories import EventFactory, make_game, play

    event = EventFactory(club=club, variant="gin-rami", confirmation_required=True)
    game = make_game(event, players=("A", "B", "C"))
    play(
        game,
        "knock",
        "A",
        device="phone-1",
        A="4H 5H 6H 9S 9D 9C 3C",
        B="7H KS KD KC 2D 9H AS",
        C="8H 2S 3S 4S JD QD 6D",
    )
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(link_confirm(game)).content.decode()
    assert "Melds: 4H 5H 6H · 9S 9D 9C" in page
    assert "Laid off on the knocker’s melds: 7H 9H" in page
    assert "Left: AS 2D" in page
