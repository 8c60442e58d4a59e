"""A game at a table: its seats, its hands and what each player held (facts), with the
totals, ranks and prizes derived from them by the rules engine."""

from __future__ import annotations

import datetime
import secrets
from typing import TYPE_CHECKING, Self, TypeVar

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.rules import make_variant
from tournaments.rules.variants import Variant
from tournaments.words.labels import how_choices

from .clubs import Player
from .events import VARIANT_NAMES, Event, Round
from .versioned import Versioned

if TYPE_CHECKING:
    from django.contrib.auth.models import User

# The ways to end a hand, named by the one label map (display.labels).
HOW_CHOICES = how_choices()


def new_link_token() -> str:
    """A table link's secret: unguessable, short enough for a QR code."""
    return secrets.token_urlsafe(16)


# Generic, so that django-stubs keeps the attributes a query prefetches onto its games.
_GameT = TypeVar("_GameT", bound="Game")


class GameQuerySet(models.QuerySet[_GameT, _GameT]):
    def in_play(self) -> Self:
        return self.filter(finished=False)

    def finished(self) -> Self:
        return self.filter(finished=True)


class Game(Versioned):
    """One game at one table in a round: its rules are the event's unless imported."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="games")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table_number = models.PositiveSmallIntegerField(_("table"))
    variant = models.CharField(_("variant"), max_length=30, choices=list(VARIANT_NAMES.items()))
    options = models.JSONField(_("options"), default=dict, blank=True)
    pot = models.DecimalField(_("pot"), max_digits=10, decimal_places=2, null=True, blank=True)
    closed = models.BooleanField(_("closed by the organiser"), default=False)
    link_token = models.CharField(max_length=32, unique=True, default=new_link_token)
    link_enabled = models.BooleanField(_("table link enabled"), default=True)
    # The day an organiser last turned the link on (or renewed it): it takes hands for
    # TABLE_LINK_DAYS after that day too, not only after the event's (link_closes_on).
    link_reopened_on = models.DateField(null=True, blank=True)
    # Imported from a game file: its rules are the file's, and the event's rules never
    # replace them.
    imported = models.BooleanField(_("imported from a game file"), default=False)

    # Derived by the rules engine (tournaments.scoring.refresh_game); never typed in.
    finished = models.BooleanField(default=False)
    ended_after_hand = models.PositiveIntegerField(null=True, blank=True)
    hands_played = models.PositiveIntegerField(default=0)
    has_provisional_hands = models.BooleanField(default=False)
    winner = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords(
        excluded_fields=[
            "finished",
            "ended_after_hand",
            "hands_played",
            "has_provisional_hands",
            "winner",
            "updated_at",
            "version",
        ]
    )
    objects = GameQuerySet.as_manager()

    # Set before a save, read by django-simple-history: why it changed and, outside a web
    # request, who changed it (the services' `_attribute`).
    _change_reason: str
    _history_user: User
    # Set for the tournament pages (events.selectors.tournaments): the winners; whether the
    # name search shows the table.
    winners: list[Seat]
    shown: bool

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["round_id", "table_number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table_number"], name="table_unique_in_round")
        ]

    def __str__(self) -> str:
        return _("Table %(table)s") % {"table": self.table_number}

    def rules(self) -> Variant:
        """The variant with this game's options (validated when they were saved)."""
        return make_variant(self.variant, self.options)

    def variant_name(self) -> str:
        return str(VARIANT_NAMES[self.variant])

    @property
    def link_closes_on(self) -> datetime.date:
        """The last day the table link takes hands: TABLE_LINK_DAYS after its event's day,
        or after the day an organiser reopened it, whichever is later."""
        opened = max(self.event.date, self.link_reopened_on or self.event.date)
        return opened + datetime.timedelta(days=settings.TABLE_LINK_DAYS)

    @property
    def link_has_closed(self) -> bool:
        """The link is on, but its days are over: it takes no hands until reopened."""
        return self.link_enabled and timezone.localdate() > self.link_closes_on


class Seat(models.Model):
    """A player at a table, in seating order; with his derived total, rank and prize."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))

    # Derived.
    total = models.IntegerField(default=0)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)  # 1 = best; ties share
    hands_won = models.PositiveIntegerField(default=0)
    prize = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    # Tied players share the points of the places they occupy, hence halves and thirds.
    tournament_points = models.DecimalField(max_digits=6, decimal_places=2, default=0)

    found: bool  # set by the tournament pages' name search: the player's name matches

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.game})"

    @property
    def name(self) -> str:
        """The seated player's name (load the players with the seats: select_related)."""
        return self.player.name


class Bye(models.Model):
    """A round a player sat out for want of an opponent (2-player variants)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="byes")
    points = models.DecimalField(max_digits=6, decimal_places=2, default=0)  # bye points

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_bye_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.round})"


class Hand(models.Model):
    """One hand as it happened: how it ended and who ended it; who entered and confirmed it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(_("hand"))
    how = models.CharField(_("how it ended"), max_length=20, choices=HOW_CHOICES)
    ended_by = models.ForeignKey(
        Seat, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Who entered or confirmed it from a table link (no account): a per-device identity.
    entered_from = models.CharField(max_length=64, blank=True)
    # The player of the table who entered it, as he named himself on the entry page.
    entered_by_seat = models.ForeignKey(
        Seat, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_from = models.CharField(max_length=64, blank=True)
    # The other player of the table who checked it on the confirm screen.
    confirmed_by_seat = models.ForeignKey(
        Seat, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    needs_confirmation = models.BooleanField(default=False)
    # The entry that stored it: a random id made by the phone when the hand was first sent,
    # so that the same entry sent again (the answer was lost with the Wi-Fi) is stored once.
    idempotency_key = models.CharField(max_length=64, blank=True, editable=False)

    # Derived.
    result = models.CharField(max_length=20, blank=True)  # the engine's: undercut included
    winner = models.ForeignKey(
        Seat, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    history = HistoricalRecords(
        excluded_fields=["result", "winner", "entered_at", "idempotency_key"]
    )

    _change_reason: str  # for django-simple-history, as on Game
    _history_user: User

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["number"]
        constraints = [
            # The double-entry guard: two devices submitting hand 5 store one hand 5.
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique"),
            # One hand per entry: a retried entry finds the hand it stored.
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="hand_idempotency_key_unique",
            ),
        ]

    def __str__(self) -> str:
        return _("Hand %(number)s") % {"number": self.number}

    @property
    def is_provisional(self) -> bool:
        return self.needs_confirmation and self.confirmed_at is None


class HandLine(models.Model):
    """What one player held at the end of a hand (a fact) and what it gave (derived)."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="lines")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="lines")
    # The fact, one of: a count made at the table, the cards, or "never melded"; nothing for
    # the player who went out in a rami game.
    held_count = models.PositiveIntegerField(null=True, blank=True)
    held_cards = models.CharField(max_length=120, blank=True)
    never_melded = models.BooleanField(default=False)

    # Derived.
    counted = models.IntegerField(null=True, blank=True)
    points = models.IntegerField(default=0)
    running_total = models.IntegerField(default=0)
    history = HistoricalRecords(excluded_fields=["counted", "points", "running_total"])

    _change_reason: str  # for django-simple-history, as on Game
    _history_user: User

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="one_line_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.hand} / {self.seat}"

    @property
    def held_anything(self) -> bool:
        return self.held_count is not None or bool(self.held_cards) or self.never_melded
