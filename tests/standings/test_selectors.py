"""Standings loaded from an event: games and byes added up, the prize pool shared by place,
in a fixed number of queries."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.factories import EventFactory, PlayerFactory, make_game, play
from tournaments.models import Bye, Registration, Round
from tournaments.standings.selectors import event_standings, prize_pool
from tournaments.standings.services import players_changed


def tournament(**fields):
    fields = {
        "kind": "tournament",
        "variant": "rami-penalites",
        "options": {"target": 50},
        "points_scale": [3, 1, 0],
        "entry_fee": 10,
        **fields,
    }
    return EventFactory(**fields)


def finished_game(event, round_, table, players, loser):
    game = make_game(event, players=players, round_=round_, table_number=table)
    winner = players[0] if loser != players[0] else players[1]
    held = {name: (60 if name == loser else 5) for name in players if name != winner}
    play(game, "going_out", winner, **held)
    return game


@pytest.mark.django_db
def test_event_standings_add_up_games_and_byes_with_a_prize_pool():
    event = tournament(prize_places=[60, 40], club_share=10)
    for name in ["Anne", "Bruno", "Chloé", "Dan"]:
        player = PlayerFactory(club=event.club, name=name)
        Registration.objects.create(event=event, player=player, checked_in=True)
    round_ = Round.objects.create(event=event, number=1)
    finished_game(event, round_, 1, ["Anne", "Bruno", "Chloé"], loser="Chloé")
    dan = event.club.players.get(name="Dan")
    Bye.objects.create(round=round_, player=dan, points=3)
    players_changed(event_id=event.pk, player_ids=[dan.pk])  # what seating a bye does
    rows = event_standings(event)
    assert [(r.name, r.record.points) for r in rows][:2] == [("Anne", 3), ("Dan", 3)]
    assert prize_pool(event) == Decimal("36.00")  # 4 × 10.00 − 10 %
    assert sum(r.prize for r in rows) == Decimal("36.00")


@pytest.mark.django_db
@pytest.mark.parametrize("rounds", [1, 4])
def test_standings_take_the_same_number_of_queries_whatever_the_size(
    rounds, django_assert_max_num_queries
):
    event = tournament()
    names = [f"P{i}" for i in range(12)]
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number)
        for table in range(4):
            players = names[table * 3 : table * 3 + 3]
            finished_game(event, round_, table + 1, players, loser=players[-1])
    for player in event.club.players.all():
        Registration.objects.create(event=event, player=player, checked_in=True)
    with django_assert_max_num_queries(5):
        rows = event_standings(event)
    assert len(rows) == 12
    assert rows[0].record.games == rounds


@pytest.mark.django_db
def test_a_registered_player_who_never_came_is_not_ranked():
    event = tournament()
    came = PlayerFactory(club=event.club, name="Anne")
    Registration.objects.create(event=event, player=came, checked_in=True)
    Registration.objects.create(
        event=event, player=PlayerFactory(club=event.club, name="Bruno"), checked_in=False
    )
    assert [row.name for row in event_standings(event)] == ["Anne"]
