"""Reads that pages, score sheets and exports share, each in a fixed number of queries.

A page never walks relations in its template: it asks here for a plain structure built with
select_related / prefetch_related, whatever the number of tables or hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db.models import F, Prefetch, QuerySet

from tournaments.models import Bye, Event, Game, Hand, HandLine, Player, Registration, Round, Seat
from tournaments.tournament_queries import folded


@dataclass
class HandRow:
    """One hand of a game as a score sheet shows it: one cell per seat, in seat order."""

    hand: Hand
    lines: list[HandLine | None]  # by seat position; None where no line exists

    @property
    def number(self) -> int:
        return self.hand.number


@dataclass
class GameSheet:
    """Everything a table's page, entry page, record sheet or export needs about one game."""

    game: Game
    seats: list[Seat]
    rows: list[HandRow] = field(default_factory=list)

    @property
    def players(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    def running_totals(self) -> list[dict[str, int]]:
        """Totals after each hand, by player name (for charts)."""
        names = self.players
        return [
            {
                name: (line.running_total if line else 0)
                for name, line in zip(names, row.lines, strict=True)
            }
            for row in self.rows
        ]


def game_sheet(game_id: int) -> GameSheet:
    """A game with its event, round, seats (players) and hands (lines): four queries."""
    game = Game.objects.select_related("event__club", "round", "winner").get(pk=game_id)
    seats = list(Seat.objects.filter(game=game).select_related("player").order_by("position"))
    hands = (
        Hand.objects.filter(game=game)
        .order_by("number")
        .select_related("ended_by__player", "winner__player", "entered_by", "confirmed_by")
    )
    hands = hands.prefetch_related(Prefetch("lines", queryset=HandLine.objects.all()))
    rows = []
    for hand in hands:
        by_seat = {line.seat_id: line for line in hand.lines.all()}
        rows.append(HandRow(hand, [by_seat.get(seat.id) for seat in seats]))
    return GameSheet(game, seats, rows)


def games_with_seats(games: QuerySet[Game]) -> list[Game]:
    """Games with their seats and players prefetched (seat order): two queries in all."""
    seats = Seat.objects.select_related("player").order_by("position")
    return list(
        games.select_related("round", "winner").prefetch_related(Prefetch("seats", queryset=seats))
    )


@dataclass
class EventOverview:
    event: Event
    rounds: list[Round]
    current_round: Round | None
    games: list[Game]  # the current round's, with seats


def event_overview(event_id: int) -> EventOverview:
    """An event, its rounds, and the current round's games with seats: four queries."""
    event = Event.objects.select_related("club").get(pk=event_id)
    rounds = list(event.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    games = games_with_seats(current.games.order_by("table_number")) if current else []
    return EventOverview(event, rounds, current, games)


def game_seats(game: Game) -> list[Seat]:
    """A game's seats with their players, in seat order: one query (hand entry POSTs)."""
    return list(Seat.objects.filter(game=game).select_related("player").order_by("position"))


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


def hand_changes(game: Game) -> list:
    """The history of the game's hands (entered, corrected, confirmed, deleted) with who did
    it, oldest first: one query."""
    return list(
        Hand.history.filter(game_id=game.pk)
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )


@dataclass
class RoundTables:
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
    rounds: list[RoundTables]  # the latest first

    @property
    def latest(self) -> RoundTables | None:
        return self.rounds[0] if self.rounds else None


def by_name(name: str) -> tuple[str, str]:
    """Sort key for players' names as a club reads a list: case and accents aside, so
    "Élodie" comes between "Anne" and "Gérard"."""
    return folded(name), name


def event_management(event: Event) -> EventManagement:
    """What the organiser's event page shows: players, rounds, tables with seats; six queries
    whatever the number of players, rounds and tables."""
    # Sorted here, not in SQL: the database puts "Élodie" after "Gérard".
    registrations = sorted(
        event.registrations.select_related("player"), key=lambda r: by_name(r.player.name)
    )
    member_names = sorted(
        Player.objects.filter(club_id=event.club_id).values_list("name", flat=True), key=by_name
    )
    rounds = list(event.rounds.order_by("-number"))
    games = games_with_seats(Game.objects.filter(event=event).order_by("table_number"))
    byes = Bye.objects.filter(round__event=event).select_related("player")
    by_round = {round_.id: RoundTables(round_, [], []) for round_ in rounds}
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
    players = [PlayerRow(r, table_of.get(r.player_id)) for r in registrations]
    return EventManagement(event, players, member_names, list(by_round.values()))


def past_rounds_games(rounds: list[Round]) -> list[Game]:
    """The games of the given (earlier) rounds with their winners: one query, none if no round."""
    if not rounds:
        return []
    return list(
        Game.objects.filter(round__in=rounds)
        .select_related("round", "winner")
        .order_by("round__number", "table_number")
    )


def match_scores(games: list[Game]) -> dict[int, dict[int, int]]:
    """For gin-rummy matches (multi_game), the current game's scores: game id → seat id →
    the last hand's running total (they restart with each game). One query, none without."""
    matches = [g.pk for g in games if getattr(g.rules(), "mode", None) == "multi_game"]
    if not matches:
        return {}
    lines = HandLine.objects.filter(
        hand__game_id__in=matches, hand__number=F("hand__game__hands_played")
    ).values_list("hand__game_id", "seat_id", "running_total")
    scores: dict[int, dict[int, int]] = {}
    for game_id, seat_id, total in lines:
        scores.setdefault(game_id, {})[seat_id] = total
    return scores


def upcoming_events(today: date, limit: int = 12) -> list[Event]:
    """Today's and the next events of every club, soonest first, for players looking for
    theirs on the home page: one query."""
    events = Event.objects.filter(date__gte=today).select_related("club")
    return list(events.order_by("date", "name", "id")[:limit])
