"""Deleting an event: everything that happened at it goes, in one transaction, and the club's
ratings are worked out again without it (a season reads its nights at each reading, so it
follows at once; the federation's ranking, above, hears of it: models/signals.py). An
EventDeletion records who deleted it, when, and what went (the page that asks first offers
its archive for download: docs/archive.md)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from tournaments.clubs.services.actors import Actor, account
from tournaments.events.selectors.deletion import WhatGoes, what_goes
from tournaments.models import (
    Bye,
    ClockChange,
    Event,
    EventDeletion,
    FederationRating,
    Game,
    Hand,
    HandLine,
    PdfJob,
    RatingUpdate,
    Registration,
    Round,
    Seat,
    Standing,
)
from tournaments.models.signals import rewritten
from tournaments.play.services.locks import lock_rounds, lock_tables
from tournaments.ratings import services as ratings


def delete_event(*, event: Event, user: Actor = None, reason: str = "") -> EventDeletion:
    """Delete the event and all of it; the club's ratings recomputed from its date when its
    games were rated; the deletion recorded, with `user` and `reason`."""
    with transaction.atomic():
        # Its rounds, its tables, then itself (play/services/locks.py): a hand in flight is
        # stored (and deleted) first; none starts until the deletion is over.
        lock_rounds(Round.objects.filter(event_id=event.pk))
        lock_tables(Game.objects.filter(event_id=event.pk))
        event = Event.objects.select_for_update().select_related("club").get(pk=event.pk)
        goes = what_goes(event)
        record = _record(event, goes, user, reason)
        _remove(event)
        if goes.ratings_from is not None:
            ratings.recompute_ratings(club=event.club_id, since=goes.ratings_from)
        if event.counted:
            rewritten(club_id=event.club_id, since=event.date)
    return record


def _record(event: Event, goes: WhatGoes, user: Actor, reason: str) -> EventDeletion:
    return EventDeletion.objects.create(
        club=event.club,
        event_name=event.name,
        event_date=event.date,
        event_uuid=event.uuid,
        deleted_by=account(user),
        reason=reason,
        tables=goes.tables,
        hands=goes.hands,
        registrations=goes.registrations,
        rating_updates=goes.rating_updates,
        seasons=goes.seasons,
    )


def _remove(event: Event) -> None:
    """Every row of the event, each kind in one statement, children first. Not through
    Django's cascade: it would load every hand and line and write a history record for
    each, one insert apiece (seconds for a large event). Their history goes with them: the
    archive offered first keeps it, and the event's own history records its deletion."""
    # Ids, not subqueries: on tables whose statistics say empty, PostgreSQL may run a
    # subquery again for each row (see archive/selectors/history.py).
    games = list(Game.objects.filter(event=event).values_list("pk", flat=True))
    seats = list(Seat.objects.filter(game__event=event).values_list("pk", flat=True))
    for history in (
        HandLine.history.filter(seat_id__in=seats),
        Hand.history.filter(game_id__in=games),
        Game.history.filter(id__in=games),
        Round.history.filter(event_id=event.pk),
        Registration.history.filter(event_id=event.pk),
    ):
        _delete(history)
    for rows in (
        HandLine.objects.filter(seat_id__in=seats),
        Hand.objects.filter(game_id__in=games),
        RatingUpdate.objects.filter(game_id__in=games),
        FederationRating.objects.filter(game_id__in=games),
        Seat.objects.filter(game_id__in=games),
        Bye.objects.filter(round__event=event),
        ClockChange.objects.filter(round__event=event),
        Standing.objects.filter(event=event),
        PdfJob.objects.filter(event=event),
        Registration.objects.filter(event=event),
        Game.objects.filter(event=event),
        Round.objects.filter(event=event),
    ):
        _delete(rows)
    event.delete()  # what is left: its seasons' links, and its own history's last record


def _delete(rows: QuerySet[Any]) -> None:
    # Django's own one-statement delete, which sends no signal per row (its cascade uses it
    # for rows that have none).
    rows._raw_delete(rows.db)
