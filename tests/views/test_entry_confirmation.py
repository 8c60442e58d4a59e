"""Confirmation (event option): a hand is provisional until a different person confirms it,
and the server refuses the person who entered it whatever the page shows."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from tests.factories import ClubFactory, UserFactory
from tests.views.entry_support import add_hands, hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(event):
    event.confirmation_required = True
    event.save()
    return event


@pytest.fixture
def organiser_client(organiser):
    client = Client()
    client.force_login(organiser)
    return client


def enter_url(game) -> str:
    return reverse("entry:enter", kwargs={"game_id": game.pk})


def confirm_url(game, number: int = 1) -> str:
    return reverse("entry:confirm", kwargs={"game_id": game.pk, "number": number})


def test_a_saved_hand_is_provisional_and_marked(organiser_client, game):
    organiser_client.post(enter_url(game), hand(1, held_2="3", held_3="4"))
    stored = game.hands.get()
    assert stored.is_provisional
    html = organiser_client.get(enter_url(game)).content.decode()
    assert "Waiting for confirmation" in html
    assert "You entered it: another person must confirm it." in html
    assert confirm_url(game) not in html


def test_the_same_organiser_cannot_confirm_even_by_a_direct_post(organiser_client, game):
    organiser_client.post(enter_url(game), hand(1, held_2="3", held_3="4"))
    response = organiser_client.post(confirm_url(game))
    assert response.status_code == 403
    assert "A different person must confirm the hand." in response.content.decode()
    assert game.hands.get().is_provisional


def test_another_organiser_of_the_club_confirms(organiser_client, game, club):
    organiser_client.post(enter_url(game), hand(1, held_2="3", held_3="4"))
    colleague = UserFactory(username="colleague")
    club.organisers.add(colleague)
    client = Client()
    client.force_login(colleague)
    assert confirm_url(game) in client.get(enter_url(game)).content.decode()
    response = client.post(confirm_url(game))
    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["Hand 1 confirmed."]
    stored = game.hands.get()
    assert not stored.is_provisional and stored.confirmed_by == colleague


def test_the_same_table_link_device_cannot_confirm(game):
    device = Client()
    device.post(f"/t/{game.link_token}/", hand(1, held_2="3", held_3="4"))
    response = device.post(f"/t/{game.link_token}/hands/1/confirm/")
    assert response.status_code == 403
    assert game.hands.get().is_provisional


def test_another_phone_at_the_table_confirms(game):
    Client().post(f"/t/{game.link_token}/", hand(1, held_2="3", held_3="4"))
    other_phone = Client()
    page = other_phone.get(f"/t/{game.link_token}/").content.decode()
    assert f"/t/{game.link_token}/hands/1/confirm/" in page
    response = other_phone.post(f"/t/{game.link_token}/hands/1/confirm/")
    assert response.status_code == 302
    stored = game.hands.get()
    assert not stored.is_provisional
    assert stored.confirmed_from == other_phone.session["device"]


def test_an_organiser_confirms_what_a_phone_entered(organiser_client, game):
    Client().post(f"/t/{game.link_token}/", hand(1, held_2="3", held_3="4"))
    assert organiser_client.post(confirm_url(game)).status_code == 302
    assert not game.hands.get().is_provisional


def test_confirming_a_confirmed_hand_says_so(organiser_client, game):
    Client().post(f"/t/{game.link_token}/", hand(1, held_2="3", held_3="4"))
    organiser_client.post(confirm_url(game))
    response = organiser_client.post(confirm_url(game))
    assert response.status_code == 302
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert shown[-1] == "This hand does not need confirming."


def test_confirming_an_unknown_hand_is_not_found(organiser_client, game):
    assert organiser_client.post(confirm_url(game, 7)).status_code == 404


def test_another_clubs_organiser_cannot_confirm(game):
    Client().post(f"/t/{game.link_token}/", hand(1, held_2="3", held_3="4"))
    stranger = UserFactory(username="stranger")
    ClubFactory().organisers.add(stranger)
    client = Client()
    client.force_login(stranger)
    assert client.post(confirm_url(game)).status_code == 403
    assert game.hands.get().is_provisional


def test_a_provisional_last_hand_keeps_the_game_undecided(organiser_client, game):
    Client().post(f"/t/{game.link_token}/", hand(1, held_2="100", held_3="4"))
    game.refresh_from_db()
    assert not game.finished and game.has_provisional_hands
    organiser_client.post(confirm_url(game))
    game.refresh_from_db()
    assert game.finished and game.winner.name == "Anne"


@pytest.mark.parametrize("hands", [2, 30])
def test_confirming_takes_the_same_queries_whatever_the_number_of_hands(
    organiser_client, game, hands, django_assert_max_num_queries
):
    add_hands(game, hands)
    organiser_client.get(enter_url(game))
    with django_assert_max_num_queries(19):
        assert organiser_client.post(confirm_url(game, hands)).status_code == 302
    assert not game.hands.get(number=hands).is_provisional
