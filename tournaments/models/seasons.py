"""A club's season (championnat): nights grouped under one rule; and the club ratings.

Neither stores a result typed by anyone. Season standings are computed on each reading from
the nights' stored results; a rating update is a derived row, rewritten by
`tournaments.ratings.services` in the same transaction as the game result that moves it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .clubs import Club, Player
from .events import Event
from .games import Game


def default_season_scale() -> list[int]:
    return [10, 8, 6, 5, 4, 3, 2, 1]


class Season(models.Model):
    """A club's championship over several nights, with the rule that turns nights into
    season points."""

    class Scoring(models.TextChoices):
        PLACES = "places", _("Points by place")
        TOURNAMENT_POINTS = "tournament_points", _("Sum of tournament points")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=120)
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    # Empty: every event of the club between the dates counts.
    events = models.ManyToManyField(
        Event, blank=True, related_name="seasons", verbose_name=_("events counted")
    )
    scoring = models.CharField(
        _("season points"), max_length=20, choices=Scoring, default=Scoring.PLACES
    )
    points_scale = models.JSONField(_("season points by place"), default=default_season_scale)
    best_of = models.PositiveSmallIntegerField(
        _("nights counted per player"), null=True, blank=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords(excluded_fields=["created_at"])

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-starts_on", "-id"]

    def __str__(self) -> str:
        return self.name


class RatingUpdateQuerySet(models.QuerySet["RatingUpdate"]):
    def in_game_order(self) -> RatingUpdateQuerySet:
        """The order games are rated in: by date, then event, round and table."""
        return self.order_by(
            "played_on", "game__event_id", "game__round__number", "game__table_number"
        )


class RatingUpdate(models.Model):
    """A player's club rating right after one finished game (derived, never typed)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_updates")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_updates")
    played_on = models.DateField()  # the event's date: what "date order" means
    place = models.PositiveSmallIntegerField()  # at the table, 1 = best; ties share
    mu = models.FloatField()
    sigma = models.FloatField()

    objects = RatingUpdateQuerySet.as_manager()

    class Meta:
        verbose_name = _("rating update")
        verbose_name_plural = _("rating updates")
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="one_rating_update_per_game")
        ]
        indexes = [models.Index(fields=["played_on"], name="rating_update_played_on")]

    def __str__(self) -> str:
        return f"{self.player} ({self.game})"
