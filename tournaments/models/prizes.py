"""A tournament's prize categories (docs/prizes.md): best woman, under 18, newcomers, a club's
members, a rating band or named players, each with its prizes by place. Who wins them is
derived on each reading (tournaments/prizes/), never stored."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.rules import categories

from .clubs import Club, Player
from .events import Event

if TYPE_CHECKING:
    from django.contrib.auth.models import User

SHARE, FIXED, IN_KIND = "share", "fixed", "in_kind"  # the kinds of a prize


class PrizeCategory(models.Model):
    """One category of an event, in the organiser's order, with its prizes by place."""

    class Kind(models.TextChoices):
        EVERYONE = categories.EVERYONE, _("Every player")
        WOMEN = categories.WOMEN, _("Women")
        AGE = categories.AGE, _("Age")
        NEWCOMERS = categories.NEWCOMERS, _("Newcomers (first event at the club)")
        CLUB = categories.CLUB, _("Members of a club")
        RATING = categories.RATING, _("Club rating band")
        NAMED = categories.NAMED, _("Players you name")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="prize_categories")
    position = models.PositiveSmallIntegerField(default=0)
    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("who is in it"), max_length=12, choices=Kind)
    age_from = models.PositiveSmallIntegerField(_("aged at least"), null=True, blank=True)
    age_under = models.PositiveSmallIntegerField(_("aged under"), null=True, blank=True)
    reference_date = models.DateField(_("ages on"), null=True, blank=True)
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    rating_from = models.PositiveIntegerField(_("rating at least"), null=True, blank=True)
    rating_under = models.PositiveIntegerField(_("rating under"), null=True, blank=True)
    players = models.ManyToManyField(Player, blank=True, related_name="+")
    # By place, 1st first: {"kind": SHARE, "value": "10"} (% of the pool), {"kind": FIXED,
    # "value": "20.00"} (an amount the club adds) or {"kind": IN_KIND, "value": "a trophy"}.
    prizes = models.JSONField(_("prizes"), default=list)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    history = HistoricalRecords()

    # Set before a save, read by django-simple-history: why it changed, and who changed it.
    _change_reason: str
    _history_user: User

    class Meta:
        verbose_name = _("prize category")
        verbose_name_plural = _("prize categories")
        ordering = ["event", "position", "id"]

    def __str__(self) -> str:
        return self.name
