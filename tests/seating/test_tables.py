"""Splitting a round's players into tables of allowed sizes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.seating import (
    Seating,
    SeatingError,
    byes_needed,
    describe_sizes,
    split_into_tables,
)


@pytest.mark.parametrize(
    ("players", "sizes", "preferred", "expected"),
    [
        (2, (2,), None, [2]),
        (8, (2,), None, [2, 2, 2, 2]),
        (7, (2,), None, [2, 2, 2]),  # one bye
        (3, (3, 4), None, [3]),
        (4, (3, 4), None, [4]),
        (6, (3, 4), None, [3, 3]),
        (7, (3, 4), None, [4, 3]),
        (8, (3, 4), None, [4, 4]),
        (9, (3, 4), None, [3, 3, 3]),
        (10, (3, 4), None, [4, 3, 3]),
        (11, (3, 4), None, [4, 4, 3]),
        (13, (3, 4), None, [4, 3, 3, 3]),
        (7, (3, 4, 5, 6), None, [4, 3]),
        (12, (3, 4, 5, 6), None, [6, 6]),
        (13, (3, 4, 5, 6), None, [5, 4, 4]),
        (12, (3, 4, 5, 6), 4, [4, 4, 4]),
        (10, (3, 4, 5, 6), 4, [4, 3, 3]),
        (11, (3, 4, 5, 6), 4, [4, 4, 3]),
        (9, (3, 4, 5, 6), 4, [5, 4]),
        (10, (4, 6), None, [6, 4]),
        (14, (4, 6), None, [6, 4, 4]),
        (8, (3, 5), None, [5, 3]),
    ],
)
def test_it_splits_players_into_even_tables(players, sizes, preferred, expected):
    assert split_into_tables(players, sizes, preferred) == expected


@pytest.mark.parametrize(
    ("players", "sizes", "message"),
    [
        (5, (3, 4), "Cannot seat 5 players at tables of 3 or 4."),
        (2, (3, 4), "Need at least 3 players for tables of 3 or 4; 2 are here."),
        (1, (2,), "Need at least 2 players for tables of 2; 1 is here."),
        (0, (2,), "Need at least 2 players for tables of 2; 0 are here."),
        (6, (4,), "Cannot seat 6 players at tables of 4."),
        (7, (4, 6), "Cannot seat 7 players at tables of 4 or 6."),
        (9, (4, 6), "Cannot seat 9 players at tables of 4 or 6."),
    ],
)
def test_it_refuses_a_count_no_table_sizes_fit(players, sizes, message):
    with pytest.raises(SeatingError) as error:
        split_into_tables(players, sizes)
    assert str(error.value) == message


@pytest.mark.parametrize(
    ("sizes", "message"),
    [
        ((), "No table size is allowed"),
        ((1, 2), "A table seats at least 2 players; 1 is not a table size."),
        ((0,), "0 is not a table size"),
        (("4",), "'4' is not a table size"),
    ],
)
def test_it_refuses_table_sizes_that_make_no_sense(sizes, message):
    with pytest.raises(SeatingError, match=message):
        split_into_tables(8, sizes)


def test_it_refuses_a_preferred_size_that_is_not_allowed():
    with pytest.raises(SeatingError, match="preferred table size 5 is not one of"):
        split_into_tables(10, (3, 4), preferred=5)


def test_the_error_is_a_value_error_so_forms_can_show_it():
    assert issubclass(SeatingError, ValueError)


@pytest.mark.parametrize(
    ("players", "sizes", "byes"),
    [(7, (2,), 1), (8, (2,), 0), (7, (3, 4), 0), (9, (2, 3), 0), (3, (2,), 1)],
)
def test_only_two_player_variants_with_an_odd_count_give_a_bye(players, sizes, byes):
    assert byes_needed(players, sizes) == byes


@pytest.mark.parametrize(
    ("sizes", "words"), [((2,), "2"), ((4, 3), "3 or 4"), ((3, 4, 5, 6), "3, 4, 5 or 6")]
)
def test_sizes_are_described_as_an_organiser_reads_them(sizes, words):
    assert describe_sizes(sizes) == words


def test_a_seating_lists_its_players_and_table_sizes():
    seating = Seating(tables=((1, 2, 3), (4, 5)), byes=(6,))
    assert seating.players() == [1, 2, 3, 4, 5, 6]
    assert seating.table_sizes() == [3, 2]


@given(
    players=st.integers(min_value=0, max_value=300),
    sizes=st.sets(st.integers(min_value=2, max_value=8), min_size=1, max_size=4),
    prefer=st.booleans(),
)
def test_any_split_seats_everyone_at_allowed_sizes_or_says_why_not(players, sizes, prefer):
    preferred = min(sizes) if prefer else None
    try:
        split = split_into_tables(players, sizes, preferred)
    except SeatingError as error:
        assert str(error).startswith(("Cannot seat", "Need at least"))
        return
    assert sum(split) == players - byes_needed(players, sizes)
    assert set(split) <= sizes
    assert split == sorted(split, reverse=True)


@given(
    players=st.integers(min_value=3, max_value=300),
    high=st.integers(min_value=4, max_value=8),
)
def test_a_range_of_sizes_gives_tables_that_differ_by_at_most_one(players, high):
    sizes = range(3, high + 1)
    if (players, high) == (5, 4):
        return  # the one count tables of 3 or 4 cannot seat
    split = split_into_tables(players, sizes)
    assert max(split) - min(split) <= 1
