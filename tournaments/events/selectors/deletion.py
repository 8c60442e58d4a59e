"""What deleting an event takes with it, as its confirmation page says it and its record keeps
it: tables, hands, rounds, registrations, the seasons it counts in and its rating changes.
Six queries whatever the size of the event."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count

from tournaments.models import Event, Game, Hand, RatingUpdate, Registration, Round, Season


@dataclass(frozen=True)
class WhatGoes:
    tables: int
    hands: int
    rounds: int
    registrations: int
    seasons: list[str]  # the names of the seasons that count it
    rating_updates: int  # its games' rating changes
    rated_players: int
    ratings_from: datetime.date | None  # the club's ratings are worked out again from then

    @property
    def nothing_rated(self) -> bool:
        return not self.rating_updates


def what_goes(event: Event) -> WhatGoes:
    """What goes with the event if it is deleted."""
    rated = RatingUpdate.objects.filter(game__event=event).aggregate(
        updates=Count("id"), players=Count("player", distinct=True)
    )
    return WhatGoes(
        tables=Game.objects.filter(event=event).count(),
        hands=Hand.objects.filter(game__event=event).count(),
        rounds=Round.objects.filter(event=event).count(),
        registrations=Registration.objects.filter(event=event).count(),
        seasons=counting_seasons(event),
        rating_updates=rated["updates"],
        rated_players=rated["players"],
        ratings_from=event.date if rated["updates"] else None,
    )


def counting_seasons(event: Event) -> list[str]:
    """The names of the club's seasons that count the event (selectors/seasons.py's rule:
    those that chose it, and those of its dates that chose none): two queries."""
    if not event.counted:
        return []
    chosen = list(event.seasons.order_by("starts_on", "name").values_list("name", flat=True))
    by_dates = (
        Season.objects.filter(
            club_id=event.club_id, starts_on__lte=event.date, ends_on__gte=event.date
        )
        .annotate(chosen=Count("events"))
        .filter(chosen=0)
        .order_by("starts_on", "name")
        .values_list("name", flat=True)
    )
    return chosen + list(by_dates)
