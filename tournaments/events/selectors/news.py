"""What a webhook message says of an event's rounds (docs/api.md): plain JSON values, read
when a club listens (models.signals.tell calls these only then), two queries each."""

from __future__ import annotations

from typing import Any

from tournaments.models import Bye, Round
from tournaments.play.selectors.games import games_with_seats


def round_news(round_: Round) -> dict[str, Any]:
    """A round just seated: who sits at which table, and who sits out."""
    games = games_with_seats(round_.games.order_by("table_number"))
    byes = Bye.objects.filter(round=round_).select_related("player").order_by("player__name")
    return {
        "round": round_.number,
        "round_id": round_.pk,
        "tables": [
            {
                "table": game.table_number,
                "game_id": game.pk,
                "players": [seat.player.name for seat in game.seats.all()],
            }
            for game in games
        ],
        "byes": [bye.player.name for bye in byes],
    }
