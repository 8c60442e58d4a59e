"""Reads about an event, shared by its public page, the organiser's page and the sheets, each
in a fixed number of queries whatever the number of players, rounds and tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from tournaments.models import Bye, Event, Game, Player, Registration, Round, Seat
from tournaments.play.selectors.games import games_with_seats
from tournaments.words.names import by_name


@dataclass(frozen=True)
class TableVersion:
    """A table of the current round, as far as its card needs to know whether it changed."""

    id: int
    version: int
    finished: bool


@dataclass
class EventOverview:
    event: Event
    rounds: list[Round]
    current_round: Round | None
    tables: list[TableVersion]  # the current round's, in table order


def event_overview(event_id: int) -> EventOverview:
    """An event, its rounds, and the current round's tables (their versions): three queries,
    whatever the number of tables."""
    event = Event.objects.select_related("club").get(pk=event_id)
    rounds = list(event.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    tables = []
    if current:
        rows = current.games.order_by("table_number").values_list("id", "version", "finished")
        tables = [TableVersion(*row) for row in rows]
    return EventOverview(event, rounds, current, tables)


def round_games(event_id: int, number: int) -> tuple[Round, list[Game]]:
    """A round with its event and club, and its games in table order with seats and players:
    three queries, whatever the number of tables. Round.DoesNotExist if there is none."""
    round_ = Round.objects.select_related("event__club").get(event_id=event_id, number=number)
    games = games_with_seats(round_.games.order_by("table_number"))
    for game in games:
        game.round = round_  # one round object for every table, not one copy each
        game.event = round_.event
    return round_, games


def event_seats(event: Event) -> list[Seat]:
    """Every seat of the event's games, with the player, the game and its round: one query."""
    return list(
        Seat.objects.filter(game__event=event)
        .select_related("player", "game__round", "game__winner")
        .order_by("game__round__number", "game__table_number", "position")
    )


@dataclass
class ManagedRound:
    """One round of an event as its organiser manages it: tables with seats, and byes."""

    round: Round
    games: list[Game]
    byes: list[Bye]

    @property
    def hands_entered(self) -> bool:
        return any(game.hands_played for game in self.games)


@dataclass
class PlayerRow:
    registration: Registration
    table: int | None  # his table in the latest round, if seated


@dataclass
class EventManagement:
    event: Event
    players: list[PlayerRow]
    member_names: list[str]  # the club's members, for the quick-add suggestions
    rounds: list[ManagedRound]  # the latest first

    @property
    def latest(self) -> ManagedRound | None:
        return self.rounds[0] if self.rounds else None


def event_management(event: Event) -> EventManagement:
    """What the organiser's event page shows: players, rounds, tables with seats; six queries
    whatever the number of players, rounds and tables."""
    rounds = list(event.rounds.order_by("-number"))
    # Through the event: each game knows it (its link's last day) without a query.
    games = games_with_seats(event.games.order_by("table_number"))
    byes = Bye.objects.filter(round__event=event).select_related("player")
    by_round = {round_.id: ManagedRound(round_, [], []) for round_ in rounds}
    for game in games:
        by_round[game.round_id].games.append(game)
    for bye in sorted(byes, key=lambda bye: by_name(bye.player.name)):
        by_round[bye.round_id].byes.append(bye)
    latest = by_round[rounds[0].id] if rounds else None
    table_of = {
        seat.player_id: game.table_number
        for game in (latest.games if latest else [])
        for seat in game.seats.all()
    }
    players, member_names = _players(event, table_of)
    return EventManagement(event, players, member_names, list(by_round.values()))


@dataclass
class EventPlayers:
    """The players part of the organiser's event page, refreshed alone when one is added."""

    event: Event
    players: list[PlayerRow]
    member_names: list[str]
    latest: Round | None


def event_players(event: Event) -> EventPlayers:
    """The event's players with their table in the latest round, and the club's members:
    four queries whatever the number of players."""
    latest = event.rounds.order_by("-number").first()
    seats = Seat.objects.filter(game__round=latest).values_list("player_id", "game__table_number")
    players, member_names = _players(event, dict(seats) if latest else {})
    return EventPlayers(event, players, member_names, latest)


def _players(event: Event, table_of: dict[int, int]) -> tuple[list[PlayerRow], list[str]]:
    """The registrations by name, each with its table (player id → table); the club's
    members."""
    # Sorted here, not in SQL: the database puts "Élodie" after "Gérard".
    registrations = sorted(
        event.registrations.select_related("player"), key=lambda r: by_name(r.player.name)
    )
    member_names = sorted(
        Player.objects.filter(club_id=event.club_id).values_list("name", flat=True), key=by_name
    )
    return [PlayerRow(r, table_of.get(r.player_id)) for r in registrations], member_names


def past_rounds_games(rounds: list[Round]) -> list[Game]:
    """The games of the given (earlier) rounds with their winners: one query, none if no round."""
    if not rounds:
        return []
    return list(
        Game.objects.filter(round__in=rounds)
        .select_related("round", "winner")
        .order_by("round__number", "table_number")
    )


def upcoming_events(today: date, limit: int = 12) -> list[Event]:
    """Today's and the next events of every club, soonest first, for players looking for
    theirs on the home page: one query."""
    events = Event.objects.filter(date__gte=today).select_related("club")
    return list(events.order_by("date", "name", "id")[:limit])
