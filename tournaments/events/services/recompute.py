"""Recompute an event: every game rescored from its facts, after a rules-engine fix."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from tournaments import rules
from tournaments.models import Event, Game
from tournaments.play.services.scoring import refresh_game


@dataclass(frozen=True)
class Recomputed:
    game: Game
    result: rules.GameResult


def recompute_event(event: Event) -> list[Recomputed]:
    """Rescore every game of the event in one transaction: all of them, or none on error."""
    done = []
    with transaction.atomic():
        games = event.games.select_for_update(of=("self",)).order_by(
            "round__number", "table_number"
        )
        for game in games.select_related("round", "event"):
            done.append(Recomputed(game, refresh_game(game)))
    return done
