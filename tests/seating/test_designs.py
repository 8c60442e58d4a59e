"""Designs: repeat-free schedules built outright, and the finite fields behind them."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from tests.seating.golfer_table import BEST_KNOWN_ROUNDS, NO_DESIGN
from tournaments.seating.designs import _cosets, _spread, known_design
from tournaments.seating.fields import galois_field, prime_power


def all_rounds(design) -> list:
    return [design.round_at(index) for index in range(design.length)]


def assert_repeat_free(rounds: list, count: int, sizes: list[int]) -> None:
    """Every round seats everyone once at tables of `sizes`; no pair meets twice."""
    seen: set[frozenset] = set()
    for tables in rounds:
        assert sorted(player for table in tables for player in table) == list(range(count))
        assert sorted(map(len, tables)) == sorted(sizes)
        for table in tables:
            for pair in combinations(table, 2):
                assert frozenset(pair) not in seen
                seen.add(frozenset(pair))


@pytest.mark.parametrize(
    ("count", "size", "rounds"),
    [
        (8, 2, 7),  # round robin, circle method
        (9, 3, 4),  # affine plane over GF(3)
        (16, 4, 5),  # affine plane over GF(4)
        (25, 5, 6),
        (15, 3, 7),  # Kirkman's schoolgirls
        (21, 3, 10),  # Kirkman triple system of 21
        (27, 3, 13),  # lines of AG(3, 3)
        (32, 4, 10),  # the social golfer problem as first asked (Aguado 2004)
        (64, 4, 21),  # lines of AG(3, 4)
        (64, 8, 9),  # affine plane over GF(8)
    ],
)
def test_a_design_seats_everyone_each_round_and_nobody_meets_twice(count, size, rounds):
    design = known_design(count, [size] * (count // size))
    assert design.length == rounds
    assert_repeat_free(all_rounds(design), count, [size] * (count // size))


@pytest.mark.parametrize(
    ("count", "size", "rounds"),
    [
        (count, size, rounds)
        for (count, size), (rounds, _source) in BEST_KNOWN_ROUNDS.items()
        if rounds > 1 and (count, size) not in NO_DESIGN
    ],
)
def test_a_design_reaches_the_most_rounds_known_for_the_counts_clubs_play(count, size, rounds):
    # CSPLib problem 10 for 12 to 64 players at tables of 3 or 4 (tests/seating/golfer_table.py).
    design = known_design(count, [size] * (count // size))
    assert design.length == rounds
    assert_repeat_free(all_rounds(design), count, [size] * (count // size))


@pytest.mark.parametrize(
    ("count", "sizes", "rounds"),
    [
        (15, [4, 4, 4, 3], 5),
        (31, [4] * 7 + [3], 10),
        (30, [4] * 6 + [3] * 2, 10),  # the twins P and p never meet
        (23, [4] * 5 + [3], 7),
        (22, [4] * 4 + [3] * 2, 7),
        (21, [4] * 3 + [3] * 3, 7),
        (34, [4] * 7 + [3] * 2, 11),
        (22, [3] * 6 + [2] * 2, 11),
    ],
)
def test_players_fewer_than_a_design_leave_seats_empty_at_different_tables(count, sizes, rounds):
    # The players left out never meet one another in the design: each leaves a seat empty
    # at his own table (21 at tables of 3 or 4: 24 at tables of 4 without a group of 3).
    design = known_design(count, sizes)
    assert design.length == rounds
    assert_repeat_free(all_rounds(design), count, sizes)


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(14, [4, 4, 3, 3]), (12, [4] * 3), (26, [4] * 5 + [3] * 2), (25, [4] * 4 + [3] * 3)],
)
def test_there_is_no_design_for_other_counts(count, sizes):
    # 14 and 26 would be 16 and 28 at tables of 4 without two players, but every two players
    # meet there; 25 would need three who never meet.
    assert known_design(count, sizes) is None


def test_32_players_at_tables_of_4_meet_all_but_their_twin_in_10_rounds():
    # The published schedule, relabelled: twins are 2k and 2k + 1, and the only pair that
    # never meets is each player with his twin.
    met = {
        frozenset(pair)
        for tables in all_rounds(known_design(32, [4] * 8))
        for table in tables
        for pair in combinations(table, 2)
    }
    never = {frozenset(pair) for pair in combinations(range(32), 2)} - met
    assert never == {frozenset((2 * k, 2 * k + 1)) for k in range(16)}


def test_a_partial_spread_of_pg_4_2_gives_9_rounds_where_subspaces_cannot_give_10():
    # 32 = 2^5 at tables of 4: at most 9 lines of PG(4, 2) pairwise disjoint (Beutelspacher
    # 1975). The spread still serves 2^odd counts such as 128 at tables of 4.
    field = galois_field(2, 5)
    subspaces = _spread(2, 5, 2)
    assert len(subspaces) == 9
    rounds = [_cosets(field, subspaces, index) for index in range(9)]
    assert_repeat_free(rounds, 32, [4] * 8)


def test_a_large_design_builds_only_the_rounds_asked_for():
    design = known_design(1024, [4] * 256)
    assert design.length == 341
    assert_repeat_free([design.round_at(0), design.round_at(340)], 1024, [4] * 256)


@pytest.mark.parametrize(
    ("number", "power"),
    [(2, (2, 1)), (9, (3, 2)), (32, (2, 5)), (49, (7, 2)), (12, None), (1, None)],
)
def test_prime_powers_are_recognised(number, power):
    assert prime_power(number) == power


@pytest.mark.parametrize(("prime", "degree"), [(2, 2), (3, 2), (2, 3), (5, 1)])
def test_a_galois_field_is_a_field(prime, degree):
    field = galois_field(prime, degree)
    elements = range(field.order)
    for first, second, third in product(elements, repeat=3):
        left = field.multiply(first, field.add(second, third))
        right = field.add(field.multiply(first, second), field.multiply(first, third))
        assert left == right
    for element in elements[1:]:
        assert any(field.multiply(element, other) == 1 for other in elements)
    assert len({field.power_of_primitive(power) for power in range(field.order - 1)}) == (
        field.order - 1
    )
