"""Events and their players: create an event, change its rules, register and check in players."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import rules
from tournaments.models import Club, Event, Player, Registration
from tournaments.rules.text import escaped, unprintable
from tournaments.services.scoring import MOST_TOURNAMENT_POINTS, refresh_game


def tournament_points_problems(*, points_scale=(), bye_points: int = 0) -> list[str]:
    """What is wrong with an event's tournament points, each as a sentence (none: fine)."""
    problems = []
    if any(points > MOST_TOURNAMENT_POINTS for points in points_scale):
        problems.append(
            _("Tournament points by place can be at most %(most)s each.")
            % {"most": MOST_TOURNAMENT_POINTS}
        )
    if bye_points > MOST_TOURNAMENT_POINTS:
        problems.append(
            _("The points for a bye can be at most %(most)s.") % {"most": MOST_TOURNAMENT_POINTS}
        )
    return problems


def rules_problems_as_validation_error(error: rules.RulesError) -> ValidationError:
    """A RulesError as Django's ValidationError, each problem translated for the page."""
    return ValidationError([problem.where(_) + problem.text(_) for problem in error.problems])


def validated_options(variant: str, options: dict) -> dict:
    """The options as overrides of the preset, checked by the rules engine."""
    try:
        rules.make_variant(variant, options)
    except rules.RulesError as error:
        raise rules_problems_as_validation_error(error) from None
    return dict(options)


def create_event(
    *,
    club: Club,
    name: str,
    date: datetime.date,
    variant: str,
    options: dict | None = None,
    kind: str = Event.Kind.CLUB_NIGHT,
    entry_fee: Decimal = Decimal("0"),
    created_by=None,
    **settings,
) -> Event:
    """A new event of the club, its rules validated; `settings` are other Event fields."""
    problems = tournament_points_problems(
        points_scale=settings.get("points_scale") or (),
        bye_points=settings.get("bye_points") or 0,
    )
    if problems:
        raise ValidationError(problems)
    event = Event(
        club=club,
        name=name,
        date=date,
        kind=kind,
        variant=variant,
        options=validated_options(variant, options or {}),
        entry_fee=entry_fee,
        created_by=created_by,
        **settings,
    )
    event.full_clean()
    event.save()
    return event


def change_rules(*, event: Event, variant: str, options: dict, reason: str = "") -> Event:
    """Change the event's variant or options; its games follow, rescored in the same
    transaction (refused, with the reason, if a hand already played breaks the new rules)."""
    options = validated_options(variant, options)
    with transaction.atomic():
        event.variant, event.options = variant, options
        event._change_reason = reason or "rules changed"
        event.save(update_fields=["variant", "options"])
        for game in event.games.select_for_update():
            game.variant, game.options = variant, options
            game.save(update_fields=["variant", "options"])
            try:
                refresh_game(game)
            except rules.RulesError as error:
                raise rules_problems_as_validation_error(error) from None
    return event


def find_or_add_player(*, club: Club, name: str) -> Player:
    """The club member of that name (any case), added if new."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the player's name."))
    if unprintable(name):
        # The same rule as a game file's (rules.gamefile): an exported game must import.
        raise ValidationError(
            _("The name %(name)s holds a control character: a name is plain text.")
            % {"name": escaped(name)}
        )
    player = Player.objects.filter(club=club, name__iexact=name).first()
    return player or Player.objects.create(club=club, name=name)


def register_player(*, event: Event, name: str, checked_in: bool = True) -> Registration:
    """Enter a player in the event (quick add by name); already there: returns them, back in."""
    with transaction.atomic():
        player = find_or_add_player(club=event.club, name=name)
        registration, created = Registration.objects.get_or_create(
            event=event, player=player, defaults={"checked_in": checked_in}
        )
        if not created and (registration.withdrawn or checked_in and not registration.checked_in):
            registration.withdrawn = False
            registration.checked_in = registration.checked_in or checked_in
            registration.save(update_fields=["withdrawn", "checked_in"])
        return registration


def set_presence(*, registration: Registration, checked_in=None, withdrawn=None) -> Registration:
    """Check a player in (or out), or withdraw him between rounds (or bring him back)."""
    if checked_in is not None:
        registration.checked_in = checked_in
    if withdrawn is not None:
        registration.withdrawn = withdrawn
    registration.save(update_fields=["checked_in", "withdrawn"])
    return registration


def is_present(registration: Registration) -> bool:
    """Checked in and not withdrawn: who sits down in the next round (as `present()`)."""
    return registration.checked_in and not registration.withdrawn


def present_count(registrations: Iterable[Registration]) -> int:
    return sum(1 for registration in registrations if is_present(registration))


def prize_note(event: Event) -> str | None:
    """Percentages by place that add up to less than 100 are allowed, the rest going to the
    best placed (rules R21): say so where the organiser sees it, not only in the rule book."""
    if event.is_tournament:
        return pool_note(event.prize_places)
    variant = rules.make_variant(event.variant, event.options)
    if not event.entry_fee or variant.prize_rule != "places":
        return None  # no pot at the tables, or a split that is not by percentages
    given = sum(variant.prize_places)
    if given >= 100:
        return None
    return _(
        "%(given)s %% of each table's pot is shared by place; the remaining %(rest)s %% goes "
        "to the table's winner."
    ) % {"given": given, "rest": 100 - given}


def pool_note(places: list[int]) -> str | None:
    """What a tournament's prize pool does with percentages adding up to less than 100."""
    given = sum(places)
    if given >= 100:
        return None
    return _(
        "%(given)s %% of the prize pool is shared by place; the remaining %(rest)s %% goes to "
        "the winner."
    ) % {"given": given, "rest": 100 - given}
