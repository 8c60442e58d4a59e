"""Reads for the tournament pages: a player's games round by round, and every round with its
games; each in a fixed number of queries whatever the number of players, rounds and hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias, TypedDict

from django.db.models import Prefetch

from tournaments.models import Bye, Event, Game, Player, Registration, Round, Seat
from tournaments.ranking import StandingRow
from tournaments.standings.selectors import event_standings

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class SeatsInOrder(TypedDict):
    """What rounds_with_games prefetches on each game: its seats in seat order."""

    seats_in_order: list[Seat]


# A game as rounds_with_games reads it (django-stubs types the prefetched attribute).
GameWithSeats: TypeAlias = "WithAnnotations[Game, SeatsInOrder]"


@dataclass
class PlayerRound:
    """What one player did in one round: a game (his seat, the others), a bye, or nothing."""

    round: Round
    game: Game | None = None
    seat: Seat | None = None
    others: list[Seat] = field(default_factory=list)
    bye: Bye | None = None

    @property
    def table_size(self) -> int:
        return len(self.others) + 1 if self.seat else 0


@dataclass
class PlayerTournament:
    event: Event
    player: Player
    standing: StandingRow | None
    players_ranked: int
    rounds: list[PlayerRound]
    tied: bool = False  # shares his place
    withdrawn: bool = False


def player_tournament(event: Event, player: Player) -> PlayerTournament | None:
    """A player's games round by round with his place: nine queries; None if he neither
    registered nor played in the event."""
    seats = list(
        Seat.objects.filter(player=player, game__event=event).select_related("game__round")
    )
    registration = Registration.objects.filter(event=event, player=player).first()
    if registration is None and not seats:
        return None
    others = Seat.objects.filter(game__in=[seat.game_id for seat in seats]).exclude(player=player)
    by_game: dict[int, list[Seat]] = {}
    for other in others.select_related("player").order_by("position"):
        by_game.setdefault(other.game_id, []).append(other)
    byes = {bye.round_id: bye for bye in Bye.objects.filter(player=player, round__event=event)}
    by_round = {seat.game.round_id: seat for seat in seats}
    rounds = []
    for round_ in event.rounds.order_by("number"):
        seat = by_round.get(round_.id)
        rounds.append(
            PlayerRound(
                round=round_,
                game=seat.game if seat else None,
                seat=seat,
                others=by_game.get(seat.game_id, []) if seat else [],
                bye=byes.get(round_.id),
            )
        )
    rows = event_standings(event)
    standing = next((row for row in rows if row.record.player_id == player.id), None)
    tied = standing is not None and sum(row.place == standing.place for row in rows) > 1
    withdrawn = registration is not None and registration.withdrawn
    return PlayerTournament(event, player, standing, len(rows), rounds, tied, withdrawn)


# Rounds and their games ---------------------------------------------------------------------


@dataclass
class TournamentRound:
    round: Round
    games: list[GameWithSeats]  # and .winners (empty while in play)


def rounds_with_games(event: Event) -> list[TournamentRound]:
    """Every round with its tables, seats and players, newest first: three queries."""
    rounds = list(event.rounds.order_by("-number"))
    seats = Seat.objects.select_related("player").order_by("position")
    games = (
        Game.objects.filter(event=event)
        .select_related("winner")
        .prefetch_related(Prefetch("seats", queryset=seats, to_attr="seats_in_order"))
        .order_by("table_number")
    )
    by_round: dict[int, list[GameWithSeats]] = {}
    for game in games:
        game.winners = [s for s in game.seats_in_order if game.finished and s.rank == 1]
        by_round.setdefault(game.round_id, []).append(game)
    return [TournamentRound(round_, by_round.get(round_.id, [])) for round_ in rounds]
