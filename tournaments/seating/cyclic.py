"""Repeat-free schedules turned from one round (cyclic designs), for the counts clubs play.

The players sit in rows of `length` places (a0, a1, ... b0, b1, ...), and up to three stay
put (x0, x1, x2). Round t of a base round is that round with every row player moved t places
along his row (a3 becomes a(3 + t), counting modulo the row length); the players who stay
put keep their seats. Two row players meet in round t exactly when the pair t places back
sat together in the base round, so the rounds meet nobody twice as long as the base round
seats no two pairs alike (the same rows and the same number of places apart, or a player
who stays put with the same row): a difference family, in design theory. A base round that
comes back after a third of its row (1-rotational designs) gives a third as many rounds.

The families (the most rounds known, CSPLib problem 10; tests/seating/golfer_table.py):

- tables of 3, n ≡ 3 (mod 4) (39, 51, 63): Kirkman triple systems, two rows of (n - 1)/2
  and x0: (n - 1)/2 rounds, every pair meets once (they exist for every n ≡ 3 mod 6,
  Ray-Chaudhuri & Wilson 1971);
- tables of 3, n ≡ 9 (mod 12) (33, 45, 57): Kirkman triple systems, two rows of (n - 3)/2
  and x0, x1, x2, then one round more: x0, x1 and x2 together and each row at tables of
  players (n - 3)/6 places apart;
- tables of 3, n ≡ 0 (mod 6) from 24: nearly Kirkman triple systems (Kotzig & Rosa 1974,
  Baker & Wilson 1977), two rows of (n - 2)/2 and x0, x1: (n - 2)/2 rounds, everyone meets
  all but one player; 18: four rows of 4, x0, x1 and two base rounds; 12: three rows of 4,
  4 rounds (no 5th exists);
- tables of 4, n ≡ 4 (mod 12) (28, 40, 52): resolvable (n, 4, 1) designs (Hanani,
  Ray-Chaudhuri & Wilson 1972), (n - 1)/3 rounds, every pair meets once: three rows of 9
  and x0 for 28; one row of n - 1 and x0, turned a third of it, for 40 and 52;
- tables of 4, other counts from 24: three rows of (n - f)/3 and f = 2 or 3 players who stay
  put (n ≡ 2 or 0 modulo 3): (n - f)/3 rounds, every player meets all but the f - 1 others
  of his group (resolvable group divisible designs with groups of f); 20: four rows of 5,
  5 rounds (the most known). 32 is not here: no such base round exists in most shapes
  (a SAT solver's proof, docs/seating.md), and none was found in the others; designs.py
  plays a published schedule instead.

The base rounds were found once by the developer's searches (tabu searches over the base
round alone, some kept symmetric under turning the rows into one another while multiplying
places, and a backtracking over difference families for 40 and 52). They are data, and the
tests check every round of every design.
"""

from __future__ import annotations

from functools import cache

Table = list[int]
Round = list[Table]

# (players, table size): the base rounds, tables separated by commas.
BASE_ROUNDS: dict[tuple[int, int], tuple[str, ...]] = {
    (12, 3): ("a0 b2 c1, a1 c0 c3, a2 b1 c2, a3 b0 b3",),
    (18, 3): (
        "x0 b1 c3, x1 c1 d1, a0 a1 b0, a2 b3 c0, a3 c2 d0, b2 d2 d3",
        "x0 a2 d2, x1 a0 b2, a1 c1 d0, a3 c0 d1, b0 b1 d3, b3 c2 c3",
    ),
    (24, 3): ("x0 a7 b8, x1 a8 b10, a0 a1 a3, a2 a6 b0, a4 a9 b1, a5 b4 b5, a10 b3 b6, b2 b7 b9",),
    (30, 3): (
        "x0 a10 b6, x1 a13 b8, a0 a1 a3, a2 a6 b0, a4 a9 b1, a5 a11 b4, a7 b7 b9, "
        "a8 b11 b12, a12 b3 b13, b2 b5 b10",
    ),
    (33, 3): (
        "x0 a8 b8, x1 a9 b14, x2 a14 b3, a0 a1 a3, a2 a6 b0, a4 a10 b1, a5 a12 b4, "
        "a7 b2 b10, a11 b12 b13, a13 b6 b9, b5 b7 b11",
    ),
    (36, 3): (
        "x0 a14 b16, x1 a15 b4, a0 a1 a3, a2 a6 a11, a4 a10 b0, a5 a12 b3, a7 b1 b2, "
        "a8 b5 b11, a9 b9 b13, a13 b6 b14, a16 b8 b15, b7 b10 b12",
    ),
    (39, 3): (
        "x0 a13 b12, a0 a1 a3, a2 a6 a11, a4 a10 b0, a5 a12 b3, a7 a15 b1, a8 b5 b9, "
        "a9 b15 b16, a14 b14 b17, a16 b8 b18, a17 b2 b10, a18 b7 b13, b4 b6 b11",
    ),
    (42, 3): (
        "x0 a18 b11, x1 a19 b6, a0 a1 a3, a2 a6 a11, a4 a10 b0, a5 a12 b3, a7 a15 b1, "
        "a8 b5 b7, a9 b10 b14, a13 b2 b15, a14 b17 b18, a16 b4 b16, a17 b9 b12, b8 b13 b19",
    ),
    (45, 3): (
        "x0 a7 b6, x1 a5 b16, x2 a8 b2, a0 a1 b13, a2 a6 b3, a3 a19 b12, a4 a13 b11, "
        "a9 b4 b17, a10 a18 a20, a11 a17 b0, a12 a15 b15, a14 b10 b19, a16 b1 b18, b5 b7 b8, "
        "b9 b14 b20",
    ),
    (48, 3): (
        "x0 a6 b7, x1 a5 b22, a0 a1 b10, a2 a8 b6, a3 a16 b21, a4 b16 b19, a7 b13 b14, "
        "a9 a14 b11, a10 b1 b3, a11 a20 a22, a12 a15 a19, a13 a21 b9, a17 b2 b20, "
        "a18 b8 b17, b0 b4 b15, b5 b12 b18",
    ),
    (51, 3): (
        "x0 a10 b0, a0 a6 a15, a1 a12 b14, a2 a4 b10, a3 b17 b20, a5 a22 b21, a7 a20 b5, "
        "a8 b11 b13, a9 a16 b16, a11 b4 b22, a13 a17 a18, a14 b9 b15, a19 b6 b23, "
        "a21 a24 b18, a23 b7 b19, b1 b2 b12, b3 b8 b24",
    ),
    (54, 3): (
        "x0 a3 b6, x1 a24 b18, a0 a20 b12, a1 a9 b16, a2 b0 b19, a4 a13 b13, a5 a15 a19, "
        "a6 b20 b22, a7 a10 b11, a8 b5 b14, a11 a22 b4, a12 b7 b17, a14 a16 a21, a17 a18 b2, "
        "a23 b10 b25, a25 b21 b24, b1 b15 b23, b3 b8 b9",
    ),
    (57, 3): (
        "x0 a1 b26, x1 a23 b6, x2 a12 b9, a0 a15 a22, a2 b19 b20, a3 b14 b17, a4 a17 a21, "
        "a5 a7 a13, a6 b8 b13, a8 a11 b3, a9 b2 b15, a10 a26 b11, a14 b18 b22, a16 b5 b21, "
        "a18 b4 b12, a19 b1 b7, a20 b16 b23, a24 a25 b24, b0 b10 b25",
    ),
    (60, 3): (
        "x0 a22 b10, x1 a3 b4, a0 a14 b19, a1 a25 b27, a2 a11 b9, a4 a17 a21, a5 a15 a26, "
        "a6 b6 b12, a7 b16 b17, a8 a10 b22, a9 b3 b13, a12 b1 b5, a13 a19 a20, a16 b7 b24, "
        "a18 b0 b2, a23 b18 b26, a24 a27 b23, a28 b15 b20, b8 b21 b28, b11 b14 b25",
    ),
    (63, 3): (
        "x0 a27 b21, a0 a2 b13, a1 a9 b29, a3 a13 b30, a4 b5 b9, a5 a29 b7, a6 a19 b27, "
        "a7 a23 b2, a8 a11 b11, a10 a24 b17, a12 b10 b18, a14 a20 b1, a15 a26 b14, "
        "a16 a25 b8, a17 a21 a22, a18 a30 b3, a28 b12 b19, b0 b22 b25, b4 b15 b20, "
        "b6 b23 b24, b16 b26 b28",
    ),
    (20, 4): ("a0 a1 b0 b2, a2 a4 c0 c1, a3 b1 c3 d0, b3 b4 d1 d4, c2 c4 d2 d3",),
    (24, 4): ("x0 a2 b4 c0, x1 a5 b3 c4, x2 a6 b2 c2, a0 a1 a3 b0, a4 c1 c5 c6, b1 b5 b6 c3",),
    (28, 4): (
        "x0 a7 b2 c1, a0 a5 b7 c2, a1 a3 a4 c8, a2 b1 b3 c3, a6 b0 c5 c6, a8 b4 b5 b8, b6 c0 c4 c7",
    ),
    (36, 4): (
        "x0 a2 b3 c4, x1 a4 b8 c7, x2 a7 b1 c8, a0 a6 a8 b6, a1 a5 c0 c5, a3 b10 c1 c10, "
        "a9 b0 c3 c6, a10 b2 b7 b9, b4 b5 c2 c9",
    ),
    (40, 4): (
        "x0 a0 a13 a26, a1 a18 a21 a25, a2 a10 a11 a16, a3 a28 a36 a37, a4 a20 a22 a32, "
        "a5 a8 a12 a27, a6 a17 a33 a35, a7 a9 a19 a30, a14 a31 a34 a38, a15 a23 a24 a29",
    ),
    (44, 4): (
        "x0 a7 b7 c7, x1 a12 b10 c6, a0 a3 c2 c10, a1 a2 a10 c13, a4 a6 b0 b13, a5 b4 b6 b9, "
        "a8 b5 b11 c9, a9 a13 b1 c4, a11 b2 c1 c3, b3 c8 c11 c12, b8 b12 c0 c5",
    ),
    (48, 4): (
        "x0 a3 b9 c12, x1 a4 b12 c7, x2 a11 b7 c9, a0 a2 a10 c2, a1 b3 b8 b11, "
        "a5 a14 b14 c13, a6 b4 b5 c1, a7 b10 c3 c11, a8 a9 a12 b13, a13 c4 c10 c14, "
        "b0 b2 b6 c0, b1 c5 c6 c8",
    ),
    (52, 4): (
        "x0 a0 a17 a34, a1 a33 a36 a42, a2 a8 a18 a50, a3 a15 a26 a30, a4 a22 a24 a29, "
        "a5 a7 a12 a38, a6 a14 a27 a28, a9 a13 a37 a49, a10 a11 a40 a48, a16 a19 a25 a35, "
        "a20 a32 a43 a47, a21 a39 a41 a46, a23 a31 a44 a45",
    ),
    (56, 4): (
        "x0 a7 b13 c1, x1 a5 b17 c11, a0 b16 c3 c7, a1 a2 c15 c17, a3 a13 b0 c4, "
        "a4 a16 b6 b11, a6 a17 c10 c16, a8 b8 b9 b12, a9 a12 a14 c14, a10 b1 b3 c0, "
        "a11 a15 b7 b14, b2 c2 c9 c12, b4 b10 c5 c6, b5 b15 c8 c13",
    ),
    (60, 4): (
        "x0 a9 b11 c8, x1 a18 b6 c1, x2 a7 b12 c4, a0 a1 a16 b13, a2 a11 b10 c17, "
        "a3 b3 c6 c16, a4 a17 b2 c2, a5 b1 b14 c13, a6 a8 a13 c18, a10 c0 c5 c11, "
        "a12 b4 b15 b18, a14 b5 b9 c14, a15 b16 c3 c7, b0 b7 b17 c15, b8 c9 c10 c12",
    ),
}


class CyclicDesign:
    """Rounds turned from base rounds: each base round turned 0, 1, 2... places until it
    comes back, then one round more when the players who stay put fill a table."""

    def __init__(self, count: int, size: int, base_rounds: tuple[str, ...]):
        labelled = [_tables(text) for text in base_rounds]
        labels = {label for tables in labelled for table in tables for label in table}
        rows = sorted({label[0] for label in labels} - {"x"})
        self.count, self.size = count, size
        self.length = max(int(label[1:]) for label in labels if label[0] != "x") + 1
        self.moving = len(rows) * self.length
        number = {f"x{place}": self.moving + place for place in range(count - self.moving)}
        for index, row in enumerate(rows):
            number.update(
                {f"{row}{place}": index * self.length + place for place in range(self.length)}
            )
        self.base = [
            [[number[label] for label in table] for table in tables] for tables in labelled
        ]
        # A base round that comes back after a part of a row's length (turning a 1-rotational
        # design by a third of its row) gives only that many rounds.
        self.turns = [self._comes_back_after(tables) for tables in self.base]
        together = count - self.moving == size  # the players who stay put fill a table
        self.rounds = sum(self.turns) + together
        self.apart = self._last_apart()

    def round_at(self, index: int) -> Round:
        for tables, turns in zip(self.base, self.turns, strict=True):
            if index < turns:
                return self._turned(tables, index)
            index -= turns
        return self._staying_together()

    def _turned(self, tables: Round, turn: int) -> Round:
        moving, length = self.moving, self.length
        return [
            [
                player if player >= moving else player - player % length + (player + turn) % length
                for player in table
            ]
            for table in tables
        ]

    def _comes_back_after(self, tables: Round) -> int:
        seated = {frozenset(table) for table in tables}
        for turn in range(1, self.length):
            if self.length % turn == 0 and seated == set(
                map(frozenset, self._turned(tables, turn))
            ):
                return turn
        return self.length

    def _staying_together(self) -> Round:
        """The players who stay put at one table, and each row at tables of players a
        size-th of the row apart: pairs that no turned round seats."""
        apart = self.length // self.size
        tables = [list(range(self.moving, self.count))]
        for start in range(0, self.moving, self.length):
            for place in range(apart):
                tables.append([start + place + step * apart for step in range(self.size)])
        return tables

    def _last_apart(self) -> int:
        """How many of the last players never meet one another (at least 1)."""
        fewest = self.count
        for index in range(self.rounds):
            for table in self.round_at(index):
                fewest = min(fewest, self.count - 1 - sorted(table)[-2])
        return max(fewest, 1)


def _tables(text: str) -> list[list[str]]:
    return [table.split() for table in text.split(",")]


@cache
def cyclic_design(count: int, size: int) -> CyclicDesign | None:
    """The cyclic design for `count` players at tables of `size`, if one is listed."""
    base_rounds = BASE_ROUNDS.get((count, size))
    return CyclicDesign(count, size, base_rounds) if base_rounds else None
