"""A round to seat, checked and normalised once, as every seating method receives it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import TypedDict

from tournaments.seating.byes import choose_bye
from tournaments.seating.encounters import MeetCounts, meet_counts
from tournaments.seating.tables import (
    PlayerId,
    Seating,
    SeatingError,
    byes_needed,
    check_table_sizes,
    split_into_tables,
)

Points = int | float | Decimal | Fraction
Standings = Sequence[PlayerId] | Mapping[PlayerId, Points]


@dataclass(frozen=True)
class SeatingRequest:
    """Everything a seating method needs: the players, table sizes, past encounters, standings."""

    players: tuple[PlayerId, ...]  # in the order given: the draw order for a round robin
    allowed_sizes: tuple[int, ...]
    round_number: int = 1
    meets: MeetCounts = field(default_factory=dict)
    ranking: tuple[PlayerId, ...] = ()  # every player, best placed first
    points: Mapping[PlayerId, Points] | None = None  # tournament points, when the caller gave them
    byes_so_far: Mapping[PlayerId, int] = field(default_factory=dict)
    seed: int | str = 0
    preferred_size: int | None = None
    past_tables: tuple[frozenset[PlayerId], ...] = ()  # the history, each table as a set of players
    planned_rounds: int | None = None  # how many rounds the event will have, when known

    def random_generator(self) -> random.Random:
        """A random generator of its own, so the same seed always gives the same seating."""
        return random.Random(self.seed)

    def table_sizes(self) -> list[int]:
        """The split of this round's players into tables (see split_into_tables)."""
        return split_into_tables(len(self.players), self.allowed_sizes, self.preferred_size)

    def byes_needed(self) -> int:
        """How many players sit out this round (one at most, for 2-player variants)."""
        return byes_needed(len(self.players), self.allowed_sizes)


class RoundFacts(TypedDict, total=False):
    """make_request's keywords, which `seat` passes on."""

    round_number: int
    history: Iterable[Collection[PlayerId]]
    standings: Standings | None
    byes_so_far: Iterable[PlayerId] | Mapping[PlayerId, int]
    seed: int | str
    preferred_size: int | None
    rounds: int | None


def make_request(
    players: Sequence[PlayerId],
    allowed_sizes: Iterable[int],
    *,
    round_number: int = 1,
    history: Iterable[Collection[PlayerId]] = (),
    standings: Standings | None = None,
    byes_so_far: Iterable[PlayerId] | Mapping[PlayerId, int] = (),
    seed: int | str = 0,
    preferred_size: int | None = None,
    rounds: int | None = None,
) -> SeatingRequest:
    """Check the inputs and build a SeatingRequest; SeatingError says what is wrong.

    `history` is every past table, `standings` the players best first (a mapping to
    tournament points also tells which players are level), `byes_so_far` one entry per bye
    already given (or a mapping to counts). `rounds`, the number of rounds the event will
    have, lets balanced mixing plan them all at once (docs/seating.md).
    """
    players = tuple(players)
    seen: set[PlayerId] = set()
    for player in players:
        if player in seen:
            raise SeatingError(f"Player {player!r} is listed twice for this round.")
        seen.add(player)
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise SeatingError(f"Rounds are numbered from 1; got {round_number!r}.")
    if rounds is not None and (
        isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1
    ):
        raise SeatingError(f"An event has at least 1 round; got {rounds!r} planned rounds.")
    sizes = check_table_sizes(allowed_sizes)
    # Fail early, whatever the method: too few players or sizes that cannot add up.
    split_into_tables(len(players), sizes, preferred_size)
    ranking, points = _ranking(players, standings)
    if isinstance(byes_so_far, Mapping):
        byes = {player: int(count) for player, count in byes_so_far.items()}
    else:
        byes = dict(Counter(byes_so_far))
    past_tables = tuple(frozenset(table) for table in history)
    return SeatingRequest(
        players=players,
        allowed_sizes=sizes,
        round_number=round_number,
        meets=meet_counts(past_tables),
        ranking=ranking,
        points=points,
        byes_so_far=byes,
        seed=seed,
        preferred_size=preferred_size,
        past_tables=past_tables,
        planned_rounds=rounds,
    )


def _ranking(
    players: tuple[PlayerId, ...], standings: Standings | None
) -> tuple[tuple[PlayerId, ...], dict[PlayerId, Points] | None]:
    """Today's players best first, and their points if the standings came with points.

    Players missing from the standings (late arrivals) come last, in the order given; players
    in the standings who are not here (withdrawn) are left out.
    """
    present = set(players)
    points = None
    if standings is None:
        ordered: list[PlayerId] = []
    elif isinstance(standings, Mapping):
        # Sorting is stable, so players on equal points keep the caller's tie-break order.
        ordered = sorted(standings, key=lambda player: -standings[player])
        lowest = min((standings[player] for player in ordered if player in present), default=0)
        points = {player: standings.get(player, lowest) for player in players}
    else:
        ordered = list(standings)
    ranking = list(dict.fromkeys(player for player in ordered if player in present))
    placed = set(ranking)
    ranking += [player for player in players if player not in placed]
    return tuple(ranking), points


def take_byes(request: SeatingRequest, order: list[PlayerId]) -> list[PlayerId]:
    """Remove this round's bye, if any, from `order` (best first, or shuffled) and return it."""
    if not request.byes_needed():
        return []
    bye = choose_bye(order, request.byes_so_far)
    order.remove(bye)
    return [bye]


def meets_by_position(request: SeatingRequest, order: list[PlayerId]) -> list[dict[int, int]]:
    """Past meetings between the players of `order`, by their position in it."""
    position_of = {player: position for position, player in enumerate(order)}
    met: list[dict[int, int]] = [{} for _ in order]
    for position, player in enumerate(order):
        for opponent, times in request.meets.get(player, {}).items():
            if times and opponent in position_of:
                met[position][position_of[opponent]] = times
    return met


def seating_from_positions(
    request: SeatingRequest, order: list[PlayerId], tables: list[list[int]], byes: list[PlayerId]
) -> Seating:
    """Turn tables of positions in `order` into a Seating, with seats drawn at each table."""
    rng = request.random_generator()
    seated = []
    for table in tables:
        players = [order[position] for position in table]
        # Seats are drawn so that the best placed player does not always deal first.
        rng.shuffle(players)
        seated.append(tuple(players))
    return Seating(tables=tuple(seated), byes=tuple(byes))
