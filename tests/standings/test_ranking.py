"""The ranking: points, then the configured tie-breaks in order (pure, no database)."""

from __future__ import annotations

from decimal import Decimal

from tournaments.standings import PlayerRecord, rank_players


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


def test_tie_break_values_read_as_plain_numbers():
    records = [
        record(1, "Anne", 3, score_difference=Decimal("10.000")),
        record(2, "Bruno", 3, score_difference=Decimal("2.3333333")),
    ]
    rows = rank_players(records, ["score_difference"], highest_wins=True)
    assert [row.tie_breaks for row in rows] == [[10], [Decimal("2.33")]]
