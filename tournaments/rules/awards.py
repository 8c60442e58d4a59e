"""Who wins which prize of a tournament (docs/prizes.md), pure, in integer cents.

The places of the pool (the event's percentages by place) and the prize categories (best
woman, under 18...) each have their prizes: money (a share of the pool, or a fixed amount the
club adds) or a prize in kind. Allocating them takes two steps.

1. **Who takes which place**, going down the standings (tie-breaks applied). With one prize
   each (the chess rule), each player takes the most valuable prize still open to him: of
   each category he is in, its next place not taken; money before a prize in kind, the larger
   amount first, and at equal value the category listed first (the overall places first).
   With several prizes allowed, each category gives its places to its players in order.
2. **Money shared by level players.** In each category, players level for money who took its
   places share the money of those places, with the category's players level with them who
   took nothing: equally, or by the Hort system. Level means equal on points (the shared
   rules), or equal on points and every tie-break (the tie-breaks decide, the default). A
   prize in kind is never shared: the tie-break gives it.

What nobody takes of the pool (percentages not given, a category with nobody in it) goes to
the winner, as the cents left by the rounding do (rules R21); a fixed amount nobody takes is
not paid. So the money given is the pool plus the fixed amounts taken, to the cent.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .prizes import share_between

ONE_EACH = "one"  # a player wins at most one prize, the most valuable he can
SEVERAL = "several"  # a player may win a prize in each of his categories
RULES = (ONE_EACH, SEVERAL)

TIE_BREAKS = "tie_breaks"  # the tie-breaks decide; players level on everything share
EQUAL = "equal"  # players level on points share equally
HORT = "hort"  # players level on points share by the Hort system
TIES = (TIE_BREAKS, EQUAL, HORT)

ALONE = "alone"  # one winner, nobody level with him
TIE_BREAK = "tie_break"  # a prize in kind among level players: the tie-break gave it


@dataclass(frozen=True)
class Ranked:
    """A player as the standings rank him; the standings are given in their order."""

    player: int
    points: Hashable  # tournament points: level means equal
    place: int  # shared by the players level on points and on every tie-break


@dataclass(frozen=True)
class Prize:
    """One place's prize in a category: money (cents) or a prize in kind (its words)."""

    place: int  # in its category, 1 first
    cents: int | None = None  # None: a prize in kind
    in_kind: str = ""
    from_pool: bool = False  # a share of the pool; otherwise a fixed amount the club adds

    @property
    def is_money(self) -> bool:
        return self.cents is not None

    @property
    def worth_giving(self) -> bool:
        """A share of an empty pool is no prize: nobody takes it, in place of a real one."""
        return self.cents is None or self.cents > 0


@dataclass(frozen=True)
class Category:
    key: str
    players: frozenset[int] | None  # None: every player
    prizes: tuple[Prize, ...]  # by place

    def has(self, player: int) -> bool:
        return self.players is None or player in self.players


@dataclass(frozen=True)
class Award:
    """A prize given: one place, or the places whose money level players share."""

    category: str
    prizes: tuple[Prize, ...]  # the places it covers, in order
    shares: tuple[tuple[int, int | None], ...]  # (player, cents or None in kind), in order
    how: str  # ALONE, EQUAL or HORT (money shared), TIE_BREAK (in kind, level players)
    # Why it went there, for the line that says so: the category's players level with its
    # winner who do not share it; the players ranked ahead of its winner who are not in the
    # category; the category's players ranked ahead who took another category's prize
    # (one prize each), with that prize (category, place).
    level: tuple[int, ...] = ()
    outside: tuple[int, ...] = ()
    elsewhere: tuple[tuple[int, str, int], ...] = ()

    @property
    def cents(self) -> int:
        return sum(cents or 0 for _player, cents in self.shares)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(player for player, _cents in self.shares)

    @property
    def is_money(self) -> bool:
        return self.prizes[0].is_money


@dataclass(frozen=True)
class Allocation:
    awards: tuple[Award, ...]  # by category, then place
    unawarded: tuple[tuple[str, Prize], ...]  # (category, prize) that nobody could take
    rest: int  # the cents of the pool nobody took: the winner's
    winner: int | None

    def money(self) -> dict[int, int]:
        """Each winner's cents, every award and the rest of the pool counted."""
        found: dict[int, int] = {}
        for award in self.awards:
            for player, cents in award.shares:
                if cents is not None:
                    found[player] = found.get(player, 0) + cents
        if self.winner is not None and self.rest:
            found[self.winner] = found.get(self.winner, 0) + self.rest
        return found


def pool_share(pool: int, percent: Fraction) -> int:
    """A percentage of the pool in cents, rounded down (the cents left go to the winner)."""
    return int(Fraction(pool) * Fraction(percent) / 100)


def allocate(
    standings: Sequence[Ranked],
    categories: Sequence[Category],
    *,
    pool: int,
    rule: str = ONE_EACH,
    ties: str = TIE_BREAKS,
) -> Allocation:
    """Every prize of `categories` (the overall places first, then the categories in the
    organiser's order) given to the `standings`, whose pool is `pool` cents."""
    if rule not in RULES or ties not in TIES:
        raise ValueError(f"unknown allocation {rule!r} or ties {ties!r}")
    position = {ranked.player: index for index, ranked in enumerate(standings)}
    taken, holdings = _take_places(standings, categories, one_each=rule == ONE_EACH)
    awards: list[Award] = []
    # One prize each: a level player who took no place joins one category's share only, the
    # first he is level in (overall first, then the organiser's order).
    joined: set[int] = set()
    for category, takers in zip(categories, taken, strict=True):
        awards += _category_awards(
            category, takers, standings, holdings, position, rule, ties, joined
        )
    given = {(award.category, prize.place) for award in awards for prize in award.prizes}
    unawarded = tuple(
        (category.key, prize)
        for category in categories
        for prize in category.prizes
        if prize.worth_giving and (category.key, prize.place) not in given
    )
    from_pool = sum(
        prize.cents or 0 for award in awards for prize in award.prizes if prize.from_pool
    )
    winner = standings[0].player if standings else None
    rest = pool - from_pool if winner is not None else pool
    return Allocation(tuple(awards), unawarded, rest, winner)


Taken = list[tuple[Prize, Ranked]]


def _take_places(
    standings: Sequence[Ranked], categories: Sequence[Category], *, one_each: bool
) -> tuple[list[Taken], dict[int, list[tuple[str, Prize]]]]:
    """Step 1: who takes which place of each category, in the standings' order; and what
    each player took."""
    places = [[prize for prize in c.prizes if prize.worth_giving] for c in categories]
    taken: list[Taken] = [[] for _category in categories]
    holdings: dict[int, list[tuple[str, Prize]]] = {}
    if one_each:
        for ranked in standings:
            best: tuple[tuple[int, int], int] | None = None
            for index, category in enumerate(categories):
                open_places = places[index][len(taken[index]) :]
                if open_places and category.has(ranked.player):
                    prize = open_places[0]
                    # Money before a prize in kind, the larger amount first; at equal value
                    # the category listed first (max keeps the first of equals).
                    value = (1, prize.cents) if prize.cents is not None else (0, 0)
                    if best is None or value > best[0]:
                        best = (value, index)
            if best is not None:
                index = best[1]
                prize = places[index][len(taken[index])]
                taken[index].append((prize, ranked))
                holdings[ranked.player] = [(categories[index].key, prize)]
    else:
        for index, category in enumerate(categories):
            players = [ranked for ranked in standings if category.has(ranked.player)]
            for prize, ranked in zip(places[index], players, strict=False):
                taken[index].append((prize, ranked))
                holdings.setdefault(ranked.player, []).append((category.key, prize))
    return taken, holdings


def _category_awards(
    category: Category,
    takers: Taken,
    standings: Sequence[Ranked],
    holdings: dict[int, list[tuple[str, Prize]]],
    position: dict[int, int],
    rule: str,
    ties: str,
    joined: set[int],
) -> list[Award]:
    """Step 2 for one category: its places' money shared within each group of level
    players, its prizes in kind given by the tie-break."""

    def level(ranked: Ranked) -> Hashable:
        return (ranked.points, ranked.place) if ties == TIE_BREAKS else ranked.points

    own_places = {ranked.player for _prize, ranked in takers}
    groups: list[Taken] = []
    for prize, ranked in takers:
        if groups and level(groups[-1][0][1]) == level(ranked):
            groups[-1].append((prize, ranked))
        else:
            groups.append([(prize, ranked)])
    awards: list[Award] = []
    for group in groups:
        key = level(group[0][1])
        peers = [r for r in standings if category.has(r.player) and level(r) == key]
        # The category's players level with the group who took none of its places share its
        # money: those past its last place, and (one prize each) those who won nothing.
        joiners = [
            r
            for r in peers
            if r.player not in own_places
            and (rule == SEVERAL or (r.player not in holdings and r.player not in joined))
        ]
        money = [(prize, r) for prize, r in group if prize.is_money]
        in_kind = [(prize, r) for prize, r in group if not prize.is_money]
        if money:
            joined.update(r.player for r in joiners)
            sharers = [r for _prize, r in money] + joiners
            if rule == SEVERAL:  # a place's prize in kind does not keep him from its money
                sharers += [r for _prize, r in in_kind]
            sharers.sort(key=lambda r: position[r.player])
            awards.append(_money_award(category, money, sharers, peers, standings, holdings, ties))
        for prize, ranked in in_kind:
            # Those the tie-break put behind him: the category's level players after him.
            others = tuple(r.player for r in peers if position[r.player] > position[ranked.player])
            awards.append(
                Award(
                    category.key,
                    (prize,),
                    ((ranked.player, None),),
                    TIE_BREAK if others else ALONE,
                    others,
                    *_ahead(category, ranked, standings, holdings),
                )
            )
    awards.sort(key=lambda award: award.prizes[0].place)
    return awards


def _money_award(
    category: Category,
    money: Taken,
    sharers: list[Ranked],
    peers: list[Ranked],
    standings: Sequence[Ranked],
    holdings: dict[int, list[tuple[str, Prize]]],
    ties: str,
) -> Award:
    pot = sum(prize.cents or 0 for prize, _ranked in money)
    prizes = tuple(prize for prize, _ranked in money)
    sharing = {r.player for r in sharers}
    level = tuple(r.player for r in peers if r.player not in sharing)
    if len(sharers) == 1:
        shares: list[int] = [pot]
        how = ALONE
    else:
        # Hort's half by place: what each one's own place was worth (nothing for those who
        # took none), averaged among players level on every tie-break too (no order there).
        own = {r.player: Fraction(prize.cents or 0) for prize, r in money}
        by_place: dict[int, list[Ranked]] = {}
        for ranked in sharers:
            by_place.setdefault(ranked.place, []).append(ranked)
        mine = [
            sum((own.get(r.player, Fraction(0)) for r in by_place[ranked.place]), Fraction(0))
            / len(by_place[ranked.place])
            for ranked in sharers
        ]
        shares = share_between(pot, mine, hort=ties == HORT)
        how = HORT if ties == HORT else EQUAL
    return Award(
        category.key,
        prizes,
        tuple((r.player, cents) for r, cents in zip(sharers, shares, strict=True)),
        how,
        level,
        *_ahead(category, sharers[0], standings, holdings),
    )


def _ahead(
    category: Category,
    winner: Ranked,
    standings: Sequence[Ranked],
    holdings: dict[int, list[tuple[str, Prize]]],
) -> tuple[tuple[int, ...], tuple[tuple[int, str, int], ...]]:
    """The players ranked ahead of the winner not in the category, and those in it who took
    another category's prize instead of this one's."""
    outside: list[int] = []
    elsewhere: list[tuple[int, str, int]] = []
    for ranked in standings:
        if ranked.player == winner.player:
            break
        if not category.has(ranked.player):
            outside.append(ranked.player)
            continue
        held = holdings.get(ranked.player, [])
        if held and all(key != category.key for key, _prize in held):
            key, prize = held[0]
            elsewhere.append((ranked.player, key, prize.place))
    return tuple(outside), tuple(elsewhere)
