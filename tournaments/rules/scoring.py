"""Points for one hand: one small function per variant and way of ending, as in rules.md §2."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .hands import DRAW, GIN_, GOING_OUT, KNOCK, RAMI_SEC, UNDERCUT, Hand, ends_in_gin
from .variants import GinRami, GinRummy, RamiJokers, RamiPenalites, RamiTraditionnel, Rummy, Variant

Counts = dict[str, int]
Outcome = tuple[str, str | None, Counts]  # the result, who won the hand, everyone's points


@dataclass(frozen=True)
class HandResult:
    """What a hand gave: who won it and how, each counted value and everyone's points."""

    number: int
    result: str  # going_out, rami_sec, knock, undercut, gin or draw
    winner: str | None
    counted: Counts
    points: Counts


def score_hand(
    variant: Variant, players: tuple[str, ...], hand: Hand, counted: Counts, number: int
) -> HandResult:
    """Score a hand whose held values are already counted (see hands.count_hand)."""
    scorer = SCORERS[type(variant)]
    result, winner, points = scorer(variant, hand, counted)
    everyone = {name: points.get(name, 0) for name in players}
    return HandResult(number, result, winner, dict(counted), everyone)


def _ender(hand: Hand) -> str:
    """Who ended the hand: count_hand refused any hand but a draw that nobody ended."""
    assert hand.ended_by is not None
    return hand.ended_by


def rami_traditionnel(v: RamiTraditionnel, hand: Hand, counted: Counts) -> Outcome:
    """The winner collects the sum of the others' counts; the others score 0."""
    points = sum(counted.values())
    if hand.how == RAMI_SEC:
        points += v.rami_sec_bonus  # added once, not per opponent (vector T03)
    return hand.how, hand.ended_by, {_ender(hand): points}


def rami_penalites(v: RamiPenalites, hand: Hand, counted: Counts) -> Outcome:
    """The winner scores 0, each other player his count as penalty points."""
    if hand.how == GOING_OUT:
        return hand.how, hand.ended_by, dict(counted)
    if v.rami_mode == "double":
        return hand.how, hand.ended_by, {name: c * 2 for name, c in counted.items()}
    # R10: on rami sec each other player scores his count + the rami penalty.
    return hand.how, hand.ended_by, {name: c + v.rami_penalty for name, c in counted.items()}


def rummy(v: Rummy, hand: Hand, counted: Counts) -> Outcome:
    """Each loser pays the winner his count, multiplied on rami sec; the hand sums to zero."""
    multiplier = v.rummy_multiplier if hand.how == RAMI_SEC else 1
    points = {name: -c * multiplier for name, c in counted.items()}
    points[_ender(hand)] = -sum(points.values())
    return hand.how, hand.ended_by, points


def rami_jokers(v: RamiJokers, hand: Hand, counted: Counts) -> Outcome:
    """The winner scores 0 (or the rami sec score, R13), the others their count."""
    points = dict(counted)
    points[_ender(hand)] = v.rami_sec_score if hand.how == RAMI_SEC else 0
    return hand.how, hand.ended_by, points


def gin_rami(v: GinRami, hand: Hand, counted: Counts) -> Outcome:
    """Penalty gin for 2-4 players: gin, knock won, or undercut (R07)."""
    knocker = _ender(hand)
    others = {name: d for name, d in counted.items() if name != knocker}
    if ends_in_gin(hand, counted[knocker]):
        # No lay-offs on a gin (a knock with no deadwood is one, R22): every other player
        # scores his deadwood + the gin penalty.
        return GIN_, knocker, {name: d + v.gin_penalty for name, d in others.items()}
    lowest = min(others.values())
    if lowest > counted[knocker]:
        return KNOCK, knocker, {name: d - counted[knocker] for name, d in others.items()}
    # R07: a tie is an undercut; the lowest defender is the reference and wins the hand,
    # the first in seating order when several tie (R21).
    undercutter = next(name for name, d in others.items() if d == lowest)
    points = {name: d - lowest for name, d in others.items()}
    points[knocker] = counted[knocker] - lowest + v.undercut_penalty
    return UNDERCUT, undercutter, points


def gin_rummy(v: GinRummy, hand: Hand, counted: Counts) -> Outcome:
    """Two-player gin: the hand's winner scores, the loser scores nothing."""
    if hand.how == DRAW:
        return DRAW, None, {}
    knocker = _ender(hand)
    # __post_init__ gave both bonuses their system's value when the options left them out.
    assert v.gin_bonus is not None and v.undercut_bonus is not None
    defender, deadwood = next((n, d) for n, d in counted.items() if n != knocker)
    if ends_in_gin(hand, counted[knocker]):  # a knock with no deadwood is a gin (R22)
        return GIN_, knocker, {knocker: v.gin_bonus + deadwood}  # gin cannot be undercut
    if deadwood > counted[knocker]:
        return KNOCK, knocker, {knocker: deadwood - counted[knocker]}
    # Undercut, ties included: the defender scores the bonus and the difference.
    return UNDERCUT, defender, {defender: v.undercut_bonus + counted[knocker] - deadwood}


# Each scorer takes the variant class it is filed under: a registry keyed by class, which no
# mapping type can tie to its values, hence the one Any.
SCORERS: dict[type[Variant], Callable[[Any, Hand, Counts], Outcome]] = {
    RamiTraditionnel: rami_traditionnel,
    RamiPenalites: rami_penalites,
    Rummy: rummy,
    RamiJokers: rami_jokers,
    GinRami: gin_rami,
    GinRummy: gin_rummy,
}
