"""Tournament points per game: each player's place at the table, then the event's points by
place (tied players share the points of the places they occupy; a win when time is up may be
worth less)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

CENT = Decimal("0.01")


def places(ranking: list[str], totals: dict[str, int]) -> dict[str, int]:
    """Each player's place, 1 the best; tied totals share the better place (1, 1, 3)."""
    found: dict[str, int] = {}
    for index, name in enumerate(ranking):
        tied_above = index and totals[ranking[index - 1]] == totals[name]
        found[name] = found[ranking[index - 1]] if tied_above else index + 1
    return found


def tournament_points(
    *,
    ranking: list[str],
    ranks: dict[str, int],
    scale: Sequence[int | float | Decimal],
    win_at_time: int | float | Decimal | None = None,
    ended_by_closing: bool = False,
) -> dict[str, Decimal]:
    """Tournament points from a game's ranking, to the cent: `scale` by place, tied players
    sharing the points of the places they occupy; a game ended by closing (time is up) gives
    its winner at most `win_at_time`."""
    fractions = [Fraction(p) for p in scale]
    occupied: dict[int, list[str]] = {}
    for name in ranking:
        occupied.setdefault(ranks[name], []).append(name)
    points: dict[str, Fraction] = {}
    for place, names in occupied.items():
        shared = [
            fractions[i] if i < len(fractions) else Fraction(0)
            for i in range(place - 1, place - 1 + len(names))
        ]
        for name in names:
            points[name] = sum(shared, Fraction(0)) / len(names)
    if ended_by_closing and win_at_time is not None:
        for name in occupied.get(1, []):
            points[name] = min(points[name], Fraction(win_at_time))
    return {
        name: (Decimal(p.numerator) / Decimal(p.denominator)).quantize(CENT)
        for name, p in points.items()
    }
