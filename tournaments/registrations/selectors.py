"""Reads about registrations: a personal link, the door's list and search, the counts."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from tournaments.models import Event, Registration


def by_link(token: str) -> Registration | None:
    """The registration of a personal link (None if the link is unknown or renewed)."""
    if not token:
        return None
    found = Registration.objects.select_related("event__club", "player")
    return found.filter(token=token).first()


def waiting_rank(registration: Registration) -> int:
    """Where he stands on the waiting list (1: next to get a place)."""
    ahead = registration.event.registrations.waiting().filter(
        Q(queued_at__lt=registration.queued_at)
        | Q(queued_at=registration.queued_at, id__lt=registration.id)
    )
    return ahead.count() + 1


@dataclass(frozen=True)
class Counts:
    placed: int  # with a place, not withdrawn
    present: int  # checked in
    waiting: int
    pending: int


def counts(event_id: int) -> Counts:
    """How many have a place, are checked in, wait, await approval (one query)."""
    active = Registration.objects.filter(event_id=event_id, withdrawn=False)
    placed = Q(status=Registration.Status.PLACED)
    found = active.aggregate(
        placed=Count("id", filter=placed),
        present=Count("id", filter=placed & Q(checked_in=True)),
        waiting=Count("id", filter=Q(status=Registration.Status.WAITING)),
        pending=Count("id", filter=Q(status=Registration.Status.PENDING)),
    )
    return Counts(**found)


def find(event: Event, text: str) -> list[Registration]:
    """The event's registrations whose player's name holds `text` (the door's search)."""
    text = " ".join(text.split())
    if not text:
        return []
    found = event.registrations.select_related("player").order_by("player__name")
    return list(found.filter(player__name__icontains=text)[:20])


def door_list(event: Event) -> list[Registration]:
    """Everyone registered, not checked in first, then by name (one query)."""
    found = event.registrations.select_related("player").filter(withdrawn=False)
    return sorted(found, key=lambda r: (r.checked_in, r.player.name.casefold()))
