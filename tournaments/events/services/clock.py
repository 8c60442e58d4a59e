"""The round clock: the organiser starts it with the round's time, pauses, resumes and
extends it. Each action is recorded with who and when (ClockChange); the state is derived
(rules.clock). Closing the tables when time is up is `rounds.close_round`.
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.clubs.services.actors import Actor
from tournaments.events.selectors.clock import clock_changes
from tournaments.models import ClockChange, Round
from tournaments.play.services import versions
from tournaments.play.services.locks import lock_round
from tournaments.rules.clock import (
    EXTEND,
    NOT_STARTED,
    PAUSE,
    PAUSED,
    RESUME,
    START,
    Clock,
    clock_at,
)

MAX_ROUND_MINUTES = 600
MAX_EXTRA_MINUTES = 120


def start_clock(
    *, round_: Round, minutes: int, user: Actor = None, now: datetime | None = None
) -> Clock:
    """Start the round's clock with `minutes` to play."""
    if not 1 <= minutes <= MAX_ROUND_MINUTES:
        raise ValidationError(
            _("Give the round's time in minutes, from 1 to %(most)s.") % {"most": MAX_ROUND_MINUTES}
        )
    return _act(round_, START, minutes, user, now)


def pause_clock(*, round_: Round, user: Actor = None, now: datetime | None = None) -> Clock:
    """Stop the countdown; the time left waits for `resume_clock`."""
    return _act(round_, PAUSE, 0, user, now)


def resume_clock(*, round_: Round, user: Actor = None, now: datetime | None = None) -> Clock:
    """Start the countdown again from the time left when it was paused."""
    return _act(round_, RESUME, 0, user, now)


def extend_clock(
    *, round_: Round, minutes: int, user: Actor = None, now: datetime | None = None
) -> Clock:
    """Give the round `minutes` more; once time is up, `minutes` from now."""
    if not 1 <= minutes <= MAX_EXTRA_MINUTES:
        raise ValidationError(
            _("Give the extra time in minutes, from 1 to %(most)s.") % {"most": MAX_EXTRA_MINUTES}
        )
    return _act(round_, EXTEND, minutes, user, now)


def _act(round_: Round, action: str, minutes: int, user: Actor, now: datetime | None) -> Clock:
    now = now or timezone.now()
    with transaction.atomic():
        # One organiser's click at a time: two laptops cannot both start the clock.
        round_ = lock_round(round_.pk)
        if round_.is_closed:
            raise ValidationError(
                _("Round %(number)s is closed: its clock has stopped.") % {"number": round_.number}
            )
        changes = [change.as_change() for change in clock_changes([round_.pk])[round_.pk]]
        clock = clock_at(changes, now)
        if not clock.allows(action):
            raise ValidationError(_refusal(clock.state, action) % {"number": round_.number})
        change = ClockChange.objects.create(
            round=round_,
            action=action,
            minutes=minutes,
            at=now,
            by=user if user is not None and user.is_authenticated else None,
        )
        _show_to_polls(round_)
    return clock_at([*changes, change.as_change()], now)


def _show_to_polls(round_: Round) -> None:
    """Make the pages that poll (the event page, the table pages, the projector, the phones'
    clock) see a new version (play/services/versions.py)."""
    versions.round_changed(round_)


def _refusal(state: str, action: str) -> str:
    """Why `action` cannot be done in `state`, with the round's %(number)s."""
    if action == START:
        return _("The clock of round %(number)s is already started.")
    if state == NOT_STARTED:
        return _("Start the clock of round %(number)s first.")
    if action == PAUSE and state == PAUSED:
        return _("The clock of round %(number)s is already paused.")
    if action == PAUSE:
        return _("Time is up in round %(number)s: there is nothing left to pause.")
    if action == RESUME:
        return _("The clock of round %(number)s is not paused.")
    return _("The clock of round %(number)s cannot do that now.")
