"""Clubs that play together: a federation groups clubs; its officials read its clubs' events
and keep its licences. A person who plays in several clubs is one `Person` of the federation
(a licence number, unique in it), to whom each club's `Player` rows point: merging two players
is linking them to one person, which keeps every result of both and is undone by unlinking.
Each merge and each member list import is recorded. See docs/federation.md.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Federation(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    officials = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="federations",
        verbose_name=_("officials"),
        blank=True,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("federation")
        verbose_name_plural = _("federations")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Person(models.Model):
    """One person of the federation, whichever clubs he plays in."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="people")
    licence = models.CharField(_("licence"), max_length=20, blank=True)
    name = models.CharField(_("name"), max_length=80)
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    category = models.CharField(_("category"), max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("person")
        verbose_name_plural = _("people")
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "licence"],
                condition=~Q(licence=""),
                name="licence_unique_in_federation",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.licence})" if self.licence else self.name


class PersonMerge(models.Model):
    """An official said that these club players are one person: which players pointed where
    before (to undo it), who and when."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="merges")
    # The person the players became (None once an undo ended a person the merge had made).
    person = models.ForeignKey(Person, on_delete=models.SET_NULL, null=True, related_name="merges")
    # [{"player": id, "person": id or None}, ...]: each player's person before the merge.
    before = models.JSONField()
    # People left with no player by the merge and deleted: their fields, to make them again.
    removed = models.JSONField(default=list)
    merged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    merged_at = models.DateTimeField(auto_now_add=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-merged_at"]

    def __str__(self) -> str:
        return f"merge into {self.person_id}"


class MemberImport(models.Model):
    """A member list applied: who, when, and what it did."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="imports")
    file_name = models.CharField(max_length=200)
    added = models.PositiveIntegerField(default=0)
    changed = models.PositiveIntegerField(default=0)
    unchanged = models.PositiveIntegerField(default=0)
    refused = models.PositiveIntegerField(default=0)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    imported_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-imported_at"]

    def __str__(self) -> str:
        return self.file_name


class FederationRating(models.Model):
    """A person's federation rating right after one rated game of any of its clubs (derived,
    never typed): the rows of his rating's calculation, line by line."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="+")
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="ratings")
    game = models.ForeignKey("Game", on_delete=models.CASCADE, related_name="+")
    played_on = models.DateField()
    place = models.PositiveSmallIntegerField()  # at the table, 1 = best; ties share
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.IntegerField()  # the number shown after the game
    change = models.IntegerField()  # against the number shown before it

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["person", "game"], name="one_federation_rating_per_game"
            )
        ]
        indexes = [models.Index(fields=["federation", "played_on"], name="federation_rating_date")]

    def __str__(self) -> str:
        return f"{self.person_id} after {self.game_id}"
