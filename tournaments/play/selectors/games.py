"""Reads about one game, shared by its public page, entry page, record sheet and export, each
in a fixed number of queries.

A page never walks relations in its template: it asks here for a plain structure built with
select_related / prefetch_related, whatever the number of tables or hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import F, Prefetch, QuerySet

from tournaments.models import Game, Hand, HandLine, Seat


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


# What a game's sheet reads with it. The views' guards read a game with these too, so that a
# page shows the game it was given rather than reading it again (`sheet_of`).
SHEET_RELATIONS = ("event__club", "round", "winner")


def game_sheet(game_id: int) -> GameSheet:
    """A game with its event, round, seats (players) and hands (lines): four queries."""
    return sheet_of(Game.objects.select_related(*SHEET_RELATIONS).get(pk=game_id))


def sheet_of(game: Game) -> GameSheet:
    """The sheet of a game already read with SHEET_RELATIONS (as a view's guard reads it):
    its seats (players) and hands (lines), three queries. A game read without them costs a
    query for each relation the page then follows."""
    seats = list(Seat.objects.filter(game=game).select_related("player").order_by("position"))
    hands = (
        Hand.objects.filter(game=game)
        .order_by("number")
        .select_related("entered_by", "confirmed_by")
        .prefetch_related(Prefetch("lines", queryset=HandLine.objects.all()))
    )
    by_id: dict[int | None, Seat] = {seat.id: seat for seat in seats}
    rows = []
    for hand in hands:
        # Who ended and who won the hand sit at this table: the seats already loaded.
        hand.ended_by = by_id.get(hand.ended_by_id)
        hand.winner = by_id.get(hand.winner_id)
        by_seat = {line.seat_id: line for line in hand.lines.all()}
        rows.append(HandRow(hand, [by_seat.get(seat.id) for seat in seats]))
    return GameSheet(game, seats, rows)


def games_with_seats(games: QuerySet[Game]) -> list[Game]:
    """Games with their seats and players prefetched (seat order): two queries in all."""
    seats = Seat.objects.select_related("player").order_by("position")
    return list(
        games.select_related("round", "winner").prefetch_related(Prefetch("seats", queryset=seats))
    )


def game_seats(game: Game) -> list[Seat]:
    """A game's seats with their players, in seat order: one query (hand entry POSTs)."""
    return list(Seat.objects.filter(game=game).select_related("player").order_by("position"))


def match_scores(games: list[Game]) -> dict[int, dict[int, int]]:
    """For gin-rummy matches (multi_game), the current game's scores: game id → seat id →
    the last hand's running total (they restart with each game). One query, none without."""
    matches = [g.pk for g in games if g.rules().plays_matches]
    if not matches:
        return {}
    lines = HandLine.objects.filter(
        hand__game_id__in=matches, hand__number=F("hand__game__hands_played")
    ).values_list("hand__game_id", "seat_id", "running_total")
    scores: dict[int, dict[int, int]] = {}
    for game_id, seat_id, total in lines:
        scores.setdefault(game_id, {})[seat_id] = total
    return scores
