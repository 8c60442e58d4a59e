"""A tournament for the prize tests, played through the services: its players at tables in the
order given (each table's first wins), so that with one table the standings are that order,
one point apart. Players are the club's members of those names, reused from event to event."""

from __future__ import annotations

from decimal import Decimal

from django.utils import timezone

from tests.views.tournament_data import seat_tables, tournament
from tournaments.models import Event, Player, Registration, Round


def played(
    names: list[str], club=None, table_size: int = 8, **fields
) -> tuple[Event, dict[str, Player]]:
    """A finished tournament (10.00 a head, 10 % to the club, places 50/30/20 unless `fields`
    say otherwise) whose players, checked in, finished in the order of `names`."""
    fields.setdefault("club_share", Decimal(10))
    fields.setdefault("points_scale", list(range(min(len(names), table_size) - 1, -1, -1)))
    if club is not None:
        fields["club"] = club
    event = tournament(**fields)
    people = {name: Player.objects.get_or_create(club=event.club, name=name)[0] for name in names}
    Registration.objects.bulk_create(
        Registration(event=event, player=player, checked_in=True) for player in people.values()
    )
    round_ = Round.objects.create(event=event, number=1, closed_at=timezone.now())
    players = list(people.values())
    tables = [players[i : i + table_size] for i in range(0, len(players), table_size)]
    seat_tables(event, round_, tables)
    return event, people
