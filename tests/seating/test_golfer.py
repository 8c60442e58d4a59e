"""The local search that plans several rounds at once (the social golfer problem)."""

from __future__ import annotations

import random

import pytest

from tournaments.seating import repeat_pairings
from tournaments.seating.golfer import plan_schedule, repeat_cost
from tournaments.seating.matching import WorkBudget


def plan(count, sizes, rounds, met=None, seed=0, steps=3_000_000):
    met = met or [{} for _ in range(count)]
    return plan_schedule(count, sizes, rounds, met, random.Random(seed), WorkBudget(steps))


def test_a_repeat_costs_more_the_more_often_a_pair_meets():
    assert [repeat_cost(times) for times in range(5)] == [0, 0, 1, 1001, 1001001]


@pytest.mark.parametrize(("count", "sizes", "rounds"), [(16, [4] * 4, 5), (15, [3] * 5, 7)])
def test_it_finds_a_schedule_where_nobody_meets_twice(count, sizes, rounds):
    # Without a design: the affine plane of order 4 and Kirkman's schoolgirls, by search.
    schedule = plan(count, sizes, rounds)
    assert len(schedule) == rounds
    for tables in schedule:
        assert sorted(p for table in tables for p in table) == list(range(count))
        assert sorted(map(len, tables)) == sorted(sizes)
    assert repeat_pairings(schedule) == 0


def test_tables_of_different_sizes_are_planned_too():
    schedule = plan(30, [4, 4, 4, 3, 3, 3, 3, 3, 3], 6)
    assert repeat_pairings(schedule) == 0
    assert all(sorted(map(len, tables)) == [3] * 6 + [4] * 3 for tables in schedule)


def test_players_who_met_before_are_kept_apart():
    # 0 met 1, 2 and 3 before: in two rounds at tables of 3 he can meet 4 of the 5 others.
    met = [{} for _ in range(9)]
    for other in (1, 2, 3):
        met[0][other] = met[other][0] = 1
    schedule = plan(9, [3, 3, 3], 2, met)
    for tables in schedule:
        table = next(table for table in tables if 0 in table)
        assert not {1, 2, 3} & set(table)


def test_the_same_random_generator_gives_the_same_schedule():
    assert plan(20, [4] * 5, 5, seed=3) == plan(20, [4] * 5, 5, seed=3)
    assert plan(20, [4] * 5, 5, seed=3) != plan(20, [4] * 5, 5, seed=4)


def test_it_stops_at_the_fewest_repeats_counting_allows():
    # 15 players at tables of 4, 4, 4 and 3 seat 21 pairs a round: 147 in 7 rounds, and only
    # 105 pairs exist, so 42 repeats at least. The search reaches them and stops there.
    budget = WorkBudget(3_000_000)
    schedule = plan_schedule(15, [4, 4, 4, 3], 7, [{} for _ in range(15)], random.Random(0), budget)
    assert repeat_pairings(schedule) == 42
    assert budget.steps > 0


def test_a_spent_budget_still_gives_a_complete_schedule():
    schedule = plan(32, [4] * 8, 9, steps=0)
    assert all(sorted(p for t in tables for p in t) == list(range(32)) for tables in schedule)
