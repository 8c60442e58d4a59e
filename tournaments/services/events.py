"""Events and their players: create an event, change its rules or settings (rescoring what
they change), register and check in players."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Value
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from tournaments import rules
from tournaments.models import Bye, Club, Event, Game, Player, Registration
from tournaments.rules.text import escaped, unprintable
from tournaments.selectors.names import name_key
from tournaments.services import standings, versions
from tournaments.services.ratings import event_date_changed
from tournaments.services.scoring import MOST_TOURNAMENT_POINTS, refresh_game

BATCH = 500  # rows a bulk insert writes at once


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
    # Its one constraint (one counted copy of an event in a club) is the database's to
    # check, under the import's lock: services/archive.py says it in words.
    event.full_clean(validate_constraints=False)
    event.save()
    return event


def change_rules(*, event: Event, variant: str, options: dict, reason: str = "") -> Event:
    """Change the event's variant or options; its own tables follow, rescored in the same
    transaction (refused, with the reason, if a hand already played breaks the new rules).
    Games imported from a file keep the file's rules."""
    options = validated_options(variant, options)
    with transaction.atomic():
        # The tables first, as hand entry locks them (a table, then its event's version);
        # those imported from a file keep the file's rules.
        games = list(event.games.filter(imported=False).select_for_update())
        event.variant, event.options = variant, options
        event._change_reason = reason or "rules changed"
        event.save(update_fields=["variant", "options"])
        for game in games:
            game.variant, game.options = variant, options
            game.save(update_fields=["variant", "options"])
            _rescore(game, event)
        versions.event_edited(event)
    return event


def save_settings(*, event: Event, reason: str = "") -> Event:
    """Save an event's settings as edited (name, date, fee, tournament settings...), with
    what they change, in one transaction: new points rescore its games and give its byes
    their new points (the standings follow); a new date moves its games in the rating order;
    its pages show the change. The variant and its options change with change_rules."""
    problems = tournament_points_problems(
        points_scale=event.points_scale or (), bye_points=event.bye_points or 0
    )
    if problems:
        raise ValidationError(problems)
    with transaction.atomic():
        # The tables first, as hand entry locks them (a table, then its event's version).
        games = list(Game.objects.filter(event_id=event.pk).select_for_update())
        stored = Event.objects.select_for_update().get(pk=event.pk)
        new_points = any(getattr(stored, name) != getattr(event, name) for name in POINTS_SETTINGS)
        event._change_reason = reason or "settings changed"
        event.save()
        if new_points:
            for game in games:
                _rescore(game, event)
            Bye.objects.filter(round__event=event).update(points=event.bye_points)
            standings.rebuild_event(event_id=event.pk)
        event_date_changed(event, stored.date)
        versions.event_edited(event)
    return event


# What each setting changes in the stored rows: the tournament points of every game, and the
# points of every bye. The other settings are read when a page or a sheet is drawn.
POINTS_SETTINGS = ("points_scale", "points_for_win_at_time", "bye_points")


def change_points(
    *,
    event: Event,
    points_scale: list[int],
    points_for_win_at_time: int | None,
    bye_points: int,
    reason: str = "",
) -> Event:
    """Change how tournament points are given: every game of the event is rescored and every
    bye given its new points, in the same transaction."""
    values = {
        "points_scale": points_scale,
        "points_for_win_at_time": points_for_win_at_time,
        "bye_points": bye_points,
    }
    return update_settings(event=event, values=values, reason=reason or "points changed")


def update_settings(*, event: Event, values: dict, reason: str = "") -> Event:
    """Change some settings of the event (field name → value): see save_settings."""
    event = Event.objects.get(pk=event.pk)
    for name, value in values.items():
        setattr(event, name, value)
    return save_settings(event=event, reason=reason)


def _rescore(game: Game, event: Event) -> None:
    game.event = event  # the event just saved, not a copy read again per game
    try:
        refresh_game(game)
    except rules.RulesError as error:
        raise rules_problems_as_validation_error(error) from None


def find_or_add_player(*, club: Club, name: str) -> Player:
    """The club member of that name (any case), added if new."""
    name = _member_name(name)
    # Compared as the unique index on (lower(name), club) stores it, so the index finds it.
    member = Player.objects.alias(key=Lower("name")).filter(club=club, key=Lower(Value(name)))
    return member.first() or Player.objects.create(club=club, name=name)


def find_or_add_players(*, club: Club, names: Iterable[str]) -> dict[str, Player]:
    """The club members of these names by `name_key` (spaces and case aside), the new ones
    added: one query and a few batches of inserts whatever their number (an archive's
    registrations), never one lookup per name."""
    wanted: dict[str, str] = {}
    for name in names:
        name = _member_name(name)
        wanted.setdefault(name_key(name), name)
    members: dict[str, Player] = {}
    # The club's members, read once: a club has hundreds, and a name read as the archive
    # reads it (casefold) matches whatever the database's own lower() would.
    for player in Player.objects.filter(club=club).order_by("id"):
        members.setdefault(name_key(player.name), player)
    new = [Player(club=club, name=name) for key, name in wanted.items() if key not in members]
    # In bulk, without a history record each, as an archive's registrations are written.
    for player in Player.objects.bulk_create(new, batch_size=BATCH):
        members[name_key(player.name)] = player
    return {key: members[key] for key in wanted}


def _member_name(name: str) -> str:
    """A player's name as stored: spaces collapsed; refused empty or with a control
    character."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the player's name."))
    if unprintable(name):
        # The same rule as a game file's (rules.gamefile): an exported game must import.
        raise ValidationError(
            _("The name %(name)s holds a control character: a name is plain text.")
            % {"name": escaped(name)}
        )
    return name


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
        versions.event_changed(event.pk)
        return registration


def set_presence(*, registration: Registration, checked_in=None, withdrawn=None) -> Registration:
    """Check a player in (or out), or withdraw him between rounds (or bring him back)."""
    if checked_in is not None:
        registration.checked_in = checked_in
    if withdrawn is not None:
        registration.withdrawn = withdrawn
    with transaction.atomic():
        registration.save(update_fields=["checked_in", "withdrawn"])
        versions.event_changed(registration.event_id)
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
