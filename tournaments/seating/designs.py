"""Repeat-free schedules that mathematics builds outright (resolvable designs), where known.

The social golfer problem (CSPLib problem 10) asks for rounds in which nobody meets anyone
twice. For some player counts a design gives the answer directly, with no search:

- tables of 2, an even count: a round robin by the circle method (count - 1 rounds);
- p^n players at tables of p^e (p prime): the cosets of pairwise disjoint subspaces of
  GF(p)^n, one subspace a round. When e divides n the subspaces are the lines of the affine
  geometry AG(n/e, p^e): 16 players at tables of 4 get 5 rounds (the affine plane over
  GF(4)), 9 at tables of 3 get 4, 27 at tables of 3 get 13, 64 at tables of 4 get 21. When
  it does not, a partial spread found by a small search: 32 players at tables of 4 get 9
  rounds, the most any partial spread of lines in PG(4, 2) gives (Beutelspacher, 1975);
- Kirkman's schoolgirls: 15 players at tables of 3 for 7 rounds, and 21 players for 10,
  Kirkman triple systems built cyclically over Z_7 (Colbourn & Rosa, "Triple Systems", the
  standard 1-rotational and 3-row difference constructions; the base blocks below were
  found by a difference search and are checked by the tests);
- 32 players at tables of 4 for 10 rounds, the social golfer problem as first asked: no
  construction here reaches it (cyclic.py says which shapes are proven impossible), so the
  schedule is data, as published in the Wolfram Demonstrations Project's "Social Golfer
  Problem" (Alejandro Aguado found the first such schedule in 2004);
- every other count from 12 to 64 at tables of 3 or 4: the cyclic designs of cyclic.py, the
  most rounds known for each;
- players fewer than any of these, when the players left out never meet one another in the
  design: each table they leave is a seat short every round.

A round is a list of tables, a table a list of player numbers 0..count-1; any of a design's
rounds, taken in any order, seat nobody with the same player twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from itertools import combinations
from math import comb
from typing import overload

from tournaments.seating.cyclic import cyclic_design
from tournaments.seating.fields import GaloisField, galois_field, prime_power

Table = list[int]
Round = list[Table]

# Work limit for the partial-spread search (subspaces tried), so no count makes it hang.
SPREAD_SEARCH_STEPS = 200_000
# Subspaces are listed from every choice of basis vectors: only for small spaces.
SPREAD_SEARCH_MAX_BASES = 10_000

Point = tuple[int, int]  # (residue mod 7, row)

# 32 players at 8 tables of 4 for 10 rounds, nobody meeting anyone twice: every player meets
# 30 of the 31 others, all but his twin (A and a, B and b...; an 11th round would seat the
# twins in pairs). A table is four letters; player numbers pair the twins, A = 0, a = 1,
# B = 2, b = 3..., so the last two players (P and p) never meet.
GOLFERS_32_ROUNDS = (
    "ABCD EFGH IJKL MNOP abcd efgh ijkl mnop",
    "AEIm BcgH DFKp dfkP aeiM bCGh jLNo JlnO",
    "Aflo Bhkm DGiN aFLO bHKM CeJP cEjp dgIn",
    "AciL BdjK bDJk FgoP fGOp aCIl EhMn eHmN",
    "AgKN BElP DHIo dhiO beLp Cfjm cFJM aGkn",
    "AhJp BFin cDmO bfIN eGKl CdMo EgkL aHjP",
    "AdeF BGJo aDEf chlN iKmP CHLn bgjO IkMp",
    "AbnP aBNp DglM ceko fHiJ CEKO FhIj dGLm",
    "AGjM BeIO DhLP agJm cfKn CFkN bEio dHlp",
    "AHkO BfLM Dejn bFlm cGIP Cgip dEJN ahKo",
)

# Kirkman's 15 schoolgirls: points (residue mod 7, row) and one point at infinity, written
# None. Round a (a = 0..6) adds a to every residue: 7 rounds of 5 tables of 3.
KIRKMAN_15_BASE: list[list[Point | None]] = [
    [None, (0, 0), (0, 1)],
    [(1, 0), (2, 0), (4, 0)],
    [(3, 0), (1, 1), (5, 1)],
    [(6, 0), (2, 1), (3, 1)],
    [(5, 0), (4, 1), (6, 1)],
]
# 21 players: points (residue mod 7, row), three rows. Rounds 0..6 add a to every residue
# of this base round of 7 tables; rounds 7..9 are the orbits of one table each:
# {(x, 0), (x + b, 1), (x + c, 2)} for x = 0..6, (b, c) below.
KIRKMAN_21_BASE = [
    [(0, 0), (1, 0), (3, 0)],
    [(2, 0), (0, 1), (6, 2)],
    [(6, 0), (2, 1), (0, 2)],
    [(4, 0), (1, 1), (3, 2)],
    [(5, 0), (4, 1), (1, 2)],
    [(2, 2), (4, 2), (5, 2)],
    [(3, 1), (5, 1), (6, 1)],
]
KIRKMAN_21_ORBITS = [(0, 0), (1, 2), (2, 5)]


@dataclass(frozen=True)
class Design:
    """A repeat-free schedule known in advance: `length` rounds, each built on demand (a
    design for 4,096 players has 1,365 rounds, and an event plays a handful of them)."""

    count: int
    length: int
    round_at: Callable[[int], Round]
    # How many of the last players never meet one another: that many can be left out, each
    # leaving a seat empty at a different table (any one player can).
    apart: int = 1


def known_design(count: int, sizes: Sequence[int]) -> Design | None:
    """The longest known repeat-free design for `count` players seated at tables of `sizes`
    (a split such as split_into_tables gives), or None if none is known."""
    sizes = sorted(sizes, reverse=True)
    if sum(sizes) != count or not sizes:
        return None
    size = sizes[0]
    if sizes == [size] * len(sizes):
        return _design_at_equal_tables(count, size)
    short = sizes.count(size - 1)
    if sizes == [size] * (len(sizes) - short) + [size - 1] * short and size - 1 >= 2:
        full = _design_at_equal_tables(count + short, size)
        if full is not None and short <= full.apart:
            # Players fewer than a design: leave out its last players, who never meet one
            # another; each leaves a seat empty at a different table in every round, and
            # nobody meets twice still.
            def without_last(index: int) -> Round:
                return [[p for p in table if p < count] for table in full.round_at(index)]

            return Design(count, full.length, without_last)
    return None


@cache
def _design_at_equal_tables(count: int, size: int) -> Design | None:
    candidates = []
    if size == 2 and count % 2 == 0:
        candidates.append(Design(count, count - 1, partial(circle_round, count)))
    power, table_power = prime_power(count), prime_power(size)
    if power and table_power and power[0] == table_power[0] and table_power[1] < power[1]:
        prime, degree, table_degree = power[0], power[1], table_power[1]
        subspaces = _spread(prime, degree, table_degree)
        candidates.append(
            Design(count, len(subspaces), partial(_cosets, galois_field(prime, degree), subspaces))
        )
    if (count, size) == (15, 3):
        candidates.append(Design(15, 7, kirkman_15_round))
    if (count, size) == (21, 3):
        candidates.append(Design(21, 10, kirkman_21_round))
    if (count, size) == (32, 4):
        candidates.append(Design(32, len(GOLFERS_32_ROUNDS), golfers_32_round, apart=2))
    cyclic = cyclic_design(count, size)
    if cyclic is not None:
        candidates.append(Design(count, cyclic.rounds, cyclic.round_at, cyclic.apart))
    candidates = [design for design in candidates if design.length]
    return max(candidates, key=lambda design: design.length) if candidates else None


def circle_round(count: int, shift: int) -> Round:
    """Round `shift` of a round robin of an even count by the circle method: the last
    player stays put, the others turn around him one place a round."""
    turning = count - 1
    tables = [[shift, count - 1]]
    for step in range(1, count // 2):
        tables.append([(shift + step) % turning, (shift - step) % turning])
    return tables


def _spread(prime: int, degree: int, table_degree: int) -> list[list[int]]:
    """Subspaces of GF(p)^n with p^e elements meeting pairwise only in 0, one per round."""
    if degree % table_degree == 0:
        return _desarguesian_spread(prime, degree, table_degree)
    return _partial_spread(prime, degree, table_degree)


def _cosets(field: GaloisField, subspaces: list[list[int]], index: int) -> Round:
    """p^n players at tables of p^e: round `index` seats the cosets x + S of one subspace S.
    Two players meet when their difference lies in S, so subspaces sharing only 0 never
    seat a pair twice."""
    seen: set[int] = set()
    tables = []
    for start in range(field.order):
        if start not in seen:
            table = sorted(field.add(start, element) for element in subspaces[index])
            seen.update(table)
            tables.append(table)
    return tables


def _desarguesian_spread(prime: int, degree: int, table_degree: int) -> list[list[int]]:
    """The multiples ω^i·K of the subfield K = GF(p^e) inside GF(p^n): they cover every
    nonzero element exactly once, so they meet only in 0 (the lines of AG(n/e, p^e) through
    the origin, one per direction)."""
    field = galois_field(prime, degree)
    directions = (field.order - 1) // (prime**table_degree - 1)
    # The subfield GF(p^e) is 0 and the powers of ω^directions.
    subfield = [0] + [
        field.power_of_primitive(directions * power) for power in range(prime**table_degree - 1)
    ]
    return [
        [field.multiply(field.power_of_primitive(shift), element) for element in subfield]
        for shift in range(directions)
    ]


def _partial_spread(prime: int, degree: int, table_degree: int) -> list[list[int]]:
    """Subspaces of GF(p)^n of dimension e meeting pairwise only in 0, as many as a bounded
    depth-first search finds (aiming at Beutelspacher's bound for n = k·e + r)."""
    order = prime**degree
    if comb(order - 1, table_degree) > SPREAD_SEARCH_MAX_BASES:
        return []
    field = galois_field(prime, degree)
    subspaces = _all_subspaces(field, table_degree)
    remainder = degree % table_degree
    target = (order - prime ** (table_degree + remainder)) // (prime**table_degree - 1) + 1
    best: list[list[int]] = []
    chosen: list[list[int]] = []
    covered: set[int] = set()
    steps = SPREAD_SEARCH_STEPS

    def extend(start: int) -> bool:
        nonlocal best, steps
        if len(chosen) > len(best):
            best = list(chosen)
        if len(chosen) == target:
            return True
        for index in range(start, len(subspaces)):
            steps -= 1
            if steps < 0:
                return True
            subspace = subspaces[index]
            if covered.isdisjoint(subspace[1:]):
                chosen.append(subspace)
                covered.update(subspace[1:])
                if extend(index + 1):
                    return True
                chosen.pop()
                covered.difference_update(subspace[1:])
        return False

    extend(0)
    return best


def _all_subspaces(field: GaloisField, dimension: int) -> list[list[int]]:
    """Every subspace of GF(p)^n with p^dimension elements, 0 first, in a fixed order."""
    found: dict[frozenset[int], list[int]] = {}
    for basis in combinations(range(1, field.order), dimension):
        span = {0}
        for vector in basis:
            multiples = [0]
            for _ in range(field.prime - 1):
                multiples.append(field.add(multiples[-1], vector))
            span = {field.add(old, multiple) for old in span for multiple in multiples}
        if len(span) == field.prime**dimension:
            found.setdefault(frozenset(span), sorted(span))
    return list(found.values())


def kirkman_15_round(shift: int) -> Round:
    """Round `shift` (0..6) of Kirkman's 15 schoolgirls: 5 tables of 3."""

    def number(point: Point | None) -> int:
        return 14 if point is None else point[1] * 7 + point[0]

    return [[number(_shift(point, shift)) for point in table] for table in KIRKMAN_15_BASE]


def kirkman_21_round(index: int) -> Round:
    """Round `index` (0..9) of 21 players at 7 tables of 3."""
    if index < 7:
        return [
            [point[1] * 7 + point[0] for point in map(partial(_shift, shift=index), table)]
            for table in KIRKMAN_21_BASE
        ]
    second, third = KIRKMAN_21_ORBITS[index - 7]
    return [[x, 7 + (x + second) % 7, 14 + (x + third) % 7] for x in range(7)]


def golfers_32_round(index: int) -> Round:
    """Round `index` (0..9) of 32 players at 8 tables of 4."""

    def number(letter: str) -> int:
        return 2 * (ord(letter.upper()) - ord("A")) + letter.islower()

    return [[number(letter) for letter in table] for table in GOLFERS_32_ROUNDS[index].split()]


@overload
def _shift(point: Point, shift: int) -> Point: ...
@overload
def _shift(point: None, shift: int) -> None: ...
def _shift(point: Point | None, shift: int) -> Point | None:
    return None if point is None else ((point[0] + shift) % 7, point[1])
