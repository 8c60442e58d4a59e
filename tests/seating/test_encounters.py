"""Pair meet counts from past tables, and counting repeat pairings."""

from __future__ import annotations

from tournaments.seating import meet_counts, repeat_pairings, times_met


def test_it_counts_every_pair_at_every_past_table():
    meets = meet_counts([(1, 2), (1, 2, 3), ("a", "b")])
    assert times_met(meets, 1, 2) == 2
    assert times_met(meets, 2, 1) == 2
    assert times_met(meets, 1, 3) == 1
    assert times_met(meets, "a", "b") == 1


def test_players_who_never_met_have_met_zero_times():
    meets = meet_counts([(1, 2)])
    assert times_met(meets, 1, 3) == 0
    assert times_met(meets, 7, 8) == 0


def test_a_bye_or_a_player_listed_twice_at_a_table_is_no_meeting():
    meets = meet_counts([(1,), (2, 2)])
    assert meets == {}


def test_a_repeat_counts_once_per_meeting_after_the_first():
    rounds = [
        [(1, 2), (3, 4)],
        [(1, 2), (3, 5)],  # 1-2 again
        [(1, 2, 3)],  # 1-2 a third time, and 1-3, 2-3 new
    ]
    assert repeat_pairings(rounds) == 2


def test_pairs_at_the_same_table_in_one_round_are_not_repeats_of_each_other():
    assert repeat_pairings([[(1, 2, 3, 4)]]) == 0
