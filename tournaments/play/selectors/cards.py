"""What a table's card reads (the event page, the projector): lighter than games with their
seats and players, for pages of hundreds of tables; one query each."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from tournaments.models import Game, Seat


@dataclass(frozen=True)
class SeatLine:
    """A seat as a table's card shows it: lighter than a Seat with its Player, for pages of
    hundreds of tables."""

    id: int
    player_id: int
    name: str
    total: int
    rank: int | None
    prize: Decimal | None


# What a table's card reads of a game: the rest (its link's secret...) stays in the database.
CARD_FIELDS = (
    "id",
    "event_id",
    "round_id",
    "table_number",
    "variant",
    "options",
    "closed",
    "finished",
    "hands_played",
    "has_provisional_hands",
    "winner_id",
    "version",
)


def card_games(game_ids: list[int]) -> list[Game]:
    """These games as their cards read them (CARD_FIELDS), in table order: one query."""
    return list(Game.objects.filter(pk__in=game_ids).order_by("table_number").only(*CARD_FIELDS))


def seat_lines(game_ids: list[int]) -> dict[int, list[SeatLine]]:
    """These games' seats in order, as their cards show them: one query."""
    seats: dict[int, list[SeatLine]] = {game_id: [] for game_id in game_ids}
    rows = Seat.objects.filter(game_id__in=game_ids).order_by("game_id", "position")
    for game_id, seat_id, player_id, name, total, rank, prize in rows.values_list(
        "game_id", "id", "player_id", "player__name", "total", "rank", "prize"
    ):
        seats[game_id].append(SeatLine(seat_id, player_id, name, total, rank, prize))
    return seats
