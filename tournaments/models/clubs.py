"""A club, its organisers, and its members (players reused from one event to the next)."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
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


class PlayerQuerySet(models.QuerySet):
    def of_club(self, club: Club) -> PlayerQuerySet:
        return self.filter(club=club)


class Player(models.Model):
    """A club member who plays: the same person from one evening to the next.

    His gender and birth are personal data, optional, for the prize categories only
    (docs/prizes.md): the organisers see and change them, no public page, export or screen
    shows them."""

    class Gender(models.TextChoices):
        # The women's category reads "woman" (rules/categories.py WOMAN).
        WOMAN = "woman", _("Woman")
        MAN = "man", _("Man")
        OTHER = "other", _("Another gender")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=80)
    gender = models.CharField(
        _("gender"),
        max_length=10,
        choices=Gender,
        blank=True,
        help_text=_("As the player tells the club; leave it empty if it was not said."),
    )
    birth_date = models.DateField(_("date of birth"), null=True, blank=True)
    # The year alone when the date is not known (the federation's member lists give a year).
    birth_year = models.PositiveSmallIntegerField(
        _("year of birth"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1900), MaxValueValidator(2100)],
    )
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
