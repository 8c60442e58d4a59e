"""A round's clock: what the organiser did to it (start, pause, resume, extend), who and when.

These rows are the facts; the clock's state (running, paused, time up, the time left) is
derived from them by `tournaments.rules.clock`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.rules import clock

from .events import Round


class ClockChange(models.Model):
    """One action on a round's clock, as the organiser did it."""

    class Action(models.TextChoices):
        START = clock.START, _("started")
        PAUSE = clock.PAUSE, _("paused")
        RESUME = clock.RESUME, _("resumed")
        EXTEND = clock.EXTEND, _("extended")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="clock_changes")
    action = models.CharField(_("action"), max_length=10, choices=Action)
    # The round's time when starting, the time added when extending; 0 otherwise.
    minutes = models.PositiveSmallIntegerField(_("minutes"), default=0)
    at = models.DateTimeField(_("at"))
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )

    class Meta:
        verbose_name = _("clock change")
        verbose_name_plural = _("clock changes")
        ordering = ["round", "at", "id"]

    def __str__(self) -> str:
        return f"{self.round}: {self.get_action_display()} {self.at:%H:%M}"

    def as_change(self) -> clock.Change:
        return clock.Change(self.action, self.at, self.minutes)
