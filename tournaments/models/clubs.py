"""A club, its organisers, and its members (players reused from one event to the next); the
people an event archive named that the import made accounts for."""

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
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords(excluded_fields=["created_at"])

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class PlayerQuerySet(models.QuerySet):
    def of_club(self, club: Club) -> PlayerQuerySet:
        return self.filter(club=club)


class Player(models.Model):
    """A club member who plays: the same person from one evening to the next."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=80)
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


class ImportedAccount(models.Model):
    """An account an event archive's import made for a person it names (who entered a hand,
    confirmed it, created the event...), kept within the club it was imported into: nobody
    can log in with it until `manage.py add_organiser` gives it a password.

    An archive's user names are only names: one is the importing club's organiser of that
    user name, or this club's account of that name, never anyone else's (docs/archive.md)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="imported_as",
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="imported_accounts")
    name = models.CharField(_("name in the archive"), max_length=150)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("account made by an import")
        verbose_name_plural = _("accounts made by imports")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="imported_account_unique_in_club")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})"
