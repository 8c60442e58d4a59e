"""Writes of a tournament's prizes (docs/prizes.md): its categories added, changed or removed,
and the facts about a player that the categories read (gender, birth).

Each change is one transaction, checked first (ValidationError, a sentence per problem), kept
in the rows' history with who, when and why, and moves the version of the pages that show
the prizes.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Club, Event, Player, PrizeCategory
from tournaments.models.prizes import FIXED, IN_KIND, SHARE
from tournaments.prizes.selectors import event_categories, shares_set_aside
from tournaments.rules import categories
from tournaments.rules.text import escaped, unprintable

MOST_CATEGORIES = 20
MOST_PRIZES = 30  # in a category
MOST_FIXED = Decimal("99999.99")
IN_KIND_LENGTH = 100


def _event_changed(event_id: int) -> None:
    # What play/services/versions.event_changed does (it stands on a floor above this one):
    # the public standings show the prizes, and phones compare the event's version.
    Event.objects.filter(pk=event_id).update(version=F("version") + 1)


def save_category(
    *,
    event: Event,
    category: PrizeCategory | None = None,
    name: str,
    kind: str,
    prizes: Sequence[dict[str, str]],
    age_from: int | None = None,
    age_under: int | None = None,
    reference_date: datetime.date | None = None,
    club: Club | None = None,
    rating_from: int | None = None,
    rating_under: int | None = None,
    players: Sequence[Player] = (),
    user: Any = None,
    reason: str = "",
) -> PrizeCategory:
    """Add a category to the event (after its others), or change `category`: who is in it and
    its prizes by place ({"kind": "share" | "fixed" | "in_kind", "value": ...}). Refused
    when the shares of the pool would pass 100 %, with each problem."""
    name = " ".join(name.split())
    with transaction.atomic():
        # The event's row, locked: two categories saved at once cannot both take the last
        # percent of the pool.
        locked = Event.objects.select_for_update().get(pk=event.pk)
        found = event_categories(locked)
        prizes = [dict(prize) for prize in prizes]
        problems = _problems(locked, name, kind, prizes, found, category)
        problems += _who_problems(
            locked, kind, age_from, age_under, club, rating_from, rating_under, players
        )
        if problems:
            raise ValidationError(problems)
        if category is None:
            category = PrizeCategory(
                event=locked,
                position=max((c.position for c in found), default=0) + 1,
                created_by=user if getattr(user, "is_authenticated", False) else None,
            )
            category._change_reason = reason or "category added"
        else:
            category._change_reason = reason or "category changed"
        category.name = name
        category.kind = kind
        category.prizes = [_stored(prize) for prize in prizes]
        category.age_from = age_from if kind == categories.AGE else None
        category.age_under = age_under if kind == categories.AGE else None
        category.reference_date = reference_date if kind == categories.AGE else None
        category.club = club if kind == categories.CLUB else None
        category.rating_from = rating_from if kind == categories.RATING else None
        category.rating_under = rating_under if kind == categories.RATING else None
        if getattr(user, "is_authenticated", False):
            category._history_user = user
        category.save()
        category.players.set(players if kind == categories.NAMED else [])
        _event_changed(locked.pk)
    return category


def _stored(prize: dict[str, str]) -> dict[str, str]:
    """A prize as the row keeps it: amounts written plainly ("10", "20.00")."""
    if prize["kind"] == FIXED:
        return {"kind": FIXED, "value": f"{Decimal(prize['value']):.2f}"}
    if prize["kind"] == SHARE:
        return {"kind": SHARE, "value": str(Decimal(prize["value"]).normalize())}
    return {"kind": IN_KIND, "value": " ".join(prize["value"].split())}


def _problems(
    event: Event,
    name: str,
    kind: str,
    prizes: list[dict[str, str]],
    found: list[PrizeCategory],
    category: PrizeCategory | None,
) -> list[str]:
    problems = []
    if not event.is_tournament:
        problems.append(
            _("Prize categories are for tournaments: a club night's tables play for their pots.")
        )
    if category is None and len(found) >= MOST_CATEGORIES:
        problems.append(
            _("An event has at most %(most)s prize categories.") % {"most": MOST_CATEGORIES}
        )
    if kind not in categories.KINDS:
        problems.append(_("Choose who the category is for."))
    if len(name) > 80:
        problems.append(_("A category's name has at most 80 characters."))
    if unprintable(name):
        problems.append(
            _("The name %(name)s holds a control character: a name is plain text.")
            % {"name": escaped(name)}
        )
    if not prizes:
        problems.append(_("Give the category at least one prize."))
    if len(prizes) > MOST_PRIZES:
        problems.append(_("A category has at most %(most)s prizes.") % {"most": MOST_PRIZES})
    for place, prize in enumerate(prizes, start=1):
        problem = _prize_problem(prize)
        if problem:
            problems.append(
                _("Prize %(place)s: %(problem)s") % {"place": place, "problem": problem}
            )
    if not problems:
        others = shares_set_aside(event, found, leaving=category.pk if category else None)
        mine = sum(
            (Decimal(prize["value"]) for prize in prizes if prize["kind"] == SHARE), Decimal(0)
        )
        if others + mine > 100:
            problems.append(
                _(
                    "The shares of the pool would add up to %(total)s %%: the places and the "
                    "other categories take %(others)s %%, this one %(mine)s %%. Lower them to "
                    "100 %% at most."
                )
                % {
                    "total": _percent(others + mine),
                    "others": _percent(others),
                    "mine": _percent(mine),
                }
            )
    return problems


def _percent(value: Decimal) -> str:
    """100 → "100", 4.5 → "4.50": as the organiser typed it, never "1E+2"."""
    return f"{value:.0f}" if value == value.to_integral_value() else f"{value:.2f}"


def _prize_problem(prize: dict[str, str]) -> str:
    kind, value = prize.get("kind"), str(prize.get("value", ""))
    if kind == IN_KIND:
        value = " ".join(value.split())
        if not value:
            return _("say what the prize in kind is.")
        if len(value) > IN_KIND_LENGTH:
            return _("a prize in kind is said in %(most)s characters at most.") % {
                "most": IN_KIND_LENGTH
            }
        if unprintable(value):
            return _("%(text)s holds a control character.") % {"text": escaped(value)}
        return ""
    try:
        amount = Decimal(value)
    except InvalidOperation:
        return _("%(value)s is not a number.") % {"value": escaped(value)}
    if not amount.is_finite() or amount <= 0 or amount != amount.quantize(Decimal("0.01")):
        return _("give a positive amount, to the cent.")
    if kind == SHARE and amount > 100:
        return _("a share of the pool is %(most)s %% at most.") % {"most": 100}
    if kind == FIXED and amount > MOST_FIXED:
        return _("an amount is %(most)s at most.") % {"most": MOST_FIXED}
    if kind not in (SHARE, FIXED):
        return _("unknown kind of prize.")
    return ""


def _who_problems(
    event: Event,
    kind: str,
    age_from: int | None,
    age_under: int | None,
    club: Club | None,
    rating_from: int | None,
    rating_under: int | None,
    players: Sequence[Player],
) -> list[str]:
    if kind == categories.AGE:
        if age_from is None and age_under is None:
            return [_("Give the ages: at least, under, or both.")]
        if age_from is not None and age_under is not None and age_from >= age_under:
            return [_("The youngest age must be under the age limit.")]
    if kind == categories.RATING:
        if rating_from is None and rating_under is None:
            return [_("Give the ratings: at least, under, or both.")]
        if rating_from is not None and rating_under is not None and rating_from >= rating_under:
            return [_("The lowest rating must be under the rating limit.")]
    if kind == categories.CLUB:
        if club is None:
            return [_("Choose the club.")]
        if club.pk not in clubs_for(event):
            return [_("The club must be this club or a club of its federation.")]
    if kind == categories.NAMED:
        if not players:
            return [_("Name at least one player.")]
        if any(player.club_id != event.club_id for player in players):
            return [_("Name members of the club.")]
    return []


def clubs_for(event: Event) -> list[int]:
    """The clubs a club category of the event may name: its own, and its federation's."""
    club = event.club
    if club.federation_id is None:
        return [club.pk]
    return list(Club.objects.filter(federation_id=club.federation_id).values_list("pk", flat=True))


def named_players(*, club: Club, names: Sequence[str]) -> list[Player]:
    """The club's members of these names (any case), in order; refused with a line for each
    name the club does not know."""
    wanted = [" ".join(name.split()) for name in names if name.strip()]
    found = {player.name.lower(): player for player in Player.objects.filter(club=club)}
    problems = [
        _("No member of the club is called %(name)s.") % {"name": escaped(name)}
        for name in wanted
        if name.lower() not in found
    ]
    if problems:
        raise ValidationError(problems)
    players: list[Player] = []
    for name in wanted:
        if found[name.lower()] not in players:
            players.append(found[name.lower()])
    return players


def delete_category(*, category: PrizeCategory, reason: str, user: Any = None) -> None:
    """Remove a category (its history keeps it, with why)."""
    if not reason.strip():
        raise ValidationError(_("Say why the category is removed: the record keeps it."))
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=category.event_id).first()
        category._change_reason = reason
        if getattr(user, "is_authenticated", False):
            category._history_user = user
        category.delete()
        _event_changed(category.event_id)


def move_category(*, category: PrizeCategory, up: bool) -> None:
    """Move a category one place up or down the event's list (the order settles which prize
    a player takes between two of equal value)."""
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=category.event_id)
        found = event_categories(locked)
        index = next(i for i, c in enumerate(found) if c.pk == category.pk)
        other = index - 1 if up else index + 1
        if not 0 <= other < len(found):
            return
        found[index], found[other] = found[other], found[index]
        for position, each in enumerate(found, start=1):
            if each.position != position:
                each.position = position
                each._change_reason = "order changed"
                each.save(update_fields=["position"])
        _event_changed(locked.pk)


def change_player_facts(
    *,
    player: Player,
    gender: str,
    birth_date: datetime.date | None,
    birth_year: int | None,
    user: Any = None,
    reason: str = "",
) -> Player:
    """What the club records of a player for the prize categories (all optional): checked,
    saved with its record, and the pages of his tournaments with categories moved on."""
    problems = []
    if gender not in ("", *Player.Gender.values):
        problems.append(_("Choose a gender from the list, or leave it empty."))
    if birth_date is not None:
        if birth_date > timezone.localdate():
            problems.append(_("The date of birth is in the future."))
        if birth_year is not None and birth_year != birth_date.year:
            problems.append(
                _("The year of birth (%(year)s) is not the year of the date (%(date)s).")
                % {"year": birth_year, "date": birth_date.year}
            )
        birth_year = birth_date.year
    if birth_year is not None and not 1900 <= birth_year <= timezone.localdate().year:
        problems.append(_("Give a year of birth between 1900 and this year."))
    if problems:
        raise ValidationError(problems)
    with transaction.atomic():
        player.gender, player.birth_date, player.birth_year = gender, birth_date, birth_year
        player._change_reason = reason or "details changed"
        if getattr(user, "is_authenticated", False):
            player._history_user = user
        player.save(update_fields=["gender", "birth_date", "birth_year"])
        shown = Event.objects.filter(registrations__player=player, prize_categories__isnull=False)
        Event.objects.filter(pk__in=shown.values("pk")).update(version=F("version") + 1)
    return player
