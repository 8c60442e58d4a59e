"""Reads of a club's tokens and webhooks for its API page, and one webhook's log."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from tournaments.models import ApiToken, Club, WebhookAttempt, WebhookDelivery, WebhookSubscription

LOG_LENGTH = 50  # the latest deliveries shown


@dataclass
class ClubIntegrations:
    tokens: list[ApiToken]
    webhooks: list[WebhookSubscription]


def club_integrations(club: Club) -> ClubIntegrations:
    """The club's tokens (revoked ones too: their uses stay named) and webhooks: two queries."""
    return ClubIntegrations(
        tokens=list(ApiToken.objects.filter(club=club).select_related("event", "created_by")),
        webhooks=list(WebhookSubscription.objects.filter(club=club).select_related("event")),
    )


def subscription_log(subscription: WebhookSubscription) -> list[WebhookDelivery]:
    """Its latest deliveries, newest first, each with its attempts: two queries."""
    attempts = WebhookAttempt.objects.select_related("resent_by").order_by("at")
    return list(
        WebhookDelivery.objects.filter(subscription=subscription)
        .prefetch_related(Prefetch("tries", queryset=attempts))
        .order_by("-created_at")[:LOG_LENGTH]
    )
