"""Closing a table or a round while hands wait for confirmation: the organiser is shown each
waiting hand (its facts and points) with confirm and discard buttons, and nothing closes
until none waits."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from tests.factories import facts, make_game, play
from tournaments.models import Game, Hand
from tournaments.play.services.entry import record_hand

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("hands_confirmed")]


def waiting(game, number: int = 1, **held):
    """Hand `number` entered on Bruno's phone, waiting for another player."""
    held = {"Bruno": 12, "Chloé": 30} | held
    return record_hand(
        game=game,
        number=number,
        facts=facts(game, "going_out", "Anne", **held),
        device="bruno-phone",
        entered_by_seat=game.seats.get(position=2),
    )


def close_table_url(event, game) -> str:
    return f"/manage/events/{event.id}/tables/{game.id}/close/"


def close_round_url(event, number: int = 1) -> str:
    return f"/manage/events/{event.id}/rounds/{number}/close/"


def test_closing_a_table_lists_its_waiting_hands_with_their_facts(
    organiser_client, event, game, django_assert_max_num_queries
):
    waiting(game, Chloé="KD 7S")
    with django_assert_max_num_queries(12):
        page = organiser_client.get(close_table_url(event, game)).content.decode()
    assert "Close table 1?" in page
    assert "Hands still wait for confirmation" in page
    assert "Hand 1 · Anne · Went out" in page and "KD 7S" in page and "Entered by Bruno." in page
    assert f"/manage/events/{event.id}/tables/{game.id}/hands/1/confirm/" in page
    assert f"/manage/events/{event.id}/tables/{game.id}/hands/1/discard/" in page
    assert "Close the table" not in page  # no button that would fail


def test_a_direct_post_to_close_is_refused_and_leads_back_to_the_list(
    organiser_client, event, game
):
    waiting(game)
    response = organiser_client.post(close_table_url(event, game))
    assert response.status_code == 302 and response.url == close_table_url(event, game)
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert "confirm or discard them before closing" in shown[0]
    assert not Game.objects.get(pk=game.pk).closed


def test_confirming_from_the_list_then_closing(organiser_client, organiser, event, game):
    waiting(game)
    response = organiser_client.post(
        f"/manage/events/{event.id}/tables/{game.id}/hands/1/confirm/", {"then": "table"}
    )
    assert response.url == close_table_url(event, game)
    assert Hand.objects.get().confirmed_by == organiser
    page = organiser_client.get(close_table_url(event, game)).content.decode()
    assert "Close the table" in page
    organiser_client.post(close_table_url(event, game))
    game.refresh_from_db()
    assert game.closed and game.finished and game.winner.name == "Anne"


def test_discarding_from_the_list_needs_a_reason_and_keeps_it(organiser_client, event, game):
    play(game, "going_out", "Anne", Bruno=5, Chloé=5)  # no user: waits too
    Hand.objects.update(confirmed_at="2026-11-30T20:00:00Z")
    waiting(game, 2)
    url = f"/manage/events/{event.id}/tables/{game.id}/hands/2/discard/"
    organiser_client.post(url, {"reason": "", "then": "table"})
    assert Hand.objects.count() == 2
    organiser_client.post(url, {"reason": "entered on the wrong table", "then": "table"})
    assert list(Hand.objects.values_list("number", flat=True)) == [1]
    gone = Hand.history.get(history_type="-")
    assert gone.history_change_reason == "entered on the wrong table"
    # The table's history says it, with the organiser's name.
    page = Client().get(f"/games/{game.id}/").content.decode()
    assert "Hand 2 deleted" in page and "entered on the wrong table" in page


def test_closing_a_round_lists_the_waiting_hands_of_every_table(organiser_client, event, game):
    other = make_game(event, players=("Denis", "Emma", "Fanny"), table_number=2)
    waiting(game)
    page = organiser_client.get(close_round_url(event)).content.decode()
    assert "Close round 1?" in page and "Table 1" in page and "Table 2" not in page
    response = organiser_client.post(close_round_url(event))
    assert response.url == close_round_url(event)
    game.round.refresh_from_db()
    assert not game.round.is_closed and not other.round.games.filter(closed=True).exists()
    organiser_client.post(
        f"/manage/events/{event.id}/tables/{game.id}/hands/1/confirm/", {"then": "round"}
    )
    organiser_client.post(close_round_url(event))
    game.round.refresh_from_db()
    assert game.round.is_closed


def test_another_events_hand_cannot_be_confirmed_from_this_event(
    organiser_client, event, game, club
):
    from tests.factories import EventFactory

    elsewhere = EventFactory(club=club, confirmation_required=True)
    waiting(game)
    url = f"/manage/events/{elsewhere.id}/tables/{game.id}/hands/1/confirm/"
    assert organiser_client.post(url).status_code == 404
    assert Hand.objects.get().is_provisional


def test_closing_at_time_lists_the_waiting_hands_first(organiser_client, event, game):
    waiting(game)
    url = f"/manage/events/{event.id}/rounds/1/time-up/"
    page = organiser_client.get(url).content.decode()
    assert "Hands still wait for confirmation" in page and "Hand 1 · Anne · Went out" in page
    organiser_client.post(url)
    game.round.refresh_from_db()
    assert not game.round.is_closed
