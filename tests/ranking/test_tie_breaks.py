"""The ranking: points, then the configured tie-breaks in order (pure, no database)."""

from __future__ import annotations

from decimal import Decimal

from tournaments.ranking import (
    PlayerRecord,
    deciding_tie_breaks,
    rank_players,
    records_from_rows,
    records_from_standings,
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


def test_each_player_level_on_points_says_which_tie_break_placed_him():
    records = [
        record(1, "Anne", 6, score=100, wins=2),
        record(2, "Bruno", 6, score=100, wins=1),
        record(3, "Chloé", 6, score=90, wins=3),
        record(4, "Denis", 9, score=10, wins=3),
        record(5, "Emma", 3, score=50, wins=0),
        record(6, "Fanny", 3, score=50, wins=0),
        record(7, "Gaël", 1, score=70, wins=0),
        record(8, "Hugo", 1, score=70, wins=0),
        record(9, "Inès", 1, score=60, wins=0),
    ]
    rows = rank_players(records, ["score", "wins"], highest_wins=True)
    names = [row.name for row in rows]
    assert names == ["Denis", "Anne", "Bruno", "Chloé", "Emma", "Fanny", "Gaël", "Hugo", "Inès"]
    # Denis alone on 9 points; Anne above Bruno on wins (same score), Chloé below Bruno on
    # score; Emma and Fanny equal on everything: they share their place, and nobody else
    # has 3 points. Gaël and Hugo share 7th, ahead of Inès on score: the three say so.
    assert deciding_tie_breaks(rows, ["score", "wins"]) == [
        None,
        "wins",
        "wins",
        "score",
        None,
        None,
        "score",
        "score",
        "score",
    ]


def test_in_a_penalty_variant_the_lower_score_breaks_the_tie():
    records = [record(1, "Anne", 3, score=80), record(2, "Bruno", 3, score=40)]
    rows = rank_players(records, ["score"], highest_wins=False)
    assert [r.name for r in rows] == ["Bruno", "Anne"]


def test_players_equal_on_everything_share_the_place():
    records = [record(1, "Anne", 3, score=5), record(2, "Bruno", 3, score=5), record(3, "C", 0)]
    rows = rank_players(records, ["score"], highest_wins=True)
    assert [r.place for r in rows] == [1, 1, 3]


def test_buchholz_ranks_on_the_opponents_points():
    records = [
        record(1, "Anne", 3, opponents_points=Decimal(1)),
        record(2, "Bruno", 3, opponents_points=Decimal(0)),
        record(3, "Chloé", 1),
        record(4, "Dan", 0),
    ]
    rows = rank_players(records, ["opponents_points"], highest_wins=True)
    assert [r.name for r in rows][:2] == ["Anne", "Bruno"]
    assert rows[0].tie_breaks == [1]


def test_records_from_rows_sum_the_opponents_points_byes_included():
    registered = [(1, "Anne", True), (2, "Bruno", True), (3, "Chloé", True), (4, "Dan", True)]
    # (game, player, total, rank, tournament points): Anne met Bruno twice, Chloé once.
    seats = [
        (10, 1, 5, 1, Decimal(3)),
        (10, 2, 20, 2, Decimal(1)),
        (11, 1, 8, 2, Decimal(1)),
        (11, 2, 4, 1, Decimal(3)),
        (11, 3, 30, 3, Decimal(0)),
    ]
    byes = [(3, Decimal(3))]
    records = {r.player_id: r for r in records_from_rows(registered, seats, byes)}
    assert records[1].opponents_points == 4 + 4 + 3  # Bruno twice, Chloé with her bye
    assert records[3].opponents_points == 4 + 4
    assert records[4].opponents_points == 0 and records[4].games == 0


def test_head_to_head_counts_only_games_between_the_tied_players():
    records = [
        record(1, "Anne", 3, results=[((2,), Decimal(0)), ((3,), Decimal(3))]),
        record(2, "Bruno", 3, results=[((1,), Decimal(3)), ((4,), Decimal(0))]),
        record(3, "Chloé", 0),
        record(4, "Dan", 3),
    ]
    rows = rank_players(records, ["head_to_head"], highest_wins=True)
    assert rows[0].name == "Bruno"


def test_head_to_head_is_loaded_and_computed_only_for_the_players_still_tied():
    results = {
        1: [((2, 5), Decimal(1))],  # Anne lost to Bruno's table...
        2: [((1, 5), Decimal(3))],  # ...where Bruno won
    }
    asked = []

    def load(ids):
        asked.append(sorted(ids))
        return {pid: results[pid] for pid in ids if pid in results}

    records = [
        record(1, "Anne", 3, wins=1, results=None),
        record(2, "Bruno", 3, wins=1, results=None),
        record(3, "Chloé", 3, wins=2, results=None),  # ahead on wins: not tied any more
        record(4, "Dan", 0, results=None),  # alone on his points
    ]
    rows = rank_players(records, ["wins", "head_to_head"], highest_wins=True, load_results=load)
    assert [row.name for row in rows] == ["Chloé", "Bruno", "Anne", "Dan"]
    assert asked == [[1, 2]]  # once, the tied players only
    assert [row.tie_breaks for row in rows] == [[2, None], [1, 3], [1, 1], [0, None]]
    assert [row.place for row in rows] == [1, 2, 3, 4]


def test_records_from_standings_rank_whoever_came_and_whoever_played():
    registered = [(1, "Anne", True), (2, "Bruno", False), (3, "Chloé", True), (5, "Eve", False)]
    # (player, name, points, score, score difference, wins, games, byes, opponents' points)
    sums = [
        (1, "Anne", Decimal(4), 30, Decimal("-2.5"), 1, 2, 0, Decimal(6)),
        (2, "Bruno", Decimal(3), 12, Decimal(1), 1, 1, 0, Decimal(1)),  # seated, not checked in
        (5, "Eve", Decimal(3), 0, Decimal(0), 0, 0, 1, Decimal(0)),  # a bye, since gone
    ]
    records = {r.player_id: r for r in records_from_standings(registered, sums)}
    assert sorted(records) == [1, 2, 3]
    assert records[1].opponents_points == 6 and records[1].results is None
    assert records[3].games == 0 and records[3].points == 0


def test_tie_break_values_read_as_plain_numbers():
    records = [
        record(1, "Anne", 3, score_difference=Decimal("10.000")),
        record(2, "Bruno", 3, score_difference=Decimal("2.3333333")),
    ]
    rows = rank_players(records, ["score_difference"], highest_wins=True)
    assert [row.tie_breaks for row in rows] == [[10], [Decimal("2.33")]]
