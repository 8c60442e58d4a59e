"""Reads for a federation: its clubs' events, an event's results by licence (what the
federation's own records take, docs/federation.md), and one person's events in every club."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet

from tournaments.models import Event, Federation, Person, Player, Seat
from tournaments.standings.selectors import event_standings


@dataclass(frozen=True)
class ResultRow:
    """One player's result at an event, by licence: a tournament's final place, or a club
    night's place at his table."""

    licence: str
    name: str
    club: str
    place: int | None
    table: int | None  # a club night's table; None for a tournament
    points: Decimal  # tournament points (a club night: the table's total)
    games: int
    wins: int
    prize: Decimal | None


RESULT_COLUMNS = ("licence", "name", "club", "place", "table", "points", "games", "wins", "prize")


def federation_events(federation: Federation) -> QuerySet[Event]:
    """Every event of the federation's clubs, newest first."""
    return (
        Event.objects.filter(club__federation=federation)
        .select_related("club")
        .order_by("-date", "-id")
    )


def results_by_licence(event: Event) -> list[ResultRow]:
    """The event's results with each player's licence ("" when he has none): a few queries
    whatever the number of players (the standings' seven, and one for the licences)."""
    club = event.club.name
    if event.is_tournament:
        rows = event_standings(event)
        licences = _licences([row.record.player_id for row in rows])
        return [
            ResultRow(
                licence=licences.get(row.record.player_id, ""),
                name=row.record.name,
                club=club,
                place=row.place,
                table=None,
                points=row.record.points,
                games=row.record.games,
                wins=row.record.wins,
                prize=row.prize,
            )
            for row in rows
        ]
    seats = (
        Seat.objects.filter(game__event=event)
        .select_related("player__person", "game")
        .order_by("game__round__number", "game__table_number", "rank", "position")
    )
    return [
        ResultRow(
            licence=seat.player.person.licence if seat.player.person else "",
            name=seat.player.name,
            club=club,
            place=seat.rank,
            table=seat.game.table_number,
            points=Decimal(seat.total),
            games=1,
            wins=1 if seat.rank == 1 and seat.game.finished else 0,
            prize=seat.prize,
        )
        for seat in seats
    ]


def _licences(player_ids: list[int]) -> dict[int, str]:
    rows = Player.objects.filter(pk__in=player_ids, person__isnull=False).values_list(
        "pk", "person__licence"
    )
    return dict(rows)


@dataclass(frozen=True)
class PersonPlayer:
    player: Player
    events: list[Event]


def person_players(person: Person) -> list[PersonPlayer]:
    """His players, one per club, each with the events he played there (newest first):
    two queries."""
    players = list(person.players.select_related("club").order_by("club__name"))
    seated = (
        Seat.objects.filter(player__in=players)
        .select_related("game__event__club")
        .order_by("-game__event__date", "-game__event_id")
    )
    events: dict[int, dict[int, Event]] = {player.pk: {} for player in players}
    for seat in seated:
        events[seat.player_id].setdefault(seat.game.event_id, seat.game.event)
    return [PersonPlayer(player, list(events[player.pk].values())) for player in players]
