"""A round's clock as pages show it: the time left as a clock reads, what the countdown
script needs (the deadline and the server's time, in milliseconds), and the change log in
words for the organiser.

The script (static/js/clock.js) counts down from the deadline with the server's time, so a
phone whose own clock is wrong still shows the right time left.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import ClockChange, Round
from tournaments.play.display.hands import display_name
from tournaments.rules.clock import EXTEND, START, Clock, clock_at


def clock_text(seconds: int) -> str:
    """Time left as a clock shows it: "45:00", "0:09", "1:05:00" past an hour (the script
    writes it the same way)."""
    seconds = max(seconds, 0)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


def epoch_ms(moment: datetime | None) -> int | str:
    """A moment as the script reads it (milliseconds since 1970, UTC); "" for none."""
    return "" if moment is None else int(moment.timestamp() * 1000)


@dataclass(frozen=True)
class ClockLine:
    """One change of the clock in words: "20:31 · started with 45 minutes · anne"."""

    at: datetime  # local time
    text: str
    by: str


@dataclass(frozen=True)
class ClockView:
    """A round's clock on a page."""

    round: Round
    clock: Clock
    now: datetime
    log: list[ClockLine]

    @property
    def state(self) -> str:
        return self.clock.state

    @property
    def started(self) -> bool:
        return self.clock.started

    @property
    def text(self) -> str:
        return clock_text(self.clock.seconds_left)

    @property
    def left_seconds(self) -> int:
        return self.clock.seconds_left

    @property
    def deadline_ms(self) -> int | str:
        return epoch_ms(self.clock.deadline)

    @property
    def server_now_ms(self) -> int | str:
        return epoch_ms(self.now)

    @property
    def ends_at(self) -> datetime | None:
        """The deadline in local time, while the clock runs."""
        deadline = self.clock.deadline
        return timezone.localtime(deadline) if deadline and self.clock.is_running else None


def clock_view(round_: Round, changes: list[ClockChange], now: datetime) -> ClockView:
    """The clock of `round_` at `now`, from its changes (selectors.clock.clock_changes)."""
    clock = clock_at((change.as_change() for change in changes), now)
    return ClockView(round_, clock, now, [_line(change) for change in changes])


def change_text(action: str, minutes: int = 0) -> str:
    """A change of the clock in words, as its log and the organiser's message say it:
    "started with 45 minutes", "paused", "extended by 5 minutes"."""
    if action == START:
        text = ngettext(
            "started with %(minutes)s minute", "started with %(minutes)s minutes", minutes
        )
    elif action == EXTEND:
        text = ngettext(
            "extended by %(minutes)s minute", "extended by %(minutes)s minutes", minutes
        )
    else:
        return str(ClockChange.Action(action).label)
    return text % {"minutes": minutes}


def _line(change: ClockChange) -> ClockLine:
    by = display_name(change.by) if change.by is not None else _("unknown")
    return ClockLine(timezone.localtime(change.at), change_text(change.action, change.minutes), by)
