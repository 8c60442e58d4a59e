"""The season championship's rule: from each night's places to season points and a ranking.

Pure Python, no Django (like prizes.py). A night gives each player who played it a
`NightEntry`: the places he took (one per game at a club night, his final place at a
tournament) and the tournament points he earned. The season's rule turns an entry into
season points: the scale by place (tied players share the points of the places they
occupy), or the tournament points as they are. Only the best N nights may count. Players
are ranked by season points, then by nights played, then by their best single night;
players equal on all three share the place. See docs/seasons.md.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Generic, TypeVar

PLACES = "places"
TOURNAMENT_POINTS = "tournament_points"
SCORINGS = (PLACES, TOURNAMENT_POINTS)

Points = Fraction
NightKey = TypeVar("NightKey", bound=Hashable)  # whatever names a night: an event's id
PlayerKey = TypeVar("PlayerKey", bound=Hashable)  # whatever names a player: his id


@dataclass(frozen=True)
class Place:
    """A place taken in a game or a tournament: `tied` players share it (1 = alone), among
    `field` players."""

    place: int
    tied: int = 1
    field: int = 0


@dataclass(frozen=True)
class NightEntry:
    """What one player did on one night: his places and his tournament points."""

    places: tuple[Place, ...]
    tournament_points: Decimal = Decimal(0)


def shared_points(scale: Sequence[int], place: int, tied: int = 1) -> Points:
    """The scale's points for `place`, shared with the players tied on it: two players
    tied second on 10, 8, 6 each get (8 + 6) / 2 = 7. Places past the scale give 0."""
    occupied = range(place - 1, place - 1 + tied)
    return (
        sum((Fraction(scale[i]) if i < len(scale) else Fraction(0) for i in occupied), Fraction(0))
        / tied
    )


def night_points(entry: NightEntry, *, scoring: str, scale: Sequence[int]) -> Points:
    """A night's season points under the season's rule."""
    if scoring == TOURNAMENT_POINTS:
        return Fraction(entry.tournament_points)
    return sum((shared_points(scale, p.place, p.tied) for p in entry.places), Fraction(0))


@dataclass
class SeasonStanding(Generic[PlayerKey, NightKey]):
    """A player's line in the season standings."""

    player: PlayerKey
    place: int
    total: Points  # the nights counted, added up
    nights_played: int
    best_night: Points
    points: dict[NightKey, Points] = field(default_factory=dict)  # every night he played
    counted: frozenset[NightKey] = frozenset()  # the nights whose points count (best N)
    tied: bool = False  # shares his place


def counted_nights(
    points: Mapping[NightKey, Points], best_of: int | None, order: Sequence[NightKey]
) -> frozenset[NightKey]:
    """The nights that count: all of them, or the best `best_of` (the earliest first among
    nights worth the same)."""
    if best_of is None or len(points) <= best_of:
        return frozenset(points)
    position = {night: index for index, night in enumerate(order)}
    ranked = sorted(points, key=lambda night: (-points[night], position.get(night, 0)))
    return frozenset(ranked[:best_of])


def rank_season(
    entries: Mapping[PlayerKey, Mapping[NightKey, NightEntry]],
    *,
    scoring: str,
    scale: Sequence[int],
    best_of: int | None,
    order: Sequence[NightKey],
    names: Mapping[PlayerKey, str] | None = None,
) -> list[SeasonStanding[PlayerKey, NightKey]]:
    """The season standings, best first: season points, then nights played, then the best
    single night; players equal on all three share the place (listed by name)."""
    if scoring not in SCORINGS:
        raise ValueError(f"Unknown season scoring {scoring!r}.")
    names = names or {}
    lines = []
    for player, nights in entries.items():
        points = {
            night: night_points(e, scoring=scoring, scale=scale) for night, e in nights.items()
        }
        counted = counted_nights(points, best_of, order)
        lines.append(
            SeasonStanding(
                player=player,
                place=0,
                total=sum((points[n] for n in counted), Fraction(0)),
                nights_played=len(points),
                best_night=max(points.values(), default=Fraction(0)),
                points=points,
                counted=counted,
            )
        )

    def key(line: SeasonStanding[PlayerKey, NightKey]) -> tuple[Points, int, Points]:
        return (-line.total, -line.nights_played, -line.best_night)

    lines.sort(key=lambda line: (key(line), str(names.get(line.player, line.player)).casefold()))
    for index, line in enumerate(lines):
        same = index and key(lines[index - 1]) == key(line)
        line.place = lines[index - 1].place if same else index + 1
    for index, line in enumerate(lines):
        neighbours = lines[max(index - 1, 0) : index] + lines[index + 1 : index + 2]
        line.tied = any(other.place == line.place for other in neighbours)
    return lines


def as_decimal(points: Points) -> Decimal:
    """Season points to the hundredth, as tournament points are stored: 6.33 for 19/3."""
    return (Decimal(points.numerator) / Decimal(points.denominator)).quantize(Decimal("0.01"))
