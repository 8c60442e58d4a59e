"""Balanced mixing planned for the whole event: `seat("balanced", ..., rounds=R)`."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from tests.seating.rehearsal import assert_valid_seating
from tests.seating.rehearsal import rehearse_balanced as play
from tournaments.seating import SeatingError, planning, repeat_pairings, seat


@pytest.fixture(autouse=True)
def forget_plans():
    """Each test starts as a fresh process would: no plan remembered."""
    planning._PLANS.clear()
    yield
    planning._PLANS.clear()


@pytest.mark.parametrize(
    ("count", "size", "rounds"),
    [
        (16, 4, 5),
        (15, 3, 7),
        (21, 3, 10),
        (32, 4, 8),
        (32, 4, 9),
        (9, 3, 4),
        (25, 5, 6),
        # The most rounds known (tests/seating/golfer_table.py), a few of each kind; all of
        # them in `make bench`.
        (12, 3, 4),
        (18, 3, 8),
        (33, 3, 16),
        (20, 4, 5),
        (24, 4, 7),
        (28, 4, 9),
        (40, 4, 13),
        # Fewer rounds than a design has: any of its rounds.
        (39, 3, 6),
        (36, 4, 4),
    ],
)
def test_a_social_golfer_schedule_meets_nobody_twice(count, size, rounds):
    assert repeat_pairings(play(range(count), (size,), rounds)) == 0


@pytest.mark.parametrize(
    ("count", "size", "rounds"), [(16, 4, 5), (15, 3, 7), (8, 2, 7), (20, 4, 5), (24, 3, 11)]
)
def test_without_the_number_of_rounds_a_known_design_is_followed(count, size, rounds):
    # Round by round the seating repeated 3 pairs for 20 players at tables of 4 (issue 25).
    assert repeat_pairings(play(range(count), (size,), rounds, planned=False)) == 0


@pytest.mark.parametrize(("count", "rounds"), [(23, 7), (22, 7), (21, 7), (35, 11)])
def test_tables_a_seat_short_meet_nobody_twice_either(count, rounds):
    # 24 (or 36) players at tables of 4 without one, two or three of a group who never meet.
    assert repeat_pairings(play(range(count), (3, 4), rounds)) == 0


def test_every_round_seats_everyone_once_at_allowed_sizes():
    # play() checks each round; 13 players at tables of 3 or 4 have no design: a search.
    played = play(range(13), (3, 4), 4)
    assert all(sorted(map(len, tables)) == [3, 3, 3, 4] for tables in played)
    assert repeat_pairings(played) == 0


def test_the_same_inputs_give_the_same_rounds_and_the_seed_changes_them():
    assert play(range(20), (4,), 5, seed=3) == play(range(20), (4,), 5, seed=3)
    assert play(range(20), (4,), 5, seed=3) != play(range(20), (4,), 5, seed=4)


def test_a_round_is_the_same_whichever_call_works_the_plan_out():
    # Remembered plans or none (a new server process each round): the same rounds.
    changes = {3: ((5,), ())}
    kept = play(range(16), (3, 4), 5, changes=changes)
    forgotten = play(range(16), (3, 4), 5, changes=changes, forget=True)
    assert kept == forgotten


def test_the_order_players_are_listed_in_does_not_change_the_plan():
    players = list(range(16))
    shuffled = random.Random(2).sample(players, len(players))
    first = seat("balanced", players, (4,), seed=5, rounds=5)
    again = seat("balanced", shuffled, (4,), seed=5, rounds=5)
    assert {frozenset(table) for table in first.tables} == {
        frozenset(table) for table in again.tables
    }


@pytest.mark.parametrize(
    ("count", "rounds", "changes"),
    [
        (16, 5, {3: ((5,), ())}),  # a withdrawal
        (16, 5, {3: ((), (99,))}),  # a late arrival
        (32, 9, {5: ((7,), ())}),  # a withdrawal from a design of 9 rounds
        (16, 5, {2: ((3,), ()), 4: ((8,), ())}),  # two
    ],
)
def test_after_a_withdrawal_or_an_arrival_the_rounds_left_still_meet_nobody_twice(
    count, rounds, changes
):
    assert repeat_pairings(play(range(count), (3, 4), rounds, changes=changes)) == 0


def test_a_round_seated_by_hand_is_planned_around():
    def by_hand(players):
        return [tuple(players[start : start + 3]) for start in range(0, len(players), 3)]

    # Round 2 by hand; rounds 3 and 4 are planned again from who has met whom, the same way
    # by every call, and meet nobody a third time.
    kept = play(range(9), (3,), 4, by_hand={2: by_hand})
    forgotten = play(range(9), (3,), 4, by_hand={2: by_hand}, forget=True)
    assert kept == forgotten
    meetings = Counter(
        frozenset(pair) for tables in kept for table in tables for pair in combinations(table, 2)
    )
    assert max(meetings.values()) == 2


def test_rounds_past_the_planned_number_are_seated_one_by_one():
    played = play(range(9), (3,), 4)
    history = [table for tables in played for table in tables]
    fifth = seat("balanced", range(9), (3,), round_number=5, history=history, seed=1, rounds=4)
    assert_valid_seating(fifth, list(range(9)), (3,))


def test_two_player_tables_with_a_bye_are_seated_one_by_one():
    played = play(range(9), (2,), 6)
    assert repeat_pairings(played) == 0


@pytest.mark.parametrize("rounds", [0, -2, "5", True])
def test_the_number_of_rounds_must_be_a_whole_number_from_one(rounds):
    with pytest.raises(SeatingError, match="An event has at least 1 round"):
        seat("balanced", range(16), (4,), rounds=rounds)


@pytest.mark.parametrize(
    ("count", "size", "rounds"), [(16, 4, 5), (15, 3, 7), (21, 3, 10), (32, 4, 8), (32, 4, 9)]
)
@pytest.mark.parametrize("planned", [True, False], ids=["rounds known", "design only"])
def test_a_first_round_seeded_by_rating_still_leads_to_no_repeated_pair(
    count, size, rounds, planned
):
    """Round 1 dealt by rating (each table gets one of the best) is not the plan's round 1,
    yet the plan relabelled to begin with it meets nobody twice in the rounds after."""
    players = list(range(1, count + 1))
    rating = {player: (player * 37) % 101 + player / 1000 for player in players}
    best_first = sorted(players, key=lambda player: -rating[player])
    history, played = [], []
    for number in range(1, rounds + 1):
        seating = seat(
            "balanced",
            players,
            (size,),
            round_number=number,
            history=history,
            standings={player: rating[player] for player in best_first} if number == 1 else None,
            seed=3,
            rounds=rounds if planned else None,
        )
        if number == 1:
            strongest = set(best_first[: count // size])
            assert all(len(strongest & set(table)) == 1 for table in seating.tables)
        history.extend(seating.tables)
        played.append(seating.tables)
    assert repeat_pairings(played) == 0
