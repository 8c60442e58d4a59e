"""A round's clock from the organiser's actions: start, pause, resume, extend, time up."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tournaments.rules.clock import (
    EXTEND,
    NOT_STARTED,
    PAUSE,
    PAUSED,
    RESUME,
    RUNNING,
    START,
    TIME_UP,
    Change,
    clock_at,
)

T0 = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_a_clock_nobody_started_has_no_deadline():
    clock = clock_at([], at(10))
    assert clock.state == NOT_STARTED and clock.deadline is None and not clock.started
    assert clock.allows(START) and not clock.allows(PAUSE) and not clock.allows(EXTEND)


def test_a_started_clock_counts_down_to_its_deadline():
    clock = clock_at([Change(START, T0, 45)], at(10))
    assert clock.state == RUNNING
    assert clock.deadline == at(45)
    assert clock.left == timedelta(minutes=35)
    assert clock.seconds_left == 35 * 60
    assert clock.minutes == 45 and clock.started_at == T0


def test_time_is_up_at_the_deadline_and_stays_at_zero():
    changes = [Change(START, T0, 45)]
    assert clock_at(changes, at(45)).state == TIME_UP
    late = clock_at(changes, at(50))
    assert late.time_up and late.left == timedelta(0) and late.seconds_left == 0
    assert late.allows(EXTEND) and not late.allows(PAUSE) and not late.allows(RESUME)


def test_the_last_second_still_shows_one_second_left():
    clock = clock_at([Change(START, T0, 1)], T0 + timedelta(seconds=59, milliseconds=400))
    assert clock.state == RUNNING and clock.seconds_left == 1


def test_a_pause_freezes_the_time_left_until_resumed():
    changes = [Change(START, T0, 45), Change(PAUSE, at(10))]
    for later in (at(10), at(30), at(90)):  # however long the pause
        paused = clock_at(changes, later)
        assert paused.state == PAUSED and paused.left == timedelta(minutes=35)
        assert paused.deadline is None
    resumed = clock_at([*changes, Change(RESUME, at(15))], at(20))
    assert resumed.state == RUNNING
    assert resumed.deadline == at(50)  # five minutes of pause move the deadline by five
    assert resumed.left == timedelta(minutes=30)


def test_extra_time_moves_the_deadline_running_or_paused():
    running = clock_at([Change(START, T0, 45), Change(EXTEND, at(40), 5)], at(40))
    assert running.deadline == at(50) and running.minutes == 50
    paused = clock_at(
        [Change(START, T0, 45), Change(PAUSE, at(40)), Change(EXTEND, at(41), 5)], at(42)
    )
    assert paused.state == PAUSED and paused.left == timedelta(minutes=10)


def test_extra_time_once_time_is_up_counts_from_the_extension():
    changes = [Change(START, T0, 45), Change(EXTEND, at(52), 5)]
    clock = clock_at(changes, at(53))
    assert clock.state == RUNNING
    assert clock.deadline == at(57)  # five minutes from 20:52, not from the old deadline
    assert clock.left == timedelta(minutes=4)


def test_changes_after_the_moment_asked_do_not_count_yet():
    changes = [Change(START, T0, 45), Change(PAUSE, at(10))]
    assert clock_at(changes, at(5)).state == RUNNING
    assert clock_at(changes, T0 - timedelta(seconds=1)).state == NOT_STARTED


@pytest.mark.parametrize(
    ("changes", "state"),
    [
        ([Change(PAUSE, at(1)), Change(EXTEND, at(2), 5)], NOT_STARTED),
        ([Change(START, T0, 45), Change(RESUME, at(5))], RUNNING),
        ([Change(START, T0, 45), Change(PAUSE, at(5)), Change(PAUSE, at(6))], PAUSED),
    ],
)
def test_actions_that_mean_nothing_in_their_state_change_nothing(changes, state):
    assert clock_at(changes, at(7)).state == state


def test_a_second_pause_keeps_the_first_time_left():
    changes = [Change(START, T0, 45), Change(PAUSE, at(5)), Change(PAUSE, at(6))]
    assert clock_at(changes, at(7)).left == timedelta(minutes=40)
