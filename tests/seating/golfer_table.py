"""The social golfer instances clubs play (CSPLib problem 10): 12 to 64 players at tables of
3 or 4, the most rounds known to be possible without two players meeting twice, and where
that number comes from. The seating tests and bench/bench_seating.py read it.

n players at tables of p can play at most (n - 1)/(p - 1) rounds (each round a player meets
p - 1 new ones); every figure below reaches that bound, rounded down, except where said.
"""

from __future__ import annotations

KTS = "Kirkman triple system (Ray-Chaudhuri & Wilson 1971)"
NKTS = "nearly Kirkman triple system (Kotzig & Rosa 1974, Baker & Wilson 1977)"
RBIBD = "resolvable (n, 4, 1) design (Hanani, Ray-Chaudhuri & Wilson 1972)"
RGDD_3 = "resolvable 4-GDD of type 3^(n/3) (exists for n/3 = 0 mod 4, n/3 > 4)"
RGDD_2 = "resolvable 4-GDD of type 2^(n/2)"

# (players, table size): (most rounds known, source).
BEST_KNOWN_ROUNDS: dict[tuple[int, int], tuple[int, str]] = {
    (12, 3): (4, "bound 5, but no nearly Kirkman triple system of 12 exists (Kotzig & Rosa)"),
    (15, 3): (7, KTS),
    (18, 3): (8, NKTS),
    (21, 3): (10, KTS),
    (24, 3): (11, NKTS),
    (27, 3): (13, KTS),
    (30, 3): (14, NKTS),
    (33, 3): (16, KTS),
    (36, 3): (17, NKTS),
    (39, 3): (19, KTS),
    (42, 3): (20, NKTS),
    (45, 3): (22, KTS),
    (48, 3): (23, NKTS),
    (51, 3): (25, KTS),
    (54, 3): (26, NKTS),
    (57, 3): (28, KTS),
    (60, 3): (29, NKTS),
    (63, 3): (31, KTS),
    (12, 4): (1, "3 tables cannot part the 4 players of a table"),
    (16, 4): (5, "affine plane of order 4"),
    (20, 4): (5, "bound 6; 5 is the most known (the table on Sellmann's social golfer page)"),
    (24, 4): (7, RGDD_3),
    (28, 4): (9, RBIBD),
    (32, 4): (10, RGDD_2 + "; Aguado 2004"),
    (36, 4): (11, RGDD_3),
    (40, 4): (13, RBIBD),
    (44, 4): (14, RGDD_2),
    (48, 4): (15, RGDD_3),
    (52, 4): (17, RBIBD),
    (56, 4): (18, RGDD_2),
    (60, 4): (19, RGDD_3),
    (64, 4): (21, RBIBD + "; affine space AG(3, 4)"),
}

# The instances no design of ours reaches (the local search then plans from the best design
# there is): none since 32 players at tables of 4 for 10 rounds became a published schedule
# (designs.GOLFERS_32_ROUNDS).
NO_DESIGN: set[tuple[int, int]] = set()
