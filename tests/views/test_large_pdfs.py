"""A long game's record and a large event's results are made by the worker, not in a
visitor's request (issues 25 and 26): the largest game allowed took 5.4 s to lay out on its
first visitor's request, the results of 200 tables 20 s. Their visitors get a page that
reloads until the PDF is there; the task is queued once for all of them; a normal game's
record and a club night's results are still made at once."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django_tasks import default_task_backend

from tests.factories import EventFactory, make_game
from tests.pdf import pages_text
from tournaments.models import Hand, HandLine
from tournaments.play.services.scoring import refresh_game
from tournaments.sheets import jobs
from tournaments.sheets.queue import IN_REQUEST_HANDS, IN_REQUEST_PLAYERS

pytestmark = pytest.mark.django_db

QUEUE_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


def game_of(club, hands: int):
    """A game of `hands` hands, each won by Anne going out (the others hold 5 and 7)."""
    game = make_game(EventFactory(club=club, options={"target": 100_000}))
    seats = list(game.seats.order_by("position"))
    stored = Hand.objects.bulk_create(
        Hand(game=game, number=n, how="going_out", ended_by=seats[0]) for n in range(1, hands + 1)
    )
    HandLine.objects.bulk_create(
        HandLine(hand=hand, seat=seat, held_count=None if seat == seats[0] else 5 + 2 * i)
        for hand in stored
        for i, seat in enumerate(seats)
    )
    refresh_game(game)
    return game


def record_url(game) -> str:
    return reverse("sheets:game_record", kwargs={"game_id": game.pk})


def test_a_long_games_record_is_made_by_the_worker_while_its_page_waits(club, settings):
    settings.TASKS = QUEUE_ONLY
    game = game_of(club, IN_REQUEST_HANDS + 1)

    first = Client().get(record_url(game))
    again = Client().get(record_url(game))

    assert first.status_code == again.status_code == 202
    page = first.content.decode()
    assert "This table&#x27;s record is being made" in page
    assert f"Its {IN_REQUEST_HANDS + 1} hands take a few seconds" in page
    assert '<meta http-equiv="refresh" content="3">' in page
    assert first["Retry-After"] == "3" and first["Cache-Control"] == "no-store"
    queued = [result.args for result in default_task_backend.results]
    assert queued == [[game.pk]]  # once, for both visitors

    jobs.make_record.call(game.pk)  # what the worker does
    made = Client().get(record_url(game))
    assert made.status_code == 200 and made["Content-Type"] == "application/pdf"
    text = pages_text(made.getvalue())
    assert f"{IN_REQUEST_HANDS + 1}" in " ".join(text)  # its last hand is there


def test_with_the_worker_at_hand_the_visitor_gets_the_pdf_at_once(club):
    """The tests' immediate backend (as a worker that answers at once): no waiting page."""
    game = game_of(club, IN_REQUEST_HANDS + 1)

    response = Client().get(record_url(game))

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_a_normal_games_record_is_made_in_the_request(club, settings):
    settings.TASKS = QUEUE_ONLY
    game = game_of(club, IN_REQUEST_HANDS)

    response = Client().get(record_url(game))

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert default_task_backend.results == []


def event_of(club, tables: int):
    """An event of `tables` tables of 4 players."""
    event = EventFactory(club=club)
    for table in range(1, tables + 1):
        names = [f"Joueur {table}-{seat}" for seat in range(1, 5)]
        make_game(event, players=names, table_number=table)
    return event


def results_url(event) -> str:
    return reverse("sheets:standings", kwargs={"event_id": event.pk})


def test_a_large_events_results_are_made_by_the_worker_while_its_page_waits(club, settings):
    settings.TASKS = QUEUE_ONLY
    event = event_of(club, IN_REQUEST_PLAYERS // 4 + 1)

    first = Client().get(results_url(event))
    again = Client().get(results_url(event))

    assert first.status_code == again.status_code == 202
    assert "The results are being made" in first.content.decode()
    assert f"Their {IN_REQUEST_PLAYERS + 4} players" in first.content.decode()
    assert [result.args for result in default_task_backend.results] == [[event.pk]]

    jobs.make_results.call(event.pk)
    made = Client().get(results_url(event))
    assert made.status_code == 200 and made["Content-Type"] == "application/pdf"
    assert "Joueur 13-1" in " ".join(pages_text(made.getvalue()))


def test_a_club_nights_results_are_made_in_the_request(club, settings):
    settings.TASKS = QUEUE_ONLY
    event = event_of(club, IN_REQUEST_PLAYERS // 4)

    response = Client().get(results_url(event))

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert default_task_backend.results == []
