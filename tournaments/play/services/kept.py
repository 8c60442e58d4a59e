"""Hands kept on a phone that the table had moved past (docs/offline.md): set aside when the
server refuses them, then sent as the next hand or discarded by the player. Each step is
recorded, under the game's lock; a set-aside hand never counts until the player sends it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments.clubs.services.actors import Actor, account
from tournaments.models import Game, Hand, Seat, SetAsideHand
from tournaments.play.facts import HandFacts
from tournaments.play.services import versions
from tournaments.play.services.entry import record_hand
from tournaments.play.services.locks import lock_table

SENT, DISCARDED = SetAsideHand.Decision.SENT, SetAsideHand.Decision.DISCARDED


class AlreadyStored(Exception):
    """The entry a phone would discard is a stored hand (its answer was lost): nothing to
    discard, the phone forgets it as saved."""

    def __init__(self, hand: Hand):
        self.hand = hand
        super().__init__(f"hand {hand.number} is stored")


def set_aside_hand(
    *,
    game: Game,
    key: str,
    number: int,
    typed: dict[str, Any],
    user: Actor = None,
    device: str = "",
) -> SetAsideHand:
    """Record a kept hand the server refused (its number taken, or its base gone): once per
    entry, however often the phone sends it."""
    with transaction.atomic():
        record, created = SetAsideHand.objects.get_or_create(
            game=game,
            idempotency_key=key,
            defaults=_typed_by(number, typed, user, device),
        )
        if created:
            versions.game_changed(game)  # the table's history shows it
    return record


def send_set_aside_hand(
    *,
    game: Game,
    number: int,
    facts: HandFacts,
    key: str,
    after: str,
    typed_as: int,
    typed: dict[str, Any],
    user: Actor = None,
    device: str = "",
    entered_by_seat: Seat | None = None,
) -> Hand:
    """The player sends a set-aside hand as the next hand: stored as any hand is (its entry
    id, its new base), and its record says so, in one transaction."""
    with transaction.atomic():
        hand = record_hand(
            game=game,
            number=number,
            facts=facts,
            user=user,
            device=device,
            entered_by_seat=entered_by_seat,
            idempotency_key=key,
            after=after,
        )
        record, _created = SetAsideHand.objects.get_or_create(
            game=game, idempotency_key=key, defaults=_typed_by(typed_as, typed, user, device)
        )
        if record.decision != SENT:
            record.decision, record.decided_at = SENT, timezone.now()
            record.sent_as = hand.number
            record.save()
    return hand


def discard_kept_hand(
    *,
    game: Game,
    key: str,
    number: int,
    typed: dict[str, Any],
    user: Actor = None,
    device: str = "",
) -> SetAsideHand:
    """The player discards a kept hand: recorded with what was typed, whether the server had
    set it aside already or the phone saw first that the table had moved on. AlreadyStored
    if the entry is a stored hand; a decision made already stands."""
    with transaction.atomic():
        # Under the game's lock: the same entry cannot be stored and discarded at once.
        game = lock_table(game.pk)
        stored = game.hands.filter(idempotency_key=key).first()
        if stored is not None:
            raise AlreadyStored(stored)
        record, _created = SetAsideHand.objects.get_or_create(
            game=game, idempotency_key=key, defaults=_typed_by(number, typed, user, device)
        )
        if record.decision == SetAsideHand.Decision.WAITING:
            record.decision, record.decided_at = DISCARDED, timezone.now()
            record.save()
            versions.game_changed(game)
    return record


def _typed_by(number: int, typed: dict[str, Any], user: Actor, device: str) -> dict[str, Any]:
    return {"number": number, "typed": typed, "entered_by": account(user), "entered_from": device}
