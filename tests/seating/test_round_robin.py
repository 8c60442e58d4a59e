"""Round robin: Berger tables, one round at a time, for small 2-player groups."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.seating import SeatingError, berger_round, round_count, seat


def play_round_robin(players: list) -> list:
    return [
        seat("round_robin", players, (2,), round_number=number)
        for number in range(1, round_count(len(players)) + 1)
    ]


def test_round_one_and_two_follow_the_fide_berger_table_for_six():
    players = ["1", "2", "3", "4", "5", "6"]
    first = seat("round_robin", players, (2,), round_number=1)
    second = seat("round_robin", players, (2,), round_number=2)
    assert first.tables == (("1", "6"), ("2", "5"), ("3", "4"))
    assert second.tables == (("6", "4"), ("5", "3"), ("1", "2"))


@pytest.mark.parametrize("count", [2, 4, 6, 8, 10, 12, 16, 20])
def test_over_all_rounds_every_pair_meets_exactly_once(count):
    players = list(range(count))
    rounds = play_round_robin(players)
    assert len(rounds) == count - 1
    meetings = Counter(frozenset(table) for seating in rounds for table in seating.tables)
    assert set(meetings) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(meetings.values()) == {1}
    assert all(sorted(seating.players()) == players for seating in rounds)


@pytest.mark.parametrize("count", [3, 5, 7, 9, 11])
def test_with_an_odd_count_everyone_has_exactly_one_bye(count):
    players = list(range(count))
    rounds = play_round_robin(players)
    assert len(rounds) == count
    assert all(len(seating.byes) == 1 for seating in rounds)
    assert sorted(player for seating in rounds for player in seating.byes) == players
    meetings = Counter(frozenset(table) for seating in rounds for table in seating.tables)
    assert len(meetings) == count * (count - 1) // 2
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("count", [4, 6, 8])
def test_nobody_always_sits_first(count):
    first_seats = Counter(
        table[0] for seating in play_round_robin(list(range(count))) for table in seating.tables
    )
    assert max(first_seats.values()) - min(first_seats.values()) <= 1


@pytest.mark.parametrize(("count", "last"), [(6, 5), (7, 7)])
def test_there_is_no_round_after_the_last(count, last):
    seat("round_robin", range(count), (2,), round_number=last)
    with pytest.raises(
        SeatingError,
        match=f"A round robin of {count} players has {last} rounds; "
        f"round {last + 1} does not exist.",
    ):
        seat("round_robin", range(count), (2,), round_number=last + 1)


@pytest.mark.parametrize("sizes", [(3,), (2, 3), (4,)])
def test_round_robin_is_only_for_tables_of_two(sizes):
    with pytest.raises(SeatingError, match="Round robin seats players two by two"):
        seat("round_robin", range(12), sizes)


def test_berger_round_rejects_round_zero():
    with pytest.raises(SeatingError, match="round 0 does not exist"):
        berger_round(4, 0)
