"""Club ratings, the arithmetic: openskill's Plackett–Luce model, made for finishing orders of
several players, and the number the pages show. Pure: the stored ratings and when they move
are `tournaments.ratings`. See docs/ratings.md."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # mu 25, sigma 25/3, beta 25/6, tau 25/300: the library's defaults
START = (MODEL.mu, MODEL.sigma)

# The number shown: a conservative estimate (99.7 % likely to be below the player's true
# skill: mu - 3 sigma), moved to a range people know from chess clubs. A newcomer shows
# 1000; regulars of a club settle between about 1200 and 1900.
DISPLAY_BASE = 1000
DISPLAY_SCALE = 25
PROVISIONAL_GAMES = 10  # fewer rated games than this: the rating is still settling

# Tied players are rated as the average over the orders they could have finished in (see
# rate_table); past this many orders, rotations of each tied group stand for them all.
MAX_ORDERINGS = 120

Rating = tuple[float, float]  # (mu, sigma)


def shown_rating(mu: float, sigma: float) -> int:
    """The rating as the pages show it: 1000 + 25 × (mu − 3 sigma), rounded."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma))


def rate_table(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """The ratings after one game, from the ratings before and the places (1 = best; tied
    players share a place).

    openskill 6.2's Plackett–Luce gives wrong updates when ranks are tied (a third place
    can gain as much as two tied winners: openskill.py issues 155 and 173), so ties never
    reach it: the game is rated once for each order the tied players could have finished
    in, and the results are averaged. Tied players with equal ratings get equal updates.
    """
    if len(before) != len(places):
        raise ValueError("One place per player is needed.")
    orders = _finishing_orders(list(places))
    totals = [[0.0, 0.0] for _ in before]
    for order in orders:
        teams = [[MODEL.create_rating(list(before[i]))] for i in order]
        rated = MODEL.rate(teams, ranks=[float(rank) for rank in range(1, len(order) + 1)])
        for index, team in zip(order, rated, strict=True):
            totals[index][0] += team[0].mu
            totals[index][1] += team[0].sigma
    return [(mu / len(orders), sigma / len(orders)) for mu, sigma in totals]


def _finishing_orders(places: list[int]) -> list[tuple[int, ...]]:
    """Every order of the players (as indexes, best first) that the places allow."""
    groups = [
        [index for index, place in enumerate(places) if place == value]
        for value in sorted(set(places))
    ]
    count = math.prod(math.factorial(len(group)) for group in groups)
    if count <= MAX_ORDERINGS:
        choices = [list(itertools.permutations(group)) for group in groups]
    else:
        choices = [[tuple(g[i:] + g[:i]) for i in range(len(g))] for g in groups]
    return [tuple(itertools.chain.from_iterable(pick)) for pick in itertools.product(*choices)]
