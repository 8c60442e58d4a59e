"""Webhooks: an organiser subscribes a URL to what happens at his club (or one event); each
happening becomes a delivery, written in the transaction that made it, signed, sent by the
background worker and tried again with growing waits; every attempt is logged, and the
organiser can send a delivery again. See docs/api.md (with a verification example).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from datetime import datetime, timedelta
from typing import Any

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.core.validators import URLValidator
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tasks import task

from tournaments.clubs.services.actors import Actor, account
from tournaments.integrations.outbound import Refused, checked_address, post
from tournaments.models import (
    Club,
    Event,
    Happening,
    WebhookAttempt,
    WebhookDelivery,
    WebhookSubscription,
)
from tournaments.models.signals import Data

# The waits before each new try after a failure: six more tries over about two hours, the
# first ones soon (a receiver restarting), the last ones spaced (a receiver down for a while).
BACKOFF = (
    timedelta(seconds=30),
    timedelta(minutes=2),
    timedelta(minutes=8),
    timedelta(minutes=20),
    timedelta(minutes=40),
    timedelta(minutes=60),
)
TRIES = len(BACKOFF) + 1
# A pending delivery this late has lost its task (a worker stopped mid-way): the next
# happening at any club sends it again.
OVERDUE = timedelta(minutes=2)
# Who listens to what, read on every happening without a query: kept this long in the cache,
# and forgotten at once in this process when a subscription changes.
LISTENING_KEY = "webhooks:listening"
LISTENING_FOR = 30
SIGNATURE_HEADER = "Ramiscore-Signature"


def subscribe(
    *,
    club: Club,
    url: str,
    happenings: list[str],
    user: Actor,
    event: Event | None = None,
) -> WebhookSubscription:
    """A new subscription with its own signing secret; ValidationError for an address the
    site may not send to, or nothing to hear of."""
    url = url.strip()
    problems = []
    try:
        URLValidator(schemes=["http", "https"])(url)
        checked_address(url)
    except ValidationError:
        problems.append(_("Give a web address that starts with https:// (or http://)."))
    except Refused:
        problems.append(
            _(
                "The site does not send to this address: it is a private or local one, or its "
                "name does not resolve. Use an address on the Internet."
            )
        )
    if not happenings or set(happenings) - set(Happening.values):
        problems.append(_("Choose what it hears of."))
    if event is not None and event.club_id != club.pk:
        problems.append(_("Choose an event of this club."))
    if problems:
        raise ValidationError(problems)
    with transaction.atomic():
        subscription = WebhookSubscription.objects.create(
            club=club,
            event=event,
            url=url,
            happenings=[each for each in Happening.values if each in happenings],
            secret=secrets.token_hex(32),
            created_by=account(user),
        )
        transaction.on_commit(forget_listening)
    return subscription


def set_active(*, subscription: WebhookSubscription, active: bool) -> WebhookSubscription:
    with transaction.atomic():
        WebhookSubscription.objects.filter(pk=subscription.pk).update(active=active)
        transaction.on_commit(forget_listening)
    subscription.active = active
    return subscription


def delete_subscription(*, subscription: WebhookSubscription) -> None:
    """The subscription and its log go: nothing more is sent to its address."""
    with transaction.atomic():
        subscription.delete()
        transaction.on_commit(forget_listening)


def listening() -> dict[int, set[str]]:
    """Club id → what its active subscriptions hear of: one query, then from the cache."""
    found: dict[int, set[str]] | None = cache.get(LISTENING_KEY)
    if found is None:
        found = {}
        rows = WebhookSubscription.objects.filter(active=True).values_list("club_id", "happenings")
        for club_id, happenings in rows:
            found.setdefault(club_id, set()).update(happenings)
        cache.set(LISTENING_KEY, found, LISTENING_FOR)
    return found


def forget_listening() -> None:
    cache.delete(LISTENING_KEY)


# An event never changes club: its club is looked up once per process.
_CLUBS: dict[int, int] = {}


def _club_of(event_id: int) -> int:
    if event_id not in _CLUBS:
        found = Event.objects.filter(pk=event_id).values_list("club_id", flat=True).first()
        if found is None:
            return 0
        _CLUBS[event_id] = found
    return _CLUBS[event_id]


def on_happening(
    sender: object,
    *,
    happening: str,
    event_id: int,
    data: Data,
    club_id: int | None = None,
    **kwargs: Any,
) -> None:
    """Listens to models.signals.happened: a delivery for each subscription that hears of it,
    in the transaction of the change; sent once it commits."""
    heard = listening()
    if not heard:
        return  # no webhook anywhere: not even a query
    if club_id is None:
        club_id = _club_of(event_id)
    if happening not in heard.get(club_id, ()):
        return
    subscriptions = WebhookSubscription.objects.filter(club_id=club_id, active=True)
    wanted = [
        each
        for each in subscriptions
        if happening in each.happenings and each.event_id in (None, event_id)
    ]
    if not wanted:
        return
    said = data()
    deliveries = []
    for subscription in wanted:
        delivery = WebhookDelivery(subscription=subscription, happening=happening, payload={})
        delivery.payload = _payload(delivery, event_id, said)
        deliveries.append(delivery)
    WebhookDelivery.objects.bulk_create(deliveries)
    ids = [str(delivery.pk) for delivery in deliveries]
    transaction.on_commit(lambda: _enqueue_now(ids))


def _payload(delivery: WebhookDelivery, event_id: int, data: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": str(delivery.pk),
        "type": delivery.happening,
        "created": delivery.created_at.isoformat(),
        "event_id": event_id,
        "data": data,
    }


def _enqueue_now(ids: list[str]) -> None:
    for delivery_id in ids:
        send_delivery.enqueue(delivery_id)
    _send_overdue(exclude=ids)


def _send_overdue(*, exclude: list[str]) -> None:
    """Deliveries whose task was lost (the worker stopped): sent again."""
    late = WebhookDelivery.objects.filter(
        state=WebhookDelivery.State.PENDING, next_attempt_at__lt=timezone.now() - OVERDUE
    ).exclude(pk__in=exclude)
    for delivery_id in late.values_list("pk", flat=True)[:50]:
        send_delivery.enqueue(str(delivery_id))


def resend(*, delivery: WebhookDelivery, user: Actor) -> None:
    """The organiser sends a delivery again now (given up or not): its next try is at once."""
    with transaction.atomic():
        delivery = WebhookDelivery.objects.select_for_update().get(pk=delivery.pk)
        delivery.state = WebhookDelivery.State.PENDING
        delivery.next_attempt_at = timezone.now()
        delivery.save(update_fields=["state", "next_attempt_at"])
        who = account(user)
        by = who.pk if who is not None else None
        transaction.on_commit(lambda: send_delivery.enqueue(str(delivery.pk), resent_by=by))


def signature(secret: str, body: bytes, timestamp: int) -> str:
    """The signature header's value: when it was signed, and the HMAC-SHA256 of
    "<timestamp>.<body>" with the subscription's secret (hex)."""
    signed = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={signed.hexdigest()}"


def body_of(delivery: WebhookDelivery) -> bytes:
    return json.dumps(
        delivery.payload, cls=DjangoJSONEncoder, ensure_ascii=False, separators=(",", ":")
    ).encode()


@task()
def send_delivery(delivery_id: str, resent_by: int | None = None) -> None:
    """One try at a delivery; on failure, the next one is planned (or the delivery given up).
    `resent_by`: the organiser who asked for this try (his id), noted in the log."""
    with transaction.atomic():
        delivery = (
            # Its own row only: locking its subscription's too made another worker skip every
            # other delivery of that subscription, as if it were being sent.
            WebhookDelivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("subscription")
            .filter(pk=delivery_id, state=WebhookDelivery.State.PENDING)
            .first()
        )
        if delivery is None:
            return  # delivered, given up, deleted, or another worker is at it
        subscription = delivery.subscription
        body = body_of(delivery)
        answer = post(
            subscription.url,
            body,
            {
                "Content-Type": "application/json",
                "User-Agent": "Ramiscore-Webhooks/1",
                "Ramiscore-Event": delivery.happening,
                "Ramiscore-Delivery": str(delivery.pk),
                SIGNATURE_HEADER: signature(subscription.secret, body, int(time.time())),
            },
        )
        WebhookAttempt.objects.create(
            delivery=delivery,
            status_code=answer.status,
            answer=answer.text,
            error=answer.error,
            duration_ms=answer.duration_ms,
            resent_by_id=resent_by,
        )
        delivery.attempts += 1
        now = timezone.now()
        if answer.ok:
            delivery.state = WebhookDelivery.State.DELIVERED
            delivery.delivered_at = now
        elif delivery.attempts >= TRIES:
            delivery.state = WebhookDelivery.State.FAILED
        else:
            wait = BACKOFF[min(delivery.attempts, TRIES) - 1]
            delivery.next_attempt_at = now + wait
        delivery.save(update_fields=["state", "attempts", "delivered_at", "next_attempt_at"])
        if delivery.state == WebhookDelivery.State.PENDING:
            retry_at = delivery.next_attempt_at
            transaction.on_commit(lambda: _enqueue_later(str(delivery.pk), retry_at))


def _enqueue_later(delivery_id: str, when: datetime) -> None:
    if send_delivery.get_backend().supports_defer:
        send_delivery.using(run_after=when).enqueue(delivery_id)
    # Else (the tests' immediate backend) the next happening's sweep sends it once it is due.
