"""What a webhook message says of a table (docs/api.md): plain JSON values, read when a club
listens (models.signals.tell calls these only then), one or two queries each."""

from __future__ import annotations

from typing import Any

from tournaments.models import Game, Hand, HandLine, Seat


def _table(game: Game) -> dict[str, Any]:
    return {"game_id": game.pk, "table": game.table_number, "round_id": game.round_id}


def hand_news(hand: Hand) -> dict[str, Any]:
    """A hand that counts: how it ended, and each player's points and total after it."""
    lines = HandLine.objects.filter(hand=hand).select_related("seat__player")
    game = hand.game
    ended_by = (
        Seat.objects.filter(id=hand.ended_by_id).values_list("player__name", flat=True)
        if hand.ended_by_id is not None
        else Seat.objects.none().values_list("player__name", flat=True)
    )
    return {
        **_table(game),
        "hand": hand.number,
        "how": hand.how,
        "ended_by": next(iter(ended_by), None),
        "players": [
            {
                "name": line.seat.player.name,
                "points": line.points,
                "total": line.running_total,
            }
            for line in sorted(lines, key=lambda line: line.seat.position)
        ],
    }


def game_news(game: Game) -> dict[str, Any]:
    """A finished game: its winner and every seat's total, rank and prize."""
    seats = Seat.objects.filter(game=game).select_related("player").order_by("position")
    return {
        **_table(game),
        "winner": game.winner.name if game.winner_id and game.winner else None,
        "players": [
            {
                "name": seat.player.name,
                "total": seat.total,
                "rank": seat.rank,
                "prize": None if seat.prize is None else str(seat.prize),
            }
            for seat in seats
        ],
    }
