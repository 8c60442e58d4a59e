"""Balanced mixing for social events: any two players meet as rarely as possible."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.seating import repeat_pairings, seat


def most_meetings(seatings) -> int:
    """How often the pair that met most met."""
    meetings = Counter(
        frozenset(pair)
        for seating in seatings
        for table in seating.tables
        for pair in combinations(table, 2)
    )
    return max(meetings.values())


def repeats(seatings) -> int:
    return repeat_pairings(seating.tables for seating in seatings)


@pytest.mark.parametrize("seed", range(10))
def test_sixteen_players_at_tables_of_four_meet_everyone_once_in_five_rounds(seed, play_tournament):
    # The social golfer problem 4-4-5 has a perfect answer, but only if rounds 3 and 4 are
    # chosen with care (a look-ahead); measured: perfect for seeds 0-19. Random seating
    # repeats 36 to 46 times in the same tournaments.
    seatings = play_tournament("balanced", range(1, 17), (4,), 5, seed=seed)
    random = play_tournament("random", range(1, 17), (4,), 5, seed=seed)
    assert repeats(seatings) == 0
    assert most_meetings(seatings) == 1
    assert repeats(random) >= 30


@pytest.mark.parametrize("seed", range(5))
def test_nine_players_at_tables_of_three_meet_everyone_once_in_four_rounds(seed, play_tournament):
    # Kirkman's schoolgirls in small: 9 players, 4 rounds of 3 tables of 3, a perfect schedule.
    assert repeats(play_tournament("balanced", range(1, 10), (3,), 4, seed=seed)) == 0


# Measured over seeds 0-4, six rounds: the most repeat pairings balanced mixing made, and the
# fewest random seating made. 20 players at tables of 4 cannot go 6 rounds without repeats
# (the social golfer problem 5-4-6 has no answer), nor can 30 players at tables of 6 (the
# split for sizes 3 to 6 without a preferred size): 450 pairs seated, 435 exist.
BALANCED_BOUNDS = [
    # players, sizes, balanced at most, random at least
    (13, (3, 4), 13, 30),
    (20, (4,), 13, 55),
    (24, (3, 4), 7, 53),
    (30, (3, 4), 0, 44),
    (30, (3, 4, 5, 6), 85, 146),
]


@pytest.mark.parametrize(("count", "sizes", "bound", "random_least"), BALANCED_BOUNDS)
def test_six_rounds_of_mixing_repeat_far_less_than_random(
    count, sizes, bound, random_least, play_tournament
):
    for seed in range(5):
        mixed = play_tournament("balanced", range(1, count + 1), sizes, 6, seed=seed)
        random = play_tournament("random", range(1, count + 1), sizes, 6, seed=seed)
        assert repeats(mixed) <= bound < random_least <= repeats(random)
        assert most_meetings(mixed) <= 2


@pytest.mark.parametrize("count", [8, 9, 12, 13])
def test_at_tables_of_two_nobody_meets_twice_while_they_can_avoid_it(count, play_tournament):
    seatings = play_tournament("balanced", range(1, count + 1), (2,), 6, seed=count)
    assert repeats(seatings) == 0


@pytest.mark.parametrize("count", [5, 9, 13])
def test_each_player_has_at_most_one_bye(count, play_tournament):
    seatings = play_tournament("balanced", range(1, count + 1), (2,), count - 1, seed=1)
    byes = Counter(player for seating in seatings for player in seating.byes)
    assert max(byes.values()) == 1


def test_a_third_meeting_is_avoided_before_a_second():
    # Six players at two tables of 3: 1-2 met twice, 3-4 and 5-6 once. Seating 1 and 2
    # apart is possible, so they must not meet a third time.
    history = [(1, 2), (1, 2), (3, 4), (5, 6)]
    seating = seat("balanced", range(1, 7), (3,), history=history, seed=4)
    assert all({1, 2} - set(table) for table in seating.tables)
