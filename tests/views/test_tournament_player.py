"""A player's page: his games round by round, his byes and his place."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory
from tests.views.tournament_data import build, give_bye, seat_tables, tournament
from tournaments.models import Registration, Round

pytestmark = pytest.mark.django_db

# Event, player, his seats, registration, the others at his tables, byes, rounds, standings
# (with its prize categories).
QUERIES = 12


def url(event, player) -> str:
    return reverse("tournament:player", args=[event.id, player.id])


def test_it_shows_each_round_with_table_opponents_total_rank_and_points(client):
    event = tournament()
    anne, bruno, chloe = (
        PlayerFactory(club=event.club, name=n) for n in ("Anne", "Bruno", "Chloé")
    )
    for person in (anne, bruno, chloe):
        Registration.objects.create(event=event, player=person, checked_in=True)
    round_ = Round.objects.create(event=event, number=1, closed_at="2026-01-01T20:00Z")
    (game,) = seat_tables(event, round_, [[bruno, anne, chloe]])  # Anne second: total 20
    response = client.get(url(event, anne), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Anne" in html
    assert "Place 2 of 3" in html and "total 20" in html and "1 pts" in html
    assert reverse("game", args=[game.id]) in html
    assert reverse("tournament:player", args=[event.id, bruno.id]) in html
    assert "Bruno</a> (10)" in html and "Chloé</a> (30)" in html
    card = response.context["card"]
    assert card.standing.place == 2 and card.players_ranked == 3


def test_a_bye_and_a_round_sat_out_are_shown(client):
    event, people = build(4, 1, table_size=2, variant="gin-rummy", options={})
    late = PlayerFactory(club=event.club, name="Zoé")
    Registration.objects.create(event=event, player=late, checked_in=True)
    second = Round.objects.create(event=event, number=2)
    give_bye(second, late, points=2)
    html = client.get(url(event, late), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Did not play this round." in html
    assert "Bye: 2 pts" in html


def test_a_withdrawn_player_is_marked(client):
    event, people = build(6, 1)
    Registration.objects.filter(player=people[0]).update(withdrawn=True)
    html = client.get(url(event, people[0]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Withdrawn from the tournament." in html


def test_a_game_in_play_shows_the_total_so_far(client):
    event, people = build(6, 2, open_last=True)
    html = client.get(url(event, people[0]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Not started yet." in html


@pytest.mark.parametrize(("players", "rounds"), [(6, 2), (30, 10)])
def test_it_takes_the_same_number_of_queries_whatever_the_size(
    client, players, rounds, django_assert_max_num_queries
):
    event, people = build(players, rounds, open_last=True)
    with django_assert_max_num_queries(QUERIES):
        response = client.get(url(event, people[-1]))
    assert response.status_code == 200
    assert len(response.context["card"].rounds) == rounds


def test_it_is_a_404_for_someone_outside_the_tournament(client):
    event, _people = build(3, 1)
    stranger = PlayerFactory(club=event.club)
    assert client.get(url(event, stranger)).status_code == 404
    elsewhere = PlayerFactory()
    assert client.get(url(event, elsewhere)).status_code == 404
    assert client.get(reverse("tournament:player", args=[event.id, 999])).status_code == 404
    club_night = EventFactory()
    assert client.get(url(club_night, stranger)).status_code == 404


def test_the_prize_reads_in_euros(client):
    event = tournament(entry_fee=10, prize_places=[100])
    people = [PlayerFactory(club=event.club, name=n) for n in ("Anne", "Bruno", "Chloé")]
    for person in people:
        Registration.objects.create(event=event, player=person, checked_in=True)
    round_ = Round.objects.create(event=event, number=1, closed_at="2026-01-01T20:00Z")
    seat_tables(event, round_, [people])  # Anne wins the whole pool: 30.00
    html = client.get(url(event, people[0]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "<dd>30,00\u00a0€</dd>" in html
