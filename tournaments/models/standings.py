"""Each player's running record in an event, derived from its finished games and byes."""

from __future__ import annotations

from django.db import models

from .clubs import Player
from .events import Event


class Standing(models.Model):
    """What one player has done in an event so far: sums over his finished games and byes,
    and the sum of his opponents' points (Buchholz). Derived rows, never typed in:
    `standings/services.py` rewrites them in the transaction that changes a result, so that
    the standings are one query whatever the number of players and rounds."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    points = models.DecimalField(max_digits=10, decimal_places=2, default=0)  # byes included
    score = models.BigIntegerField(default=0)  # the sum of his game totals
    # Own total minus the opponents' average, summed over games: thirds and quarters, kept
    # to 4 places (two different sums differ by at least 1/420, so ties stay ties).
    score_difference = models.DecimalField(max_digits=16, decimal_places=4, default=0)
    wins = models.PositiveIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    byes = models.PositiveIntegerField(default=0)
    # His opponents' points, one entry per opponent per game (Buchholz).
    opponents_points = models.DecimalField(max_digits=12, decimal_places=2, default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_standing_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.event_id}"
