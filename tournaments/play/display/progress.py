"""How far a game has gone towards its end, as percentages for progress bars.

Pure (no database). A game ends when a total reaches the target, or after the agreed number of
deals (rules.md §1), so there are two kinds of bar: one per player towards the target, and one
for the whole game towards the number of deals. Rummy without a target has neither.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.rules.variants import Variant


@dataclass(frozen=True)
class Bar:
    """One progress bar: `value` out of `limit`, and the width to draw (0–100)."""

    value: int
    limit: int
    percent: int


@dataclass(frozen=True)
class GameProgress:
    """A game's progress bars.

    `penalty` is true for the variants where the lowest total wins: a player's bar then says
    how close he is to the losing limit, not to victory.
    """

    target: int | None = None
    penalty: bool = False
    players: dict[str, Bar] = field(default_factory=dict)  # towards the target
    deals: Bar | None = None  # the whole game, towards the number of deals

    @property
    def has_bars(self) -> bool:
        return bool(self.players) or self.deals is not None


def percent(value: int, limit: int) -> int:
    """`value` as a whole percentage of `limit`, clamped to 0–100; rounded down so that a bar
    shows 100 only once the limit is actually reached."""
    if limit <= 0:
        return 100
    return max(0, min(100, value * 100 // limit))


def game_progress(variant: Variant, totals: dict[str, int], hands_played: int) -> GameProgress:
    """The bars for a game of `variant` with these totals after `hands_played` hands.

    For a gin-rummy match (multi_game) pass the current game's scores: the target is per game
    and the scores restart at 0 with each game (R15).
    """
    target, deals = variant.target, variant.number_of_deals
    players = {}
    if target is not None:
        players = {
            name: Bar(total, target, percent(total, target)) for name, total in totals.items()
        }
    deals_bar = None
    if deals is not None:
        played = min(hands_played, deals)
        deals_bar = Bar(played, deals, percent(played, deals))
    return GameProgress(
        target=target,
        penalty=not variant.highest_wins,
        players=players,
        deals=deals_bar,
    )
