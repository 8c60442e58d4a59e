"""Standings: points, then the configured tie-breaks; prize pool shared by place."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.factories import EventFactory, PlayerFactory, make_game, play
from tournaments.models import Bye, Registration, Round
from tournaments.standings import (
    PlayerRecord,
    event_standings,
    prize_pool,
    rank_players,
)


def record(pid, name, points, **fields):
    return PlayerRecord(pid, name, Decimal(points), **fields)


def test_points_come_first_then_each_tie_break_in_order():
    records = [
        record(1, "Anne", 6, score=100, wins=2),
        record(2, "Bruno", 6, score=120, wins=1),
        record(3, "Chloé", 9, score=10, wins=3),
    ]
    by_score = rank_players(records, ["score", "wins"], highest_wins=True)
    assert [r.name for r in by_score] == ["Chloé", "Bruno", "Anne"]
    by_wins = rank_players(records, ["wins", "score"], highest_wins=True)
    assert [r.name for r in by_wins] == ["Chloé", "Anne", "Bruno"]
    assert by_wins[1].tie_breaks == [2, 100]


def test_in_a_penalty_variant_the_lower_score_breaks_the_tie():
    records = [record(1, "Anne", 3, score=80), record(2, "Bruno", 3, score=40)]
    rows = rank_players(records, ["score"], highest_wins=False)
    assert [r.name for r in rows] == ["Bruno", "Anne"]


def test_players_equal_on_everything_share_the_place():
    records = [record(1, "Anne", 3, score=5), record(2, "Bruno", 3, score=5), record(3, "C", 0)]
    rows = rank_players(records, ["score"], highest_wins=True)
    assert [r.place for r in rows] == [1, 1, 3]


def test_buchholz_sums_the_opponents_points():
    records = [
        record(1, "Anne", 3, opponents=[3]),
        record(2, "Bruno", 3, opponents=[4]),
        record(3, "Chloé", 1),
        record(4, "Dan", 0),
    ]
    rows = rank_players(records, ["opponents_points"], highest_wins=True)
    assert [r.name for r in rows][:2] == ["Anne", "Bruno"]
    assert rows[0].tie_breaks == [1]


def test_head_to_head_counts_only_games_between_the_tied_players():
    records = [
        record(1, "Anne", 3, results=[((2,), Decimal(0)), ((3,), Decimal(3))]),
        record(2, "Bruno", 3, results=[((1,), Decimal(3)), ((4,), Decimal(0))]),
        record(3, "Chloé", 0),
        record(4, "Dan", 3),
    ]
    rows = rank_players(records, ["head_to_head"], highest_wins=True)
    assert rows[0].name == "Bruno"


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
    Bye.objects.create(round=round_, player=event.club.players.get(name="Dan"), points=3)
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


def test_tie_break_values_read_as_plain_numbers():
    records = [
        record(1, "Anne", 3, score_difference=Decimal("10.000")),
        record(2, "Bruno", 3, score_difference=Decimal("2.3333333")),
    ]
    rows = rank_players(records, ["score_difference"], highest_wins=True)
    assert [row.tie_breaks for row in rows] == [[10], [Decimal("2.33")]]
