"""Edmonds' maximum matching, checked against brute force on small graphs."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating.matching import UNMATCHED, Graph, WorkBudget, maximum_matching


def brute_force_matching_size(count: int, edges: frozenset) -> int:
    @cache
    def best(left: frozenset) -> int:
        if not left:
            return 0
        first, rest = min(left), left - {min(left)}
        options = [best(rest)]
        for second in rest:
            if frozenset((first, second)) in edges:
                options.append(1 + best(rest - {second}))
        return max(options)

    return best(frozenset(range(count)))


def graph_of(count: int, edges: frozenset) -> Graph:
    neighbours: dict[int, list[int]] = {player: [] for player in range(count)}
    for edge in edges:
        first, second = sorted(edge)
        neighbours[first].append(second)
        neighbours[second].append(first)
    return Graph(
        count, neighbours.__getitem__, lambda first, second: frozenset((first, second)) in edges
    )


def matching_of(count: int, edges: frozenset, start: list[int] | None = None) -> list[int]:
    start = start or [UNMATCHED] * count
    return maximum_matching(graph_of(count, edges), start, WorkBudget(10**6))


@st.composite
def graphs(draw):
    count = draw(st.integers(min_value=1, max_value=11))
    pairs = list(combinations(range(count), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    return count, frozenset(frozenset(pair) for pair in chosen)


@st.composite
def graphs_with_a_start(draw):
    """A graph and a matching of some of its edges to start from, as a greedy pass gives."""
    count, edges = draw(graphs())
    start = [UNMATCHED] * count
    for edge in draw(st.permutations(sorted(tuple(sorted(edge)) for edge in edges))):
        first, second = edge
        if start[first] == start[second] == UNMATCHED and draw(st.booleans()):
            start[first], start[second] = second, first
    return count, edges, start


@settings(max_examples=400)
@given(graphs_with_a_start())
def test_the_matching_is_as_large_as_brute_force_finds(graph):
    count, edges, start = graph
    mate = matching_of(count, edges, start)
    for player, partner in enumerate(mate):
        if partner != UNMATCHED:
            assert mate[partner] == player
            assert frozenset((player, partner)) in edges
    matched = sum(1 for partner in mate if partner != UNMATCHED) // 2
    assert matched == brute_force_matching_size(count, edges)


def test_it_needs_a_blossom_to_match_everyone_in_an_odd_cycle_with_a_tail():
    # A triangle 0-1-2 with 2-3, 3-4 and 4-5: only shrinking the triangle finds the augmenting
    # path once 1-2 and 3-4 are matched.
    edges = frozenset(map(frozenset, [(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (4, 5)]))
    start = [UNMATCHED, 2, 1, 4, 3, UNMATCHED]
    mate = matching_of(6, edges, start)
    assert UNMATCHED not in mate
    assert all(frozenset((p, mate[p])) in edges for p in range(6))


def test_an_exhausted_budget_still_leaves_a_valid_matching():
    edges = frozenset(frozenset(pair) for pair in combinations(range(8), 2))
    mate = maximum_matching(graph_of(8, edges), [UNMATCHED] * 8, WorkBudget(3))
    for player, partner in enumerate(mate):
        if partner != UNMATCHED:
            assert mate[partner] == player
