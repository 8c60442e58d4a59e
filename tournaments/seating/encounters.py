"""Who has already played whom: pair meet counts from past tables, and repeat counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from itertools import combinations

from tournaments.seating.tables import PlayerId

# For each player, how many times they have sat at a table with each other player.
MeetCounts = dict[PlayerId, Counter[PlayerId]]


def meet_counts(history: Iterable[Collection[PlayerId]]) -> MeetCounts:
    """Count, for every pair, the past tables they shared (each table a collection of ids)."""
    meets: MeetCounts = {}
    for table in history:
        for first, second in combinations(set(table), 2):
            meets.setdefault(first, Counter())[second] += 1
            meets.setdefault(second, Counter())[first] += 1
    return meets


def times_met(meets: MeetCounts, first: PlayerId, second: PlayerId) -> int:
    """How many times two players have shared a table."""
    return meets.get(first, Counter()).get(second, 0)


def repeat_pairings(rounds: Iterable[Iterable[Collection[PlayerId]]]) -> int:
    """Over rounds played in order, how many times two players met who had met before.

    Each round is its tables (a Seating's `tables`); a pair meeting for the third time counts
    twice, once for each repeat.
    """
    seen: set[frozenset[PlayerId]] = set()
    repeats = 0
    for tables in rounds:
        pairs = [frozenset(pair) for table in tables for pair in combinations(set(table), 2)]
        repeats += sum(1 for pair in pairs if pair in seen)
        seen.update(pairs)
    return repeats
