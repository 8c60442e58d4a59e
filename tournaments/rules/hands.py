"""A hand as it happened at the table, and what each player's cards count for.

A hand records facts: how it ended, who ended it, and what each player held: a count made at
the table, the cards themselves, or "never melded". Counting turns the facts into numbers:
every card in rami-type variants; in gin variants the deadwood after the player's own best
melds and, after a knock, his lay-offs on the knocker's melds.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cache
from typing import TypedDict

from .cards import deck_problems, hand_value, parse_cards
from .errors import Problem, RulesError, problem
from .errors import gettext_noop as _
from .layoffs import knock_counts
from .melds import best_arrangement
from .variants import GIN, RAMI, GinRami, GinRummy, RamiJokers, Variant

GOING_OUT, RAMI_SEC, KNOCK, GIN_, DRAW = "going_out", "rami_sec", "knock", "gin", "draw"
UNDERCUT = "undercut"  # a result, never a way to end a hand: the knocker was undercut
HOWS = {RAMI: (GOING_OUT, RAMI_SEC), GIN: (KNOCK, GIN_, DRAW)}
NEVER_MELDED = "never_melded"

Cards = tuple[int, ...]
Held = int | Cards | str  # a count, the cards, or NEVER_MELDED


@dataclass(frozen=True)
class Hand:
    """The facts of one hand."""

    how: str
    ended_by: str | None
    held: dict[str, Held] = field(default_factory=dict)


def parse_held(value: Held) -> Held:
    """A held value as read from a game file or a form: card codes become cards.

    Anything else is kept as given, so that counting reports it with the hand and the player,
    alongside the hand's other problems.
    """
    if isinstance(value, str) and value != NEVER_MELDED:
        cards, bad = parse_cards(value)
        if not bad:
            return tuple(cards)
    return value


def ways_to_end(variant: Variant) -> tuple[str, ...]:
    """How a hand of this variant can end, the most common way first."""
    return tuple(how for how in HOWS[variant.family] if how != DRAW or variant.has_draws)


# Who says what he held, by way of ending a hand: the one rule that the engine checks, the
# entry form completes and the entry page's script follows (it reads `counted_by_way`).
HOLDS_NOTHING = "holds_nothing"  # rami: who went out laid every card
NO_DEADWOOD = "no_deadwood"  # gin: counted, and 0 by definition when left blank
COUNTED = "counted"
NOBODY = "nobody"  # a draw is ended by nobody
ALL_OR_NONE = "all_or_none"  # a draw: every player's deadwood, or nobody's


@dataclass(frozen=True)
class Counted:
    """Who must say what he held: the player who ended the hand, and the others."""

    ender: str  # HOLDS_NOTHING, NO_DEADWOOD, COUNTED or NOBODY
    others: str  # COUNTED or ALL_OR_NONE


def who_is_counted(variant: Variant, how: str) -> Counted:
    """Who gives a count or cards when a hand of this variant ends this way."""
    if variant.family == RAMI:
        return Counted(HOLDS_NOTHING, COUNTED)
    if how == GIN_:
        return Counted(NO_DEADWOOD, COUNTED)
    if how == DRAW:
        return Counted(NOBODY, ALL_OR_NONE)
    return Counted(COUNTED, COUNTED)


def counted_by_way(variant: Variant) -> dict[str, dict[str, str]]:
    """`who_is_counted` for every way to end a hand of the variant, as plain data (JSON)."""
    return {how: asdict(who_is_counted(variant, how)) for how in ways_to_end(variant)}


def who_must_be_counted(variant: Variant, players: tuple[str, ...], hand: Hand) -> list[str]:
    """Every player but one who went out and holds nothing (rami-type); every player (gin)."""
    if who_is_counted(variant, hand.how).ender == HOLDS_NOTHING:
        return [name for name in players if name != hand.ended_by]
    return list(players)


def hand_shape_problems(
    variant: Variant, players: tuple[str, ...], hand: Hand, number: int
) -> list[Problem]:
    """Problems with how the hand ended, who ended it and who appears in `held`."""
    problems: list[Problem] = []
    if hand.how not in ways_to_end(variant):
        message = _("%(how)s is not a way to end a hand in %(variant)s")
        return [problem(message, hand=number, field="how", how=hand.how, variant=variant.slug)]
    if hand.how == DRAW:
        if hand.ended_by is not None:
            message = _("a drawn hand is ended by nobody")
            problems.append(problem(message, hand=number, field="ended_by"))
        if not hand.held:
            return problems
    elif hand.ended_by is None:
        message = _("say who ended the hand")
        return [problem(message, hand=number, field="ended_by")]
    elif hand.ended_by not in players:
        message = _("%(player)s ended the hand but is not in the game")
        return [problem(message, hand=number, field="ended_by", player=hand.ended_by)]
    expected = who_must_be_counted(variant, players, hand)
    for name in hand.held:
        if name == hand.ended_by and who_is_counted(variant, hand.how).ender == HOLDS_NOTHING:
            message = _("%(player)s went out and holds nothing: leave them out of held")
            problems.append(problem(message, hand=number, player=name, field="held"))
        elif name not in players:
            message = _("%(player)s is not in the game")
            problems.append(problem(message, hand=number, player=name, field="held"))
    for name in expected:
        if name not in hand.held:
            message = _("what %(player)s held is missing")
            problems.append(problem(message, hand=number, player=name, field="held"))
    return problems


class _Where(TypedDict):
    """What a problem with one held value names."""

    hand: int
    player: str
    field: str


@cache
def count_ceiling(variant: Variant, size: int) -> int:
    """The most `size` cards of the variant's deck can be worth: no count can be higher."""
    return variant.deck().most_valuable(
        size, ace_value=variant.ace_value, joker_value=variant.joker_value
    )


@cache
def count_floor(variant: Variant) -> int:
    """The least a rami-type loser's count can be: he holds at least one card (else he would
    have gone out), and every card counts at least 1 (a joker may be set to count 0).

    Reading S11: only 0 is refused. With the ace at 11 a count of 1 is impossible too, but
    refusing it would catch no real slip (a 0 typed for a player who went out is one)."""
    cheapest = variant.deck().least_valuable(
        ace_value=variant.ace_value, joker_value=variant.joker_value
    )
    return min(cheapest, 1)


def ends_in_gin(hand: Hand, knocker_deadwood: int | None) -> bool:
    """Whether a gin-variant hand is scored as a gin: declared one, or a knock with no deadwood
    (R22: a player who reaches no deadwood must end the hand, and that is a gin)."""
    return hand.how == GIN_ or (hand.how == KNOCK and knocker_deadwood == 0)


def value_problems(
    variant: Variant, players: tuple[str, ...], hand: Hand, number: int
) -> list[Problem]:
    """Problems with each held value on its own: range, card count, never-melded."""
    problems: list[Problem] = []
    size = variant.deal_size(len(players))
    ceiling = count_ceiling(variant, size)
    floor = count_floor(variant) if variant.family == RAMI else 0
    for name, value in hand.held.items():
        where: _Where = {"hand": number, "player": name, "field": "held"}
        if isinstance(value, str) and value != NEVER_MELDED:
            bad = parse_cards(value)[1]
            message = _("%(codes)s is not a card code (rank A 2-10 J Q K, then suit S H D C)")
            problems.append(problem(message, codes=" ".join(bad) or value, **where))
        elif isinstance(value, bool) or not (
            value == NEVER_MELDED or isinstance(value, int | tuple)
        ):
            message = _("held must be a count, card codes or never_melded, not %(value)s")
            problems.append(problem(message, value=value, **where))
        elif value == NEVER_MELDED:
            if not variant.has_never_melded:
                message = _("never_melded does not exist in %(variant)s")
                problems.append(problem(message, variant=variant.slug, **where))
        elif isinstance(value, int):
            if value < 0:
                message = _("a count cannot be negative (%(count)s)")
                problems.append(problem(message, count=value, **where))
            elif value > ceiling:
                message = _("%(count)s is more than %(size)s cards can be worth (%(ceiling)s)")
                problems.append(problem(message, count=value, size=size, ceiling=ceiling, **where))
            elif value < floor:
                message = _(
                    "%(count)s is impossible: a player who did not go out holds at least one "
                    "card, worth at least %(floor)s"
                )
                problems.append(problem(message, count=value, floor=floor, **where))
        elif variant.family == RAMI and not value:
            message = _("a player who did not go out holds at least one card")
            problems.append(problem(message, **where))
        elif variant.family == GIN and len(value) != size:
            message = _("a gin player holds exactly %(size)s cards, not %(held)s")
            problems.append(problem(message, size=size, held=len(value), **where))
        elif len(value) > size:
            message = _("at most %(size)s cards, not %(held)s")
            problems.append(problem(message, size=size, held=len(value), **where))
    held_cards = {name: list(v) for name, v in hand.held.items() if isinstance(v, tuple)}
    return problems + deck_problems(variant.deck(), held_cards, hand=number)


def count_hand(
    variant: Variant, players: tuple[str, ...], hand: Hand, number: int
) -> dict[str, int]:
    """Each counted player's value for this hand; RulesError naming the hand and player."""
    problems = hand_shape_problems(variant, players, hand, number)
    if not problems:
        problems = value_problems(variant, players, hand, number)
    if problems:
        raise RulesError(problems)
    if variant.family == RAMI:
        counted = {name: _rami_count(variant, value) for name, value in hand.held.items()}
    else:
        assert isinstance(variant, GinRami | GinRummy)  # the two variants of the gin family
        counted = _gin_counts(variant, hand, number)
    # Seating order matters for ties (R21): the first tied undercutter wins the hand.
    return {name: counted[name] for name in players if name in counted}


def _rami_count(variant: Variant, value: Held) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        # NEVER_MELDED, the only text value_problems lets through, and only where the variant
        # has it: rami-jokers.
        assert value == NEVER_MELDED and isinstance(variant, RamiJokers)
        return variant.never_melded_penalty  # R12: a flat penalty replacing the count
    # Rami-type: every card left in hand counts, melds or not.
    return hand_value(value, ace_value=variant.ace_value, joker_value=variant.joker_value)


def _gin_counts(variant: GinRami | GinRummy, hand: Hand, number: int) -> dict[str, int]:
    ace = variant.ace_value
    counted = {name: v for name, v in hand.held.items() if isinstance(v, int)}
    with_cards = {name: list(v) for name, v in hand.held.items() if isinstance(v, tuple)}
    knocker = hand.ended_by
    if knocker is None:
        # A draw, ended by nobody: no lay-offs, each player's own best melds only.
        for name, cards in with_cards.items():
            counted[name] = best_arrangement(cards, ace_value=ace).deadwood
        return counted
    knocker_deadwood = counted.get(knocker)
    if knocker in with_cards:
        knocker_deadwood = best_arrangement(with_cards[knocker], ace_value=ace).deadwood
    if hand.how == KNOCK and with_cards and not ends_in_gin(hand, knocker_deadwood):
        if knocker not in with_cards:
            # Lay-offs depend on the knocker's melds: a defender's cards alone cannot be
            # counted after a knock.
            name = next(iter(with_cards))
            message = _(
                "to count %(player)s's cards after a knock, give the knocker's cards too "
                "(lay-offs go on his melds), or give %(player)s's count"
            )
            raise RulesError([problem(message, hand=number, player=name, field="held")])
        knocker_cards = with_cards.pop(knocker)
        arrangement, defenders = knock_counts(knocker_cards, with_cards, ace_value=ace)
        counted[knocker] = arrangement.deadwood
        counted.update({name: count.deadwood for name, count in defenders.items()})
    else:
        # No lay-offs on a gin, a knock with no deadwood included (R22), nor on a draw: each
        # player's own best melds only.
        for name, cards in with_cards.items():
            counted[name] = best_arrangement(cards, ace_value=ace).deadwood
    if hand.how == KNOCK and counted[knocker] > variant.knock_max:
        message = _("a knock needs at most %(limit)s deadwood, not %(deadwood)s")
        raise RulesError(
            [
                problem(
                    message,
                    hand=number,
                    player=knocker,
                    field="held",
                    limit=variant.knock_max,
                    deadwood=counted[knocker],
                )
            ]
        )
    if hand.how == GIN_ and counted[knocker] != 0:
        message = _("a gin has no deadwood, yet %(deadwood)s is left")
        raise RulesError(
            [problem(message, hand=number, player=knocker, field="held", deadwood=counted[knocker])]
        )
    return counted
