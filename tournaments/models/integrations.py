"""What other sites use to follow a club: API tokens (a secret shown once, stored hashed, with
its scopes, its club or event, its expiry) and webhook subscriptions with each delivery and
each attempt at it (docs/api.md)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .clubs import Club
from .events import Event


class Scope(models.TextChoices):
    """What a token may do: read (with the club's private data), enter hands at an event's
    tables as a table link would, or do what an organiser does through the API."""

    READ = "read", _("read")
    ENTER = "enter", _("enter hands")
    ORGANISE = "organise", _("organise")


class ApiTokenQuerySet(models.QuerySet["ApiToken"]):
    def usable(self) -> ApiTokenQuerySet:
        """Neither revoked nor expired."""
        return self.filter(revoked_at__isnull=True, expires_at__gt=timezone.now())


class ApiToken(models.Model):
    """A key for the API: the secret is shown once; only its SHA-256 digest is kept (the
    secret is 256 random bits, so a fast digest is as safe as a slow one and costs nothing
    per request)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="api_tokens")
    # Only this event's data and tables (None: every event of the club).
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=80)
    scopes = models.JSONField(_("scopes"), default=list)
    prefix = models.CharField(max_length=12)  # shown in lists so that a token can be told apart
    digest = models.CharField(max_length=64, unique=True)
    expires_at = models.DateTimeField(_("expires"))
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    last_used_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    def allows(self, scope: str) -> bool:
        return scope in self.scopes

    def covers(self, event: Event) -> bool:
        """The token speaks for this event: its club's, and this one if it names one."""
        return event.club_id == self.club_id and self.event_id in (None, event.pk)


class Happening(models.TextChoices):
    """What a webhook can be told of."""

    HAND_CONFIRMED = "hand.confirmed", _("a hand counts (entered, or confirmed)")
    ROUND_SEATED = "round.seated", _("a round is seated")
    STANDINGS_CHANGED = "standings.changed", _("the standings changed")
    GAME_FINISHED = "game.finished", _("a table's game is over")
    EVENT_FINISHED = "event.finished", _("the event is over")


class WebhookSubscription(models.Model):
    """A URL that hears of the club's events (or one event's) as they happen."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="webhooks")
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="webhooks"
    )
    url = models.URLField(_("address"), max_length=500)
    happenings = models.JSONField(_("what it hears of"), default=list)
    secret = models.CharField(max_length=64)  # signs each delivery (HMAC-SHA256)
    active = models.BooleanField(_("active"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(models.Model):
    """One message for one subscription: written in the transaction of what it tells, sent by
    the background worker, tried again with growing waits until it is taken or given up."""

    class State(models.TextChoices):
        PENDING = "pending", _("waiting to be sent")
        DELIVERED = "delivered", _("delivered")
        FAILED = "failed", _("given up")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    subscription = models.ForeignKey(
        WebhookSubscription, on_delete=models.CASCADE, related_name="deliveries"
    )
    happening = models.CharField(max_length=40, choices=Happening)
    payload = models.JSONField()
    state = models.CharField(max_length=12, choices=State, default=State.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(default=timezone.now)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("webhook delivery")
        verbose_name_plural = _("webhook deliveries")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["state", "next_attempt_at"])]

    def __str__(self) -> str:
        return f"{self.happening} → {self.subscription_id}"


class WebhookAttempt(models.Model):
    """One try at a delivery: when, what the receiver answered, how long it took."""

    delivery = models.ForeignKey(WebhookDelivery, on_delete=models.CASCADE, related_name="tries")
    at = models.DateTimeField(default=timezone.now)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    answer = models.CharField(max_length=500, blank=True)  # the start of the receiver's answer
    error = models.CharField(max_length=300, blank=True)  # what went wrong before any answer
    duration_ms = models.PositiveIntegerField(default=0)
    resent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["at"]

    def __str__(self) -> str:
        return f"{self.delivery_id} at {self.at}"

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300
