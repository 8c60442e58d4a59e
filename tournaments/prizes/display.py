"""A tournament's prizes in words (docs/prizes.md): each category and who is in it, each
prize, and the list of prizes with their winners and one line of why ("Best woman: 3rd
overall; the 1st and 2nd are not in the category"), for the results page and sheet.

It never says a player's gender or birth: only which category he won, as any prize list does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from tournaments.models import Event, PrizeCategory
from tournaments.models.prizes import FIXED, SHARE
from tournaments.prizes.selectors import REST, EventPrizes, prize_key
from tournaments.ranking import StandingRow
from tournaments.rules import awards, categories
from tournaments.rules.awards import Award, Prize
from tournaments.words.formats import money, ordinal, plain_number
from tournaments.words.names import by_name

OVERALL_NAME = gettext_lazy("Overall")
# Who is in a category of each kind, as a title when the organiser leaves its name empty.
DEFAULT_NAMES = {
    categories.EVERYONE: gettext_lazy("Trophies"),
    categories.WOMEN: gettext_lazy("Best woman"),
    categories.AGE: gettext_lazy("Age"),
    categories.NEWCOMERS: gettext_lazy("Best newcomer"),
    categories.CLUB: gettext_lazy("Best of a club"),
    categories.RATING: gettext_lazy("Rating band"),
    categories.NAMED: gettext_lazy("Special prize"),
}
RULE_WORDS = {
    awards.ONE_EACH: gettext_lazy(
        "A player wins one prize at most: going down the standings, each takes the most "
        "valuable prize still open to him (money before prizes in kind)."
    ),
    awards.SEVERAL: gettext_lazy(
        "A player may win a prize in each category he is in: each category gives its "
        "prizes to its players in the order of the standings."
    ),
}
TIES_WORDS = {
    awards.TIE_BREAKS: gettext_lazy(
        "The tie-breaks decide who takes which place; players level on points and on every "
        "tie-break share the money of the places they take, equally."
    ),
    awards.EQUAL: gettext_lazy(
        "Players level on points share the money of the places they take, equally, whatever "
        "the tie-breaks."
    ),
    awards.HORT: gettext_lazy(
        "Players level on points share the money of the places they take by the Hort "
        "system: half of it equally, half as their places by the tie-breaks would give it."
    ),
}
IN_KIND_WORDS = gettext_lazy("A prize in kind is never shared: the tie-break gives it.")


def prize_text(prize: dict[str, str]) -> str:
    """One stored prize in words: "10 % of the pool", "20,00 €", "a bottle"."""
    kind, value = prize["kind"], prize["value"]
    if kind == SHARE:
        number = formats.number_format(plain_number(Decimal(value)), use_l10n=True)
        return _("%(percent)s %% of the pool") % {"percent": number}
    if kind == FIXED:
        return money(Decimal(value))
    return value


def who_is_in(category: PrizeCategory) -> str:
    """Who the category is for, in words ("aged under 18 on 1 September 2026")."""
    kind = category.kind
    if kind == categories.AGE:
        return _age_words(category)
    if kind == categories.CLUB:
        name = category.club.name if category.club else "?"
        return _("members of %(club)s") % {"club": name}
    if kind == categories.RATING:
        return _band(
            category.rating_from,
            category.rating_under,
            _("club rating %(low)s or more, under %(high)s"),
            _("club rating %(low)s or more"),
            _("club rating under %(high)s"),
        )
    if kind == categories.NAMED:
        names = sorted((player.name for player in category.players.all()), key=by_name)
        return ", ".join(names) or _("nobody named yet")
    return {
        categories.EVERYONE: _("every player"),
        categories.WOMEN: _("women"),
        categories.NEWCOMERS: _("newcomers: their first event at the club"),
    }[kind]


def _age_words(category: PrizeCategory) -> str:
    ages = _band(
        category.age_from,
        category.age_under,
        _("aged %(low)s or more and under %(high)s"),
        _("aged %(low)s or more"),
        _("aged under %(high)s"),
    )
    if category.reference_date is None:
        return _("%(ages)s on the day of the event") % {"ages": ages}
    day = formats.date_format(category.reference_date)
    return _("%(ages)s on %(date)s") % {"ages": ages, "date": day}


def _band(low: int | None, high: int | None, both: str, from_only: str, under_only: str) -> str:
    if low is not None and high is not None:
        return both % {"low": low, "high": high}
    if low is not None:
        return from_only % {"low": low}
    return under_only % {"high": high}


def category_name(category: PrizeCategory | None) -> str:
    if category is None:
        return str(OVERALL_NAME)
    return category.name or str(DEFAULT_NAMES[category.kind])


def allocation_rules(event: Event) -> list[str]:
    """How the event gives its prizes, in sentences."""
    return [
        str(RULE_WORDS[event.prize_rule]),
        str(TIES_WORDS[event.prize_ties]),
        str(IN_KIND_WORDS),
    ]


# The list of prizes ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Winner:
    name: str
    amount: str  # his share of the money; "" for a prize in kind


@dataclass(frozen=True)
class PrizeLine:
    """One prize (or the places level players share) with its winners and why."""

    key: str  # what a payout names it by
    category: str
    places: str  # "1st", "2nd–3rd"; "" for the rest of the pool
    prize: str  # "50,00 €", "a bottle"
    winners: list[Winner] = field(default_factory=list)
    why: str = ""
    cents: dict[int, int] = field(default_factory=dict)  # player id → cents (money only)


@dataclass(frozen=True)
class Person:
    name: str
    place: int
    tied: bool


def people_of(rows: Sequence[StandingRow]) -> dict[int, Person]:
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.place] = counts.get(row.place, 0) + 1
    return {
        row.record.player_id: Person(row.record.name, row.place, counts[row.place] > 1)
        for row in rows
    }


def prize_lines(prizes: EventPrizes, rows: Sequence[StandingRow]) -> list[PrizeLine]:
    """Every prize in order (the overall places, then each category), with its winners and
    one line of why; then the rest of the pool, then the prizes nobody could take."""
    people = people_of(rows)
    allocation = prizes.allocation
    held = {
        player: award for award in allocation.awards for player in award.winners
    }  # one prize each: what each took (several: one of them, enough to name it)
    lines = [_award_line(award, prizes, people, held) for award in allocation.awards]
    if allocation.rest and allocation.winner is not None:
        winner = people[allocation.winner]
        lines.append(
            PrizeLine(
                key=REST,
                category=_("Rest of the pool"),
                places="",
                prize=money(Decimal(allocation.rest) / 100),
                winners=[Winner(winner.name, money(Decimal(allocation.rest) / 100))],
                why=_(
                    "What the percentages and the prizes nobody took leave of the pool, "
                    "and the cents of the rounding, go to the winner."
                ),
                cents={allocation.winner: allocation.rest},
            )
        )
    for key, prize in allocation.unawarded:
        category = prizes.category(key)
        lines.append(
            PrizeLine(
                key=prize_key(key, prize.place),
                category=category_name(category),
                places=_places((prize,), category),
                prize=_worth(prize),
                why=_unawarded_why(prize),
            )
        )
    return lines


def _worth(prize: Prize) -> str:
    if prize.cents is None:
        return prize.in_kind
    return money(Decimal(prize.cents) / 100)


def _places(prizes: Sequence[Prize], category: PrizeCategory | None) -> str:
    if category is not None and len(category.prizes) == 1:
        return ""  # a category with one prize: its name says it
    first, last = prizes[0].place, prizes[-1].place
    if first == last:
        return ordinal(first)
    return _("%(first)s–%(last)s") % {"first": ordinal(first), "last": ordinal(last)}


def _unawarded_why(prize: Prize) -> str:
    if prize.from_pool:
        return _("Nobody could take it: its money goes to the winner with the rest of the pool.")
    if prize.is_money:
        return _("Nobody could take it: it is not paid.")
    return _("Nobody could take it.")


def _award_line(
    award: Award, prizes: EventPrizes, people: dict[int, Person], held: dict[int, Award]
) -> PrizeLine:
    category = prizes.category(award.category)
    money_award = award.is_money
    winners = [
        Winner(people[player].name, money(Decimal(cents) / 100) if cents is not None else "")
        for player, cents in award.shares
    ]
    worth = money(Decimal(award.cents) / 100) if money_award else award.prizes[0].in_kind
    return PrizeLine(
        key=prize_key(award.category, award.prizes[0].place),
        category=category_name(category),
        places=_places(award.prizes, category),
        prize=worth,
        winners=winners,
        why=_why(award, prizes, people, held),
        cents={player: cents for player, cents in award.shares if cents is not None},
    )


def place_of(person: Person) -> str:
    """Where the standings put him: "3rd", or "3rd=" when he shares the place."""
    return ordinal(person.place) + ("=" if person.tied else "")


def _why(
    award: Award, prizes: EventPrizes, people: dict[int, Person], held: dict[int, Award]
) -> str:
    """One line: where the winner finished, who ahead of him is not in the category or took
    another prize, and how level players shared it."""
    first = people[award.winners[0]]
    parts = [_("%(place)s overall") % {"place": place_of(first)}]
    if award.outside:
        parts.append(_outside_words([people[p] for p in award.outside]))
    for player, key, place in award.elsewhere[:2]:
        parts.append(
            _("%(name)s (%(place)s) took %(prize)s")
            % {
                "name": people[player].name,
                "place": place_of(people[player]),
                "prize": _prize_name(prizes, key, place),
            }
        )
    if len(award.elsewhere) > 2:
        more = len(award.elsewhere) - 2
        parts.append(
            ngettext(
                "%(count)s other player ahead took another prize",
                "%(count)s other players ahead took other prizes",
                more,
            )
            % {"count": more}
        )
    if len(award.shares) > 1:
        parts.append(_sharing_words(award, people))
    for player in award.level[:2]:
        other = held.get(player)
        if award.how == awards.TIE_BREAK:
            parts.append(
                _("level on points with %(name)s (%(place)s): the tie-break gives it")
                % {"name": people[player].name, "place": place_of(people[player])}
            )
        elif other is not None:
            parts.append(
                _("%(name)s (%(place)s), level with them, took %(prize)s")
                % {
                    "name": people[player].name,
                    "place": place_of(people[player]),
                    "prize": _prize_name(prizes, other.category, other.prizes[0].place),
                }
            )
    # Translators: between the parts of a prize's line of why ("3rd overall; the 1st…").
    text = pgettext("between the parts of a line", "; ").join(parts)
    return _("%(line)s.") % {"line": text[:1].upper() + text[1:]}


def _outside_words(ahead: list[Person]) -> str:
    if len(ahead) > 3:
        return ngettext(
            "the %(count)s player ahead is not in the category",
            "the %(count)s players ahead are not in the category",
            len(ahead),
        ) % {"count": len(ahead)}
    places = [place_of(person) for person in ahead]
    listed = (
        places[0]
        if len(places) == 1
        else _("%(some)s and %(last)s")
        % {
            "some": ", ".join(places[:-1]),
            "last": places[-1],
        }
    )
    return ngettext(
        "the %(places)s is not in the category",
        "the %(places)s are not in the category",
        len(places),
    ) % {"places": listed}


def _sharing_words(award: Award, people: dict[int, Person]) -> str:
    names = [people[player].name for player in award.winners]
    listed = _("%(some)s and %(last)s") % {"some": ", ".join(names[:-1]), "last": names[-1]}
    if award.how == awards.HORT:
        return _("%(names)s, level on points, share it by the Hort system") % {"names": listed}
    return _("%(names)s, level, share it equally") % {"names": listed}


def _prize_name(prizes: EventPrizes, key: str, place: int) -> str:
    category = prizes.category(key)
    name = category_name(category)
    if category is not None and len(category.prizes) == 1:
        return f"“{name}”"
    return _("“%(category)s, %(place)s”") % {"category": name, "place": ordinal(place)}
