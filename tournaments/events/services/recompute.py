"""Recompute an event: every game rescored from its facts, after a rules-engine fix."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from tournaments import rules
from tournaments.models import Event, Game
from tournaments.play.services.locks import lock_tables
from tournaments.play.services.scoring import refresh_game


@dataclass(frozen=True)
class Recomputed:
    game: Game
    result: rules.GameResult


def recompute_event(event: Event) -> list[Recomputed]:
    """Rescore every game of the event in one transaction: all of them, or none on error."""
    done = []
    with transaction.atomic():
        lock_tables(event.games.all())  # all of them first (play/services/locks.py)
        games = event.games.order_by("round__number", "table_number")
        for game in games.select_related("round", "event"):
            done.append(Recomputed(game, refresh_game(game)))
    return done
