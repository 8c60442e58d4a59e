"""Who sits out a round of a 2-player variant with an odd number of players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tournaments.seating.tables import PlayerId


def choose_bye(candidates: Sequence[PlayerId], byes_so_far: Mapping[PlayerId, int]) -> PlayerId:
    """The last candidate among those with the fewest byes so far.

    With candidates in standing order this is the Swiss rule: the lowest-placed player who
    has not had a bye. Each player gets at most one bye while someone has had none; once
    everyone has had one (a long tournament with few players), the fewest byes decide, then
    again the lowest place. With shuffled candidates it is a random draw among the fewest.
    """
    if not candidates:
        raise ValueError("choose_bye needs at least one candidate")
    fewest = min(byes_so_far.get(player, 0) for player in candidates)
    return next(player for player in reversed(candidates) if byes_so_far.get(player, 0) == fewest)
