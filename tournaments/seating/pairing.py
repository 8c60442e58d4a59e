"""Pairing players two by two: fewest repeat opponents first, then the closest standings.

Players are numbered 0..count-1 in standing order (best first); `met[i]` maps a player to the
opponents they already had and how often. The pairing is built in four bounded steps:

1. greedy, top down: each player takes the nearest player below who is a new opponent;
2. Edmonds' blossom algorithm grows the new-opponent pairs into a maximum set of them, so the
   number of repeat pairs is the least possible (zero whenever a repeat-free pairing exists);
3. the players still without a partner are paired top down among themselves;
4. swaps between neighbouring pairs (2-opt) lower the cost without adding a repeat.

For groups of up to 24 players a one-round look-ahead keeps the next round repeat-free too:
near the end of a long Swiss (8 players, round 5 of 7) one repeat-free pairing can leave the
next round without any, another does not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

from tournaments.seating.matching import UNMATCHED, Graph, WorkBudget, maximum_matching

# What seating two players together costs: three numbers compared in order, for Swiss
# (is it a repeat, times met before, squared standing gap: exact, points may have cents).
Cost = tuple[int, int, int | Fraction]
PairCost = Callable[[int, int], Cost]

# Groups up to this size get the look-ahead, a cheap search there; larger groups are far from
# running out of new opponents in a tournament of a dozen rounds.
LOOKAHEAD_MAX_PLAYERS = 24
SWAP_WINDOW = 6
MAX_SWAP_PASSES = 20


def pair_players(
    count: int, met: list[dict[int, int]], cost: PairCost, budget: WorkBudget
) -> list[tuple[int, int]]:
    """Pair an even number of players; pairs are listed by their better-placed player."""
    if count % 2:
        raise ValueError("pair_players needs an even number of players")
    mate = _greedy_new_opponents(count, met)
    mate = maximum_matching(_new_opponents(count, met), mate, budget)
    _pair_the_rest_top_down(count, met, mate)
    pairs = sorted((first, mate[first]) for first in range(count) if first < mate[first])
    pairs = _improve_by_swaps(pairs, cost)
    if count <= LOOKAHEAD_MAX_PLAYERS and not _repeats(pairs, met):
        if not _has_repeat_free_pairing(count, met, pairs, budget):
            better = _pairing_with_a_next_round(count, met, budget)
            if better is not None:
                pairs = better
    return pairs


def _greedy_new_opponents(count: int, met: list[dict[int, int]]) -> list[int]:
    """Top down, each player takes the nearest unpaired new opponent below, if any."""
    mate = [UNMATCHED] * count
    for first in range(count):
        if mate[first] != UNMATCHED:
            continue
        for second in range(first + 1, count):
            if mate[second] == UNMATCHED and second not in met[first]:
                mate[first], mate[second] = second, first
                break
    return mate


def _new_opponents(count: int, met: list[dict[int, int]]) -> Graph:
    """The graph of players who have not met; neighbours nearest in the standings first."""

    def neighbours(player: int) -> Iterator[int]:
        # Nearest first keeps the repairs local: few pairs change, all close in the standings.
        already = met[player]
        for gap in range(1, count):
            below, above = player + gap, player - gap
            if below >= count and above < 0:
                return
            if below < count and below not in already:
                yield below
            if above >= 0 and above not in already:
                yield above

    return Graph(count, neighbours, lambda first, second: second not in met[first])


def _pair_the_rest_top_down(count: int, met: list[dict[int, int]], mate: list[int]) -> None:
    """Players left without a new opponent meet, top down, whoever they met least."""
    left = [player for player in range(count) if mate[player] == UNMATCHED]
    while left:
        first = left.pop(0)
        second = min(left, key=lambda other: (met[first].get(other, 0), other - first))
        left.remove(second)
        mate[first], mate[second] = second, first


def _improve_by_swaps(pairs: list[tuple[int, int]], cost: PairCost) -> list[tuple[int, int]]:
    """Exchange partners between nearby pairs while that lowers the total cost (2-opt)."""
    pairs = list(pairs)
    for _ in range(MAX_SWAP_PASSES):
        improved = False
        for one in range(len(pairs)):
            for other in range(one + 1, min(len(pairs), one + 1 + SWAP_WINDOW)):
                (a, b), (c, d) = pairs[one], pairs[other]
                now = _add(cost(a, b), cost(c, d))
                for first, second in (((a, c), (b, d)), ((a, d), (b, c))):
                    if _add(cost(*first), cost(*second)) < now:
                        pairs[one] = (min(first), max(first))
                        pairs[other] = (min(second), max(second))
                        improved = True
                        break
        if not improved:
            break
    return sorted(pairs)


def _add(first: Cost, second: Cost) -> Cost:
    return (first[0] + second[0], first[1] + second[1], first[2] + second[2])


def _repeats(pairs: list[tuple[int, int]], met: list[dict[int, int]]) -> int:
    return sum(1 for first, second in pairs if second in met[first])


def _has_repeat_free_pairing(
    count: int, met: list[dict[int, int]], played: list[tuple[int, int]], budget: WorkBudget
) -> bool:
    """Whether, once `played` is played, a next round without repeats still exists."""
    after = [dict(opponents) for opponents in met]
    for first, second in played:
        after[first][second] = after[second][first] = 1
    start = _greedy_new_opponents(count, after)
    mate = maximum_matching(_new_opponents(count, after), start, budget)
    return UNMATCHED not in mate


def _pairing_with_a_next_round(
    count: int, met: list[dict[int, int]], budget: WorkBudget
) -> list[tuple[int, int]] | None:
    """The first repeat-free pairing, top down and nearest first, that leaves a next round."""
    pairs: list[tuple[int, int]] = []

    def search(left: list[int]) -> list[tuple[int, int]] | None:
        if not budget.spend(len(left) + 1):
            return None
        if not left:
            return list(pairs) if _has_repeat_free_pairing(count, met, pairs, budget) else None
        first, rest = left[0], left[1:]
        for second in rest:
            if second in met[first]:
                continue
            pairs.append((first, second))
            found = search([player for player in rest if player != second])
            pairs.pop()
            if found is not None:
                return found
        return None

    return search(list(range(count)))
