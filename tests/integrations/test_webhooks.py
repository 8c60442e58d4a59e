"""Webhooks: what happens at a club becomes signed deliveries, written in the transaction of
the change, tried again with growing waits, logged, and sent again on request; never to the
site's own network unless its owner allows it."""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.factories import EventFactory, PlayerFactory, make_game, play
from tournaments.events.services.rounds import close_round, open_round
from tournaments.integrations import outbound
from tournaments.integrations.services import webhooks
from tournaments.models import (
    Happening,
    Registration,
    WebhookAttempt,
    WebhookDelivery,
    WebhookSubscription,
)
from tournaments.play.services.entry import confirm_hand

pytestmark = pytest.mark.django_db
ALL = list(Happening.values)


def subscribe(club, url, organiser, happenings=ALL, event=None):
    return webhooks.subscribe(
        club=club, url=url, happenings=happenings, user=organiser, event=event
    )


def verify(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """What docs/api.md tells a receiver to do."""
    parts = dict(item.split("=", 1) for item in headers["Ramiscore-Signature"].split(","))
    signed = f"{parts['t']}.".encode() + body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts["v1"])


def test_a_hand_that_counts_is_delivered_signed(
    club, game, organiser, receiver, django_capture_on_commit_callbacks
):
    subscription = subscribe(club, receiver.url, organiser, ["hand.confirmed"])
    with django_capture_on_commit_callbacks(execute=True):
        play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    ((headers, body),) = receiver.received
    assert headers["Ramiscore-Event"] == "hand.confirmed"
    assert verify(subscription.secret, headers, body)
    assert not verify("another secret", headers, body)
    (message,) = receiver.bodies()
    assert message["type"] == "hand.confirmed"
    assert message["event_id"] == game.event_id
    assert message["data"]["hand"] == 1
    assert message["data"]["table"] == 1
    assert [p["name"] for p in message["data"]["players"]] == ["Anne", "Bruno", "Chloé"]
    assert [p["points"] for p in message["data"]["players"]] == [0, 10, 20]
    delivery = WebhookDelivery.objects.get()
    assert delivery.state == WebhookDelivery.State.DELIVERED
    assert str(delivery.pk) == message["id"] == headers["Ramiscore-Delivery"]
    (attempt,) = WebhookAttempt.objects.all()
    assert (attempt.status_code, attempt.answer) == (200, "thanks")


def test_a_provisional_hand_is_told_when_it_is_confirmed(
    club, hands_confirmed, organiser, receiver, django_capture_on_commit_callbacks
):
    game = make_game(hands_confirmed)
    subscribe(club, receiver.url, organiser, ["hand.confirmed"])
    with django_capture_on_commit_callbacks(execute=True):
        hand = play(game, "going_out", "Anne", device="phone-1", Bruno=10, Chloé=20)
    assert receiver.received == []
    with django_capture_on_commit_callbacks(execute=True):
        confirm_hand(hand=hand, user=organiser)
    assert [body["data"]["hand"] for body in receiver.bodies()] == [1]


def test_a_seated_round_a_finished_game_and_the_event_s_end_are_told(
    club, event, organiser, receiver, django_capture_on_commit_callbacks
):
    event.options = {"target": 10}
    event.save()
    for name in ("Anne", "Bruno", "Chloé"):
        Registration.objects.create(
            event=event, player=PlayerFactory(club=club, name=name), checked_in=True
        )
    subscribe(club, receiver.url, organiser)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = open_round(event=event)
    seated = receiver.bodies()[-1]
    assert seated["type"] == "round.seated"
    assert sorted(seated["data"]["tables"][0]["players"]) == ["Anne", "Bruno", "Chloé"]
    game = round_.games.get()
    first, second, third = (seat.player.name for seat in game.seats.order_by("position"))
    with django_capture_on_commit_callbacks(execute=True):
        play(game, "going_out", first, **{second: 6, third: 12})
    kinds = [body["type"] for body in receiver.bodies()]
    assert "game.finished" in kinds and "standings.changed" in kinds
    finished = next(body for body in receiver.bodies() if body["type"] == "game.finished")
    assert finished["data"]["winner"] == first
    with django_capture_on_commit_callbacks(execute=True):
        close_round(round_=round_)
    assert receiver.bodies()[-1]["type"] == "event.finished"


def test_a_subscription_hears_only_what_it_chose_and_only_its_event(
    club, game, organiser, receiver, django_capture_on_commit_callbacks
):
    other_event = EventFactory(club=club)
    subscribe(club, receiver.url, organiser, ["hand.confirmed"], event=other_event)
    subscribe(club, receiver.url, organiser, ["round.seated"])
    with django_capture_on_commit_callbacks(execute=True):
        play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    assert receiver.received == []
    assert not WebhookDelivery.objects.exists()


def test_a_hand_costs_no_query_more_when_no_club_listens(game):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.models.signals import happened

    play(game, "going_out", "Anne", Bruno=10, Chloé=20)  # who listens is now in the cache
    with CaptureQueriesContext(connection) as heard:
        play(game, "going_out", "Bruno", Anne=1, Chloé=2)
    happened.disconnect(dispatch_uid="webhooks")
    try:
        with CaptureQueriesContext(connection) as unheard:
            play(game, "going_out", "Chloé", Anne=1, Bruno=2)
    finally:
        happened.connect(webhooks.on_happening, dispatch_uid="webhooks")
    assert len(heard) == len(unheard)
    assert not WebhookDelivery.objects.exists()


def test_a_delivery_is_written_in_the_transaction_of_the_change(club, game, organiser, receiver):
    subscribe(club, receiver.url, organiser, ["hand.confirmed"])
    webhooks.forget_listening()
    with pytest.raises(RuntimeError), django_transaction_that_fails():
        play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    assert not WebhookDelivery.objects.exists()


class django_transaction_that_fails:  # noqa: N801 (a context manager read as a phrase)
    def __enter__(self):
        from django.db import transaction

        self.atomic = transaction.atomic()
        self.atomic.__enter__()

    def __exit__(self, *exc):
        self.atomic.__exit__(RuntimeError, RuntimeError("boom"), None)
        raise RuntimeError("the change failed after the hand")


def test_a_failing_receiver_is_tried_again_with_growing_waits_then_given_up(
    club, game, organiser, receiver, django_capture_on_commit_callbacks
):
    receiver.answers = [500] * 10
    subscribe(club, receiver.url, organiser, ["hand.confirmed"])
    with django_capture_on_commit_callbacks(execute=True):
        play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    delivery = WebhookDelivery.objects.get()
    waits = []
    for _try in range(webhooks.TRIES - 1):
        assert delivery.state == WebhookDelivery.State.PENDING
        waits.append(delivery.next_attempt_at - timezone.now())
        with django_capture_on_commit_callbacks(execute=True):
            webhooks.send_delivery.call(str(delivery.pk))
        delivery.refresh_from_db()
    assert delivery.state == WebhookDelivery.State.FAILED
    assert delivery.attempts == webhooks.TRIES >= 6
    assert sum(webhooks.BACKOFF, timedelta()) >= timedelta(hours=1)
    assert [w.total_seconds() for w in waits] == sorted(w.total_seconds() for w in waits)
    attempts = WebhookAttempt.objects.filter(delivery=delivery)
    assert [a.status_code for a in attempts] == [500] * webhooks.TRIES
    assert attempts.first().answer == "not now"


def test_an_organiser_sends_a_given_up_delivery_again(
    club, game, organiser, receiver, django_capture_on_commit_callbacks
):
    receiver.answers = [503]
    subscribe(club, receiver.url, organiser, ["hand.confirmed"])
    with django_capture_on_commit_callbacks(execute=True):
        play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    delivery = WebhookDelivery.objects.get()
    WebhookDelivery.objects.filter(pk=delivery.pk).update(state=WebhookDelivery.State.FAILED)
    with django_capture_on_commit_callbacks(execute=True):
        webhooks.resend(delivery=delivery, user=organiser)
    delivery.refresh_from_db()
    assert delivery.state == WebhookDelivery.State.DELIVERED
    last = WebhookAttempt.objects.filter(delivery=delivery).last()
    assert (last.status_code, last.resent_by) == (200, organiser)
    assert len(receiver.received) == 2


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/hook",
        "http://localhost/hook",
        "http://10.0.0.7/hook",
        "http://192.168.1.20/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "ftp://example.org/hook",
        "not an address",
    ],
)
def test_a_webhook_never_points_into_the_site_s_network(club, organiser, url):
    with pytest.raises(ValidationError):
        subscribe(club, url, organiser)
    assert not WebhookSubscription.objects.exists()


def test_a_name_that_turns_private_after_subscribing_is_not_sent_to(
    club, game, organiser, settings, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(
        outbound.socket, "getaddrinfo", lambda *a, **k: [(2, 1, 6, "", ("93.184.215.14", 80))]
    )
    subscribe(club, "http://hooks.example.org/in", organiser, ["hand.confirmed"])
    # The name now answers with a loopback address (DNS rebinding): refused, and logged.
    monkeypatch.setattr(
        outbound.socket, "getaddrinfo", lambda *a, **k: [(2, 1, 6, "", ("127.0.0.1", 80))]
    )
    with django_capture_on_commit_callbacks(execute=True):
        play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    attempt = WebhookAttempt.objects.get()
    assert attempt.status_code is None
    assert "private or local address" in attempt.error
    assert WebhookDelivery.objects.get().state == WebhookDelivery.State.PENDING


def test_a_delivery_whose_task_was_lost_is_sent_by_the_next_happening(
    club, game, organiser, receiver, django_capture_on_commit_callbacks
):
    subscribe(club, receiver.url, organiser, ["hand.confirmed"])
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)  # committed, but its task never ran
    lost = WebhookDelivery.objects.get()
    WebhookDelivery.objects.filter(pk=lost.pk).update(
        next_attempt_at=timezone.now() - webhooks.OVERDUE * 2
    )
    with django_capture_on_commit_callbacks(execute=True):
        play(game, "going_out", "Bruno", Anne=3, Chloé=4)
    lost.refresh_from_db()
    assert lost.state == WebhookDelivery.State.DELIVERED
    assert len(receiver.received) == 2
