"""A round's clock, pure: its state and the time left, from what the organiser did to it.

A round plays against a clock (rules.md §1: when a round's time is up, the organiser closes
its games with the totals as they stand). The organiser starts the clock with the round's
time, may pause and resume it, and may give extra time. Those actions are the facts; this
module folds them into the clock as it stands at a given moment:

- start at t with m minutes: the deadline is t + m;
- pause at t: the time left is frozen at deadline − t;
- resume at t: the deadline becomes t + the time left;
- extend by m at t: m more minutes; after time is up, m minutes from t (a late "five more
  minutes" gives five minutes, not less).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

START, PAUSE, RESUME, EXTEND = "start", "pause", "resume", "extend"
NOT_STARTED, RUNNING, PAUSED, TIME_UP = "not_started", "running", "paused", "time_up"

ZERO = timedelta(0)


@dataclass(frozen=True)
class Change:
    """One action on the clock: `minutes` is the round's time (start) or the time added
    (extend)."""

    action: str
    at: datetime
    minutes: int = 0


@dataclass(frozen=True)
class Clock:
    """A round's clock at one moment."""

    state: str
    left: timedelta = ZERO  # never negative
    deadline: datetime | None = None  # while it runs (and once time is up)
    minutes: int = 0  # the time given: the start's and every extension's
    started_at: datetime | None = None

    @property
    def seconds_left(self) -> int:
        """Whole seconds left, rounded up: "0:01" until the very end."""
        whole, rest = divmod(self.left, timedelta(seconds=1))
        return int(whole) + (1 if rest else 0)

    @property
    def is_running(self) -> bool:
        return self.state == RUNNING

    @property
    def time_up(self) -> bool:
        return self.state == TIME_UP

    @property
    def started(self) -> bool:
        return self.state != NOT_STARTED

    def allows(self, action: str) -> bool:
        """Whether the organiser may do `action` now."""
        return action in ALLOWED[self.state]


# What the organiser may do in each state: time up can still be extended.
ALLOWED = {
    NOT_STARTED: {START},
    RUNNING: {PAUSE, EXTEND},
    PAUSED: {RESUME, EXTEND},
    TIME_UP: {EXTEND},
}


def clock_at(changes: Iterable[Change], now: datetime) -> Clock:
    """The clock at `now` from its changes in the order they happened (those after `now` do
    not count yet)."""
    deadline: datetime | None = None
    frozen: timedelta | None = None  # the time left while paused
    started_at: datetime | None = None
    minutes = 0
    for change in changes:
        if change.at > now:
            break
        given = timedelta(minutes=change.minutes)
        if change.action == START:
            started_at, minutes = change.at, change.minutes
            deadline, frozen = change.at + given, None
        elif started_at is None:
            continue  # nothing to pause, resume or extend before the start
        elif change.action == PAUSE and deadline is not None:  # running: not frozen
            frozen, deadline = max(deadline - change.at, ZERO), None
        elif change.action == RESUME and frozen is not None:
            deadline, frozen = change.at + frozen, None
        elif change.action == EXTEND:
            minutes += change.minutes
            if frozen is not None:
                frozen += given
            elif deadline is not None:  # always, when not frozen
                deadline = max(deadline, change.at) + given
    if started_at is None:
        return Clock(NOT_STARTED)
    if frozen is not None:
        return Clock(PAUSED, frozen, None, minutes, started_at)
    assert deadline is not None  # started and not paused: running until a deadline
    left = max(deadline - now, ZERO)
    return Clock(RUNNING if left else TIME_UP, left, deadline, minutes, started_at)
