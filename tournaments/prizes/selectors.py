"""Reads for a tournament's prizes (docs/prizes.md): its categories, the facts about its
players that they read, and who wins what on the standings (rules/awards.py).

A fixed number of queries whatever the number of players: one for the categories (and one
for their named players when there are categories), then one per kind of fact they read (the
players' gender and birth, their earlier events at the club, their clubs in the federation,
the ratings they brought). Without categories, one query.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Q

from tournaments.models import Event, Player, PrizeCategory, Registration
from tournaments.models.prizes import FIXED, IN_KIND, SHARE
from tournaments.ranking import StandingRow
from tournaments.ratings.selectors import ratings_before
from tournaments.rules import awards, categories
from tournaments.rules.awards import Allocation, Category, Prize, Ranked
from tournaments.rules.categories import CategoryRule, PlayerFacts

OVERALL = "overall"  # the engine's key of the pool's places; a category's is its id
REST = "rest"  # the payout key of what is left of the pool (the winner's)


@dataclass(frozen=True)
class EventPrizes:
    """An event's categories (the organiser's, in order) and who wins what."""

    categories: list[PrizeCategory]
    allocation: Allocation
    pool: Decimal

    def category(self, key: str) -> PrizeCategory | None:
        """The organiser's category of an engine key; None for the overall places."""
        return next((c for c in self.categories if str(c.pk) == key), None)

    @property
    def any(self) -> bool:
        allocation = self.allocation
        return bool(allocation.awards or allocation.unawarded or allocation.rest)


def prize_key(category: str, place: int) -> str:
    """What a payout names a prize by (an award by its first place): "overall:2",
    "category:7:1"."""
    return f"{OVERALL}:{place}" if category == OVERALL else f"category:{category}:{place}"


def event_categories(event: Event) -> list[PrizeCategory]:
    """The event's categories in order, with their named players and club: one query, two
    when there are categories."""
    found = PrizeCategory.objects.filter(event=event).select_related("club")
    return list(found.prefetch_related("players").order_by("position", "id"))


def pool_share_cents(pool: Decimal, percent: Decimal) -> int:
    """A percentage of the pool, in cents rounded down."""
    return awards.pool_share(int(pool * 100), Fraction(percent))


def prizes_of(prizes: Iterable[dict[str, str]], pool: Decimal) -> tuple[Prize, ...]:
    """A category's stored prizes as the engine takes them, by place."""
    found = []
    for place, prize in enumerate(prizes, start=1):
        kind, value = prize["kind"], prize["value"]
        if kind == SHARE:
            cents = pool_share_cents(pool, Decimal(value))
            found.append(Prize(place, cents, from_pool=True))
        elif kind == FIXED:
            found.append(Prize(place, int(Decimal(value) * 100)))
        elif kind == IN_KIND:
            found.append(Prize(place, in_kind=value))
        else:
            raise ValueError(f"unknown prize kind {kind!r}")
    return tuple(found)


def overall_places(event: Event, pool: Decimal) -> Category:
    """The pool's places (the event's percentages by place), for every player."""
    prizes = tuple(
        Prize(place, pool_share_cents(pool, Decimal(percent)), from_pool=True)
        for place, percent in enumerate(event.prize_places, start=1)
    )
    return Category(OVERALL, None, prizes)


def rule_of(category: PrizeCategory) -> CategoryRule:
    return CategoryRule(
        kind=category.kind,
        age_from=category.age_from,
        age_under=category.age_under,
        reference_date=category.reference_date,
        club=category.club_id,
        rating_from=category.rating_from,
        rating_under=category.rating_under,
        players=frozenset(player.pk for player in category.players.all()),
    )


def player_facts(event: Event, player_ids: list[int], kinds: set[str]) -> list[PlayerFacts]:
    """What the categories of these kinds read about the players: one query per kind of
    fact (none for the kinds that read nothing: everyone, named players)."""
    people: dict[int, dict[str, Any]] = {player_id: {} for player_id in player_ids}
    if kinds & {categories.WOMEN, categories.AGE, categories.CLUB}:
        rows = Player.objects.filter(pk__in=player_ids).values_list(
            "pk", "gender", "birth_date", "birth_year", "person__birth_year", "club_id", "person_id"
        )
        persons: dict[int, list[int]] = {}
        for pk, gender, born_on, year, person_year, club, person in rows:
            # A birth year the club did not record may be in the federation's member list.
            people[pk] |= {
                "gender": gender,
                "birth_date": born_on,
                "birth_year": year if year is not None else person_year,
                "clubs": {club},
            }
            if person is not None:
                persons.setdefault(person, []).append(pk)
        if categories.CLUB in kinds and persons:
            # A visitor registered at the host club counts for his own clubs too: the
            # federation knows him as one person (docs/federation.md).
            for person, club in Player.objects.filter(person_id__in=persons).values_list(
                "person_id", "club_id"
            ):
                for pk in persons[person]:
                    people[pk]["clubs"].add(club)
    if categories.NEWCOMERS in kinds:
        earlier = Q(event__date__lt=event.date) | Q(event__date=event.date, event_id__lt=event.pk)
        regulars = set(
            Registration.objects.filter(
                earlier, player_id__in=player_ids, event__club=event.club_id
            )
            .values_list("player_id", flat=True)
            .distinct()
        )
        for pk in player_ids:
            people[pk]["first_event"] = pk not in regulars
    if categories.RATING in kinds:
        for pk, rating in ratings_before(event, player_ids).items():
            people[pk]["rating"] = rating
    return [
        PlayerFacts(pk, **{**fields, "clubs": frozenset(fields.get("clubs", ()))})
        for pk, fields in people.items()
    ]


def event_prizes(
    event: Event,
    rows: Sequence[StandingRow],
    pool: Decimal,
    found: list[PrizeCategory] | None = None,
) -> EventPrizes:
    """Who wins which prize on these standings (in their order), the pool being `pool`:
    the queries of `event_categories` (unless `found` gives them) and `player_facts`."""
    found = event_categories(event) if found is None else found
    standings = [Ranked(row.record.player_id, row.record.points, row.place) for row in rows]
    ids = [ranked.player for ranked in standings]
    facts = player_facts(event, ids, {category.kind for category in found}) if found else []
    engine = [overall_places(event, pool)]
    for category in found:
        members = categories.members(rule_of(category), facts, on=event.date)
        engine.append(Category(str(category.pk), members, prizes_of(category.prizes, pool)))
    allocation = awards.allocate(
        standings,
        engine,
        pool=int(pool * 100),
        rule=event.prize_rule,
        ties=event.prize_ties,
    )
    return EventPrizes(found, allocation, pool)


def shares_set_aside(
    event: Event, found: list[PrizeCategory], *, leaving: int | None = None
) -> Decimal:
    """The percentages of the pool the event gives: its places' and its categories' shares
    (without the category `leaving`, about to change)."""
    total = sum((Decimal(percent) for percent in event.prize_places), Decimal(0))
    for category in found:
        if category.pk != leaving:
            total += sum(
                (Decimal(prize["value"]) for prize in category.prizes if prize["kind"] == SHARE),
                Decimal(0),
            )
    return total
