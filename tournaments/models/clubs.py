"""A club, the people who run it (each with a role), and its members (players reused from
one event to the next); the people an event archive named that the import made accounts for."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
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
    """A club member who plays: the same person from one evening to the next.

    His gender and birth are personal data, optional, for the prize categories only
    (docs/prizes.md): the organisers see and change them, no public page, archive or screen
    shows them (his own data export does, docs/privacy.md)."""

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
    # Personal data, kept with the member's consent (given when signing up for an event):
    # never shown on a public page, a PDF, a CSV or the projector (docs/privacy.md).
    email = models.EmailField(_("e-mail"), blank=True)
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    consent_at = models.DateTimeField(_("consent to keep them given on"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords(excluded_fields=["created_at"])

    objects = PlayerQuerySet.as_manager()

    # Set before a save, read by django-simple-history: why it changed, and who changed it.
    _change_reason: str
    _history_user: User

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


class Role(models.TextChoices):
    """What a volunteer does for the club; what each may do is the table of
    tournaments/clubs/permissions.py."""

    ORGANISER = "organiser", _("organiser")
    SCORER = "scorer", _("scorer")
    DOOR = "door", _("door")
    TREASURER = "treasurer", _("treasurer")
    SCREEN = "screen", _("screen")


def new_secret() -> str:
    """A link's secret (invitation, screen): 128 random bits, short enough for a QR code."""
    return secrets.token_urlsafe(16)


class MembershipQuerySet(models.QuerySet):
    def active(self) -> MembershipQuerySet:
        return self.filter(withdrawn_at__isnull=True)


class Membership(models.Model):
    """A role someone holds in a club: for the whole club, or for one of its events. A screen
    has no account: its membership is a link (`token`) that a TV opens. Withdrawn, it stays
    as a record of who held it, who gave it and who took it back."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    event = models.ForeignKey(
        "tournaments.Event",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="memberships",
        verbose_name=_("event"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="memberships",
    )
    role = models.CharField(_("role"), max_length=20, choices=Role)
    token = models.CharField(max_length=32, blank=True, default="", db_index=True)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    granted_at = models.DateTimeField(default=timezone.now)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    objects = MembershipQuerySet.as_manager()

    class Meta:
        verbose_name = _("role")
        verbose_name_plural = _("roles")
        ordering = ["club", "role", "granted_at"]

    def __str__(self) -> str:
        return f"{self.user or self.token[:6]} · {self.get_role_display()} · {self.club}"


class Invitation(models.Model):
    """A role offered by an organiser: a link (or its QR code), sent by e-mail or shown on his
    screen, that one person uses once before it expires."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    event = models.ForeignKey(
        "tournaments.Event",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="invitations",
    )
    role = models.CharField(_("role"), max_length=20, choices=Role)
    email = models.EmailField(_("e-mail"), blank=True)
    token = models.CharField(max_length=32, unique=True, default=new_secret)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_role_display()} · {self.club}"

    def usable(self, now) -> bool:
        return self.accepted_at is None and self.cancelled_at is None and now < self.expires_at


class PrivacyRecord(models.Model):
    """A member's personal data exported for him, or erased at his request: what was done,
    when, by whom (the record of it that a club owes under the RGPD)."""

    class Kind(models.TextChoices):
        EXPORT = "export", _("data exported")
        ERASE = "erase", _("data erased")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="privacy_records")
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, related_name="privacy_records"
    )
    kind = models.CharField(_("what"), max_length=10, choices=Kind)
    done_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    done_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("personal data record")
        verbose_name_plural = _("personal data records")
        ordering = ["-done_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} · {self.done_at:%Y-%m-%d}"


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
