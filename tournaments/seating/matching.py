"""Maximum matching in a general graph (Edmonds' blossom algorithm), for pairing players.

Players are numbered 0..count-1 and the graph is given by two functions, a player's
neighbours and whether two players are neighbours, so a dense graph (everyone who has not
met) is never built edge by edge.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

UNMATCHED = -1


class WorkBudget:
    """A countdown of elementary steps, so a search stops in bounded time on any input."""

    def __init__(self, steps: int):
        self.steps = steps

    def spend(self, steps: int = 1) -> bool:
        """Use up some steps; False once the budget is exhausted."""
        self.steps -= steps
        return self.steps >= 0


class Graph:
    """A graph on players 0..count-1, given by functions rather than a list of edges."""

    def __init__(
        self,
        count: int,
        neighbours: Callable[[int], Iterable[int]],
        is_edge: Callable[[int, int], bool],
    ):
        self.count = count
        self.neighbours = neighbours
        self.is_edge = is_edge


def maximum_matching(graph: Graph, mate: list[int], budget: WorkBudget) -> list[int]:
    """Grow `mate` (each player's partner, or UNMATCHED) into a maximum matching.

    Starting from a good matching (say a greedy one) only the players left unmatched are
    searched from, each once: by Edmonds' theorem, a player with no augmenting path now never
    gets one later. If the budget runs out the matching is valid but may not be maximum.
    """
    mate = list(mate)
    unmatched = {player for player in range(graph.count) if mate[player] == UNMATCHED}
    for root in range(graph.count):
        if mate[root] != UNMATCHED or budget.steps <= 0:
            continue
        found = _augmenting_path(graph, root, mate, unmatched, budget)
        if found is None:
            continue
        # Flip the path: every edge on it changes between matched and unmatched.
        vertex, parent = found
        unmatched -= {root, vertex}
        while vertex != UNMATCHED:
            partner = parent[vertex]
            next_vertex = mate[partner]
            mate[vertex], mate[partner] = partner, vertex
            vertex = next_vertex
    return mate


def _augmenting_path(
    graph: Graph, root: int, mate: list[int], unmatched: set[int], budget: WorkBudget
) -> tuple[int, list[int]] | None:
    """An augmenting path from `root`: its unmatched end and the parent links back to the root.

    A breadth-first alternating search that shrinks odd cycles (blossoms) as it finds them.
    Each vertex entering the tree as an outer vertex is first checked against the few
    unmatched players: in a dense graph that ends most searches after a step or two.
    """
    count = graph.count
    in_tree = [False] * count
    parent = [UNMATCHED] * count
    base = list(range(count))
    queue: deque[int] = deque()

    def add_outer(vertex: int) -> int | None:
        """Queue an outer vertex; return an unmatched neighbour of it, if it has one."""
        in_tree[vertex] = True
        queue.append(vertex)
        budget.spend(len(unmatched))
        for end in unmatched:
            if end != root and graph.is_edge(vertex, end):
                parent[end] = vertex
                return end
        return None

    def common_base(first: int, second: int) -> int:
        seen = [False] * count
        while True:
            first = base[first]
            seen[first] = True
            if mate[first] == UNMATCHED:
                break
            first = parent[mate[first]]
        while True:
            second = base[second]
            if seen[second]:
                return second
            second = parent[mate[second]]

    def mark_blossom(vertex: int, blossom_base: int, child: int, blossom: list[bool]) -> None:
        while base[vertex] != blossom_base:
            blossom[base[vertex]] = blossom[base[mate[vertex]]] = True
            parent[vertex] = child
            child = mate[vertex]
            vertex = parent[mate[vertex]]

    end = add_outer(root)
    if end is not None:
        return end, parent
    while queue:
        vertex = queue.popleft()
        for other in graph.neighbours(vertex):
            if not budget.spend():
                return None
            if base[vertex] == base[other] or mate[vertex] == other:
                continue
            if other == root or (mate[other] != UNMATCHED and parent[mate[other]] != UNMATCHED):
                blossom_base = common_base(vertex, other)
                blossom = [False] * count
                mark_blossom(vertex, blossom_base, other, blossom)
                mark_blossom(other, blossom_base, vertex, blossom)
                budget.spend(count)
                for member in range(count):
                    if blossom[base[member]]:
                        base[member] = blossom_base
                        if not in_tree[member]:
                            end = add_outer(member)
                            if end is not None:
                                return end, parent
            elif parent[other] == UNMATCHED:
                parent[other] = vertex
                if mate[other] == UNMATCHED:
                    return other, parent
                end = add_outer(mate[other])
                if end is not None:
                    return end, parent
    return None
