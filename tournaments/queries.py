"""Reads that pages, score sheets and exports share, each in a fixed number of queries.

A page never walks relations in its template: it asks here for a plain structure built with
select_related / prefetch_related, whatever the number of tables or hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, QuerySet

from tournaments.models import Event, Game, Hand, HandLine, Round, Seat


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
