"""An event (a club night or a tournament), who registered for it, and its rounds."""

from __future__ import annotations

import secrets
import uuid
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.rules import PRESETS, awards

from .clubs import Club, Player
from .versioned import Versioned, first_version

VARIANT_NAMES = {
    "rami-traditionnel": _("Rami traditionnel (winner collects)"),
    "rami-penalites": _("Rami à pénalités (penalty points)"),
    "rummy": _("Rummy (losers pay the winner)"),
    "rami-jokers": _("Rami with jokers (13 cards)"),
    "gin-rami": _("Gin-rami (2–4 players, penalty points)"),
    "gin-rummy": _("Gin-rummy (2 players)"),
}
assert set(VARIANT_NAMES) == set(PRESETS), "every preset needs a name a club understands"


def default_points_scale() -> list[int]:
    return [3, 1, 0]


def default_tie_breaks() -> list[str]:
    return ["score", "wins", "opponents_points"]


def default_prize_places() -> list[int]:
    return [50, 30, 20]


class EventQuerySet(models.QuerySet["Event"]):
    def counted(self) -> EventQuerySet:
        """The events that count in the club's seasons and ratings: all but the copies of an
        event kept apart when its archive was imported again (docs/archive.md)."""
        return self.filter(counted=True)


class Event(Versioned):
    """A club night (one round, a pot per table) or a tournament (rounds, standings, a pool)."""

    class Kind(models.TextChoices):
        CLUB_NIGHT = "club_night", _("Club night")
        TOURNAMENT = "tournament", _("Tournament")

    class PrizeRule(models.TextChoices):
        ONE_EACH = awards.ONE_EACH, _("One prize per player: the most valuable he can win")
        SEVERAL = awards.SEVERAL, _("A player may win a prize in each of his categories")

    class PrizeTies(models.TextChoices):
        TIE_BREAKS = awards.TIE_BREAKS, _("The tie-breaks decide (level on everything: shared)")
        EQUAL = awards.EQUAL, _("Players level on points share equally")
        HORT = awards.HORT, _("Players level on points share by the Hort system")

    class Seating(models.TextChoices):
        RANDOM = "random", _("Random")
        SWISS = "swiss", _("Swiss (similar standings together)")
        ROUND_ROBIN = "round_robin", _("Round robin (everyone meets everyone)")
        BALANCED = "balanced", _("Balanced mixing (meet as many players as possible)")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    kind = models.CharField(_("kind"), max_length=20, choices=Kind, default=Kind.CLUB_NIGHT)
    variant = models.CharField(
        _("variant"), max_length=30, choices=list(VARIANT_NAMES.items()), default="rami-penalites"
    )
    options = models.JSONField(_("options"), default=dict, blank=True)  # overrides of the preset
    entry_fee = models.DecimalField(
        _("entry fee"),
        max_digits=8,
        decimal_places=2,
        default=Decimal("0.00"),
        validators=[MinValueValidator(Decimal("0"))],
    )
    confirmation_required = models.BooleanField(
        _("hands need confirming by a second person"), default=False
    )
    language = models.CharField(
        _("language of printed sheets"), max_length=5, choices=settings.LANGUAGES, default="fr"
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("round time (minutes)"),
        default=45,
        validators=[MinValueValidator(1), MaxValueValidator(600)],
        help_text=_(
            "What the round clock offers when you start it; you can change it then, pause "
            "the clock and give extra time."
        ),
    )

    # Tournaments only.
    seating_method = models.CharField(
        _("seating"), max_length=20, choices=Seating, default=Seating.SWISS
    )
    seed_by_rating = models.BooleanField(
        _("seat by club rating"),
        default=False,
        help_text=_(
            "Swiss round 1 seats players of similar club rating together (then ties on "
            "points follow it); balanced mixing deals round 1 by rating, so that every table "
            "gets strong and weaker players."
        ),
    )
    planned_rounds = models.PositiveSmallIntegerField(
        _("planned rounds"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(99)],
        help_text=_(
            "How many rounds the tournament will have. Balanced mixing then plans them all "
            "at once, so that nobody meets the same player twice while it can be avoided."
        ),
    )
    points_scale = models.JSONField(_("tournament points by place"), default=default_points_scale)
    points_for_win_at_time = models.PositiveSmallIntegerField(
        _("points for a win when time is up"),
        null=True,
        blank=True,
        help_text=_("Leave empty to give the same points as a win by target."),
    )
    bye_points = models.PositiveSmallIntegerField(_("points for a bye"), default=3)
    tie_breaks = models.JSONField(_("tie-breaks, in order"), default=default_tie_breaks)
    prize_places = models.JSONField(_("prize pool by place (%)"), default=default_prize_places)
    club_share = models.DecimalField(
        _("club share of the entry fees (%)"),
        max_digits=5,
        decimal_places=2,
        default=Decimal("0"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(Decimal("100"))],
    )
    # How the prizes are given (docs/prizes.md): one each or several, and level players.
    prize_rule = models.CharField(
        _("prizes per player"), max_length=10, choices=PrizeRule, default=PrizeRule.ONE_EACH
    )
    prize_ties = models.CharField(
        _("players level for a prize"),
        max_length=12,
        choices=PrizeTies,
        default=PrizeTies.TIE_BREAKS,
    )

    # The event's identity, the same wherever its archive is imported: the same event
    # imported again into a club is recognised by it (services/archive.py).
    uuid = models.UUIDField(default=uuid.uuid4, editable=False, db_index=True)
    # False for a copy kept apart when the same event was imported again: it counts in no
    # season and no rating, as the club's own copy already does.
    counted = models.BooleanField(_("counts in the club's seasons and ratings"), default=True)
    # A simultaneous evening (docs/federation.md): the federation whose clubs play it at
    # the same time, each at its own venue (`Venue`); None for a club's own event.
    federation = models.ForeignKey(
        "Federation",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="evenings",
        verbose_name=_("federation"),
    )
    # Bumped with the standings alone (standings/services.py), not with every hand: the
    # combined ranking that hundreds of phones follow is rendered again only when it moves.
    standings_version = models.PositiveBigIntegerField(default=first_version, editable=False)

    # Players signing up on the public page (docs/registration.md).
    registration_open = models.BooleanField(_("players sign up on the public page"), default=False)
    capacity = models.PositiveSmallIntegerField(
        _("places"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(10000)],
        help_text=_("Leave empty for no limit; past it, players join the waiting list."),
    )
    registration_approved = models.BooleanField(
        _("each sign-up is approved by the organiser"), default=False
    )
    registration_closes_at = models.DateTimeField(_("sign-up closes at"), null=True, blank=True)

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords(excluded_fields=["created_at", "version", "standings_version"])
    # Set before a save, read by django-simple-history: why the rules or settings changed.
    _change_reason: str

    objects = EventQuerySet.as_manager()

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-date", "-id"]
        constraints = [
            # One copy of an event counts in a club; others are kept apart.
            models.UniqueConstraint(
                fields=["club", "uuid"],
                condition=models.Q(counted=True),
                name="one_counted_copy_of_an_event_per_club",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"

    @property
    def is_tournament(self) -> bool:
        return self.kind == self.Kind.TOURNAMENT

    @property
    def is_simultaneous(self) -> bool:
        """Played the same evening at several clubs of a federation, each at its venue."""
        return self.federation_id is not None

    def variant_name(self) -> str:
        return str(VARIANT_NAMES[self.variant])


class Venue(models.Model):
    """One club's room in a simultaneous evening: its organisers register its players, seat
    its part of each round and run its tables; nobody crosses from one venue to another."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="venues")
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="venues")
    # 1, 2, 3...: its tables are numbered from number × 100 + 1, unique in each round.
    number = models.PositiveSmallIntegerField(_("venue"))

    class Meta:
        verbose_name = _("venue")
        verbose_name_plural = _("venues")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "club"], name="one_venue_per_club"),
            models.UniqueConstraint(fields=["event", "number"], name="venue_number_unique"),
        ]

    def __str__(self) -> str:
        return self.club.name


class RegistrationQuerySet(models.QuerySet["Registration"]):
    def active(self) -> RegistrationQuerySet:
        """Registered and not withdrawn (with a place, waiting or to approve)."""
        return self.filter(withdrawn=False)

    def placed(self) -> RegistrationQuerySet:
        """Not withdrawn, with a place (not on the waiting list, not waiting for approval)."""
        return self.active().filter(status=Registration.Status.PLACED)

    def present(self) -> RegistrationQuerySet:
        """Checked in with a place, not withdrawn: who sits down in the next round."""
        return self.placed().filter(checked_in=True)

    def waiting(self) -> RegistrationQuerySet:
        """The waiting list, first come first served."""
        return self.active().filter(status=Registration.Status.WAITING).order_by("queued_at", "id")


def new_registration_token() -> str:
    """A player's personal link: 128 random bits (withdraw, be checked in)."""
    return secrets.token_urlsafe(16)


class Registration(models.Model):
    """A player entered in an event (by an organiser, or signing up himself): with a place,
    on the waiting list or waiting for approval; checked in on arrival, possibly withdrawn
    later. His personal link (`token`) lets him withdraw, and the door check him in."""

    class Status(models.TextChoices):
        PLACED = "placed", _("has a place")
        WAITING = "waiting", _("on the waiting list")
        PENDING = "pending", _("waiting for approval")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    # Where he plays a simultaneous evening (his club's venue); None at a club's own event.
    venue = models.ForeignKey(
        Venue, on_delete=models.PROTECT, null=True, blank=True, related_name="registrations"
    )
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.PLACED)
    checked_in = models.BooleanField(_("checked in"), default=False)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    token = models.CharField(max_length=32, unique=True, default=new_registration_token)
    # Order of the waiting list: when he joined it (or signed up again after withdrawing).
    queued_at = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords(excluded_fields=["created_at"])

    objects = RegistrationQuerySet.as_manager()

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = ["player__name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"


class RoundQuerySet(models.QuerySet["Round"]):
    def open(self) -> RoundQuerySet:
        return self.filter(closed_at__isnull=True)


class Round(models.Model):
    """All tables playing at the same time; a club night has one."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    seating_method = models.CharField(max_length=20, choices=Event.Seating, blank=True)
    seed = models.PositiveIntegerField(default=0)  # seating is reproducible from it
    # When it was seated: now, or the moment an archive gives (services/archive.py).
    started_at = models.DateTimeField(default=timezone.now, editable=False)
    closed_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    objects = RoundQuerySet.as_manager()

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


class EventDeletion(models.Model):
    """An event an organiser deleted (or an imported archive replaced): who, when, and what
    went with it. The event itself is gone; its archive was offered for download first."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="event_deletions")
    event_name = models.CharField(_("event"), max_length=120)
    event_date = models.DateField(_("date"))
    event_uuid = models.UUIDField()
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    deleted_at = models.DateTimeField(_("deleted on"), auto_now_add=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    # What went with it, as the confirmation page said it.
    tables = models.PositiveIntegerField(default=0)
    hands = models.PositiveIntegerField(default=0)
    registrations = models.PositiveIntegerField(default=0)
    rating_updates = models.PositiveIntegerField(default=0)
    seasons = models.JSONField(default=list)  # the names of the seasons it counted in

    class Meta:
        verbose_name = _("deleted event")
        verbose_name_plural = _("deleted events")
        ordering = ["-deleted_at", "-id"]

    def __str__(self) -> str:
        return f"{self.event_name} ({self.event_date:%d/%m/%Y})"
