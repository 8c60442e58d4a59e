"""Prize splits (rules.md §3), in integer cents that always add up to the pot: a table's pot,
a tournament pool by places, and a prize shared by players level on points (docs/prizes.md)."""

from __future__ import annotations

from fractions import Fraction

from .variants import Variant

Cents = dict[str, int]


def split_prize_pool(
    variant: Variant, ranking: list[str], totals: dict[str, int], pot: int
) -> Cents:
    """Each player's share of the pot, in cents, by the variant's prize rule."""
    if variant.prize_rule == "traditionnel":
        return winner_collects(variant, ranking, totals, pot)
    if variant.prize_rule == "gin-rami":
        return gin_rami_shares(variant, ranking, totals, pot)
    return by_places(variant.prize_places, ranking, totals, pot)


def winner_collects(
    variant: Variant, ranking: list[str], totals: dict[str, int], pot: int
) -> Cents:
    """The winner takes at least 75 %; the rest goes, pro rata to their totals, to the players
    less than 80 points behind him (R02; exactly 80 behind is out, R03)."""
    winner, others = ranking[0], ranking[1:]
    weights = {
        name: totals[name]
        for name in others
        if totals[winner] - totals[name] < variant.prize_window
    }
    return _winner_and_weighted_shares(variant, winner, ranking, weights, pot)


def gin_rami_shares(
    variant: Variant, ranking: list[str], totals: dict[str, int], pot: int
) -> Cents:
    """The winner takes at least 75 %; players under 25 penalty points share the rest with
    weight 25 − penalty (R08)."""
    winner, limit = ranking[0], variant.prize_penalty_limit
    weights = {name: limit - totals[name] for name in ranking[1:] if totals[name] < limit}
    return _winner_and_weighted_shares(variant, winner, ranking, weights, pot)


def _winner_and_weighted_shares(
    variant: Variant, winner: str, ranking: list[str], weights: dict[str, int], pot: int
) -> Cents:
    shares = dict.fromkeys(ranking, 0)
    weights = {name: weight for name, weight in weights.items() if weight > 0}
    rest = Fraction(pot) * (1 - Fraction(variant.prize_winner_share))
    total_weight = sum(weights.values())
    for name, weight in weights.items():
        # R04: the others' shares are rounded down to the cent; the winner takes the rest,
        # so he never drops below his floor.
        shares[name] = int(rest * weight / total_weight)
    shares[winner] = pot - sum(shares.values())
    return shares


def by_places(
    percentages: tuple[int, ...], ranking: list[str], totals: dict[str, int], pot: int
) -> Cents:
    """Percentages by final place; tied players share the places they occupy equally; the
    cents left over (and unused percentages) go to the best placed (R21)."""
    shares = dict.fromkeys(ranking, 0)
    place = 0
    for group in _tied_groups(ranking, totals):
        occupied = sum(percentages[place : place + len(group)])
        for name in group:
            shares[name] = int(Fraction(pot * occupied, 100 * len(group)))
        place += len(group)
    shares[ranking[0]] += pot - sum(shares.values())
    return shares


def _tied_groups(ranking: list[str], totals: dict[str, int]) -> list[list[str]]:
    groups: list[list[str]] = []
    for name in ranking:
        if groups and totals[groups[-1][0]] == totals[name]:
            groups[-1].append(name)
        else:
            groups.append([name])
    return groups


def share_between(pot: int, own: list[Fraction], *, hort: bool) -> list[int]:
    """A prize of `pot` cents shared by level players, in their standings order: equally, or
    by the Hort system (half shared equally, half by place: `own` is what each one's place
    was worth, adding up to `pot`). Each share is rounded down to the cent and the cents left
    go one each to the best placed of them, so that the shares add up to the pot."""
    count = len(own)
    exact = [
        Fraction(pot, 2 * count) + Fraction(mine) / 2 if hort else Fraction(pot, count)
        for mine in own
    ]
    shares = [int(amount) for amount in exact]  # non-negative: int() rounds down
    for index in range(pot - sum(shares)):
        shares[index] += 1
    return shares


def format_cents(cents: int) -> str:
    """An amount as the game file writes it: "75.00"."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"
