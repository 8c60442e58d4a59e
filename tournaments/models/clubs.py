"""A club, its organisers, and its members (players reused from one event to the next)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="clubs", verbose_name=_("organisers"), blank=True
    )
    # The federation the club plays in, if any (docs/federation.md).
    federation = models.ForeignKey(
        "Federation",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="clubs",
        verbose_name=_("federation"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords(excluded_fields=["created_at"])

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]
        constraints = [
            # Clubs are found by name, any case (an archive's, add_organiser's): one each.
            models.UniqueConstraint(Lower("name"), name="club_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class PlayerQuerySet(models.QuerySet["Player"]):
    def of_club(self, club: Club) -> PlayerQuerySet:
        return self.filter(club=club)


class Player(models.Model):
    """A club member who plays: the same person from one evening to the next."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=80)
    # Who he is in the club's federation: the same person as in his other clubs.
    person = models.ForeignKey(
        "Person", on_delete=models.SET_NULL, null=True, blank=True, related_name="players"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords(excluded_fields=["created_at"])

    objects = PlayerQuerySet.as_manager()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]
        constraints = [
            # "Anne" and "anne" are the same member: a club would not tell them apart.
            models.UniqueConstraint(Lower("name"), "club", name="player_name_unique_in_club"),
        ]

    def __str__(self) -> str:
        return self.name
