"""Who is in a prize category (docs/prizes.md), pure: a category's rule and the facts a club
keeps about a player, read the same way for every event.

The kinds: everyone, women (the gender the club records), an age band at a reference date, a
club's newcomers (their first event at the club), the members of a club (in a federation), a
club rating band, and a list of players the organiser names. A fact the club did not record
keeps the player out of the categories that need it, never in.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

EVERYONE = "everyone"
WOMEN = "women"
AGE = "age"
NEWCOMERS = "newcomers"
CLUB = "club"
RATING = "rating"
NAMED = "named"
KINDS = (EVERYONE, WOMEN, AGE, NEWCOMERS, CLUB, RATING, NAMED)

WOMAN = "woman"  # the value of a player's recorded gender that the women's category reads


@dataclass(frozen=True)
class CategoryRule:
    """What puts a player in a category: its kind and that kind's bounds."""

    kind: str
    age_from: int | None = None  # aged at least this, on the reference date
    age_under: int | None = None  # and younger than this
    reference_date: datetime.date | None = None
    club: int | None = None  # a club's id
    rating_from: int | None = None  # a club rating of at least this
    rating_under: int | None = None  # and under this
    players: frozenset[int] = frozenset()  # the named players' ids


@dataclass(frozen=True)
class PlayerFacts:
    """What the club knows of one player, as the categories read it."""

    player: int
    gender: str = ""  # "" when not recorded
    birth_date: datetime.date | None = None
    birth_year: int | None = None
    first_event: bool = False  # this is his first event at the club
    clubs: frozenset[int] = frozenset()  # his club, and in a federation his other clubs
    rating: int | None = None  # his club rating before the event


def possible_ages(
    on: datetime.date, *, birth_date: datetime.date | None, birth_year: int | None
) -> tuple[int, int] | None:
    """The youngest and oldest he can be on that day: exact from a birth date; from a year
    alone, either age but on 31 December (he may not have had his birthday yet). None when
    the club knows neither."""
    if birth_date is not None:
        had_birthday = (on.month, on.day) >= (birth_date.month, birth_date.day)
        age = on.year - birth_date.year - (0 if had_birthday else 1)
        return age, age
    if birth_year is None:
        return None
    oldest = on.year - birth_year
    return (oldest, oldest) if (on.month, on.day) == (12, 31) else (oldest - 1, oldest)


def in_band(low: int, high: int, *, least: int | None, under: int | None) -> bool:
    """Whether some value between `low` and `high` is at least `least` and under `under`
    (either bound may be absent)."""
    return (least is None or high >= least) and (under is None or low < under)


def is_in(rule: CategoryRule, facts: PlayerFacts, *, on: datetime.date) -> bool:
    """Whether the player is in the category, the event being on `on` (an age band without a
    reference date reads the ages on that day). With only a birth year, a player is in an
    age band if either age he may have is in it: the benefit of the doubt (FIDE's age
    categories go by the year of birth in the same way)."""
    if rule.kind == EVERYONE:
        return True
    if rule.kind == WOMEN:
        return facts.gender == WOMAN
    if rule.kind == AGE:
        ages = possible_ages(
            rule.reference_date or on, birth_date=facts.birth_date, birth_year=facts.birth_year
        )
        return ages is not None and in_band(*ages, least=rule.age_from, under=rule.age_under)
    if rule.kind == NEWCOMERS:
        return facts.first_event
    if rule.kind == CLUB:
        return rule.club in facts.clubs
    if rule.kind == RATING:
        rating = facts.rating
        return rating is not None and in_band(
            rating, rating, least=rule.rating_from, under=rule.rating_under
        )
    if rule.kind == NAMED:
        return facts.player in rule.players
    raise ValueError(f"unknown category kind {rule.kind!r}")


def members(rule: CategoryRule, facts: list[PlayerFacts], *, on: datetime.date) -> frozenset[int]:
    """The players of `facts` who are in the category."""
    return frozenset(each.player for each in facts if is_in(rule, each, on=on))
