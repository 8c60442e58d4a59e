"""Events and their players: create an event, change its rules or settings (rescoring what
they change), register and check in players."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Value
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from tournaments import rules
from tournaments.edits import services as edits
from tournaments.edits.services import Seen
from tournaments.models import Bye, Club, Event, Game, Player, Registration
from tournaments.play.services import versions
from tournaments.play.services.locks import lock_tables
from tournaments.play.services.scoring import MOST_TOURNAMENT_POINTS, refresh_game
from tournaments.prizes.selectors import event_categories, shares_set_aside
from tournaments.ratings.services import event_date_changed
from tournaments.rules.text import escaped, shown, unprintable
from tournaments.standings import services as standings
from tournaments.words.names import name_key

BATCH = 500  # rows a bulk insert writes at once


def tournament_points_problems(
    *, points_scale: Iterable[Decimal | int] = (), bye_points: Decimal | int = 0
) -> list[str]:
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


def validated_options(variant: str, options: dict[str, Any]) -> dict[str, Any]:
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
    options: dict[str, Any] | None = None,
    kind: str = Event.Kind.CLUB_NIGHT,
    entry_fee: Decimal | int = Decimal("0"),
    created_by: User | None = None,
    # Passed on to Event(), whose fields Django types by the model, not the keywords.
    **settings: Any,
) -> Event:
    """A new event of the club, its rules validated; `settings` are other Event fields."""
    plain_name(name)
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
    # check, under the import's lock: archive/services/store.py says it in words.
    event.full_clean(validate_constraints=False)
    event.save()
    return event


def change_rules(
    *,
    event: Event,
    variant: str,
    options: dict[str, Any],
    seen: Seen | None = None,
    reason: str = "",
) -> Event:
    """Change the event's variant or options; its own tables follow, rescored in the same
    transaction (refused, with the reason, if a hand already played breaks the new rules).
    Games imported from a file keep the file's rules. With `seen` (the rules the organiser's
    page showed), refused with EditConflict if they were changed meanwhile."""
    options = validated_options(variant, options)
    with transaction.atomic():
        # The tables first, as hand entry locks them (a table, then its event's version:
        # play/services/locks.py), all of them, as all show the event's name; those imported
        # from a file keep the file's rules.
        lock_tables(event.games.all())
        stored = Event.objects.select_for_update().get(pk=event.pk)
        # Again, with the tables seated while this waited for the event (they were not seen).
        games = [game for game in lock_tables(event.games.all()) if not game.imported]
        now = edits.values_of(stored, RULES)
        if seen is not None and _variant_of(seen.values) != _variant_of(now):
            # The same rules written otherwise ({} or the preset's own target) are no change.
            raise edits.EditConflict({name: (seen.values[name], now[name]) for name in RULES})
        stored.variant, stored.options = variant, options
        stored._change_reason = reason or "rules changed"
        stored.save(update_fields=["variant", "options"])
        for game in games:
            game.variant, game.options = variant, options
            game.save(update_fields=["variant", "options"])
            _rescore(game, stored)
        versions.event_edited(stored)
    return stored


def _variant_of(values: Mapping[str, Any]) -> rules.Variant:
    return rules.make_variant(values["variant"], values["options"])


# What change_rules changes; the settings page and save_settings change the SETTINGS, and
# nothing the club (its players are that club's members).
RULES = ("variant", "options")
# The settings only a tournament uses (the form shows them in their own part).
TOURNAMENT_SETTINGS = (
    "seating_method",
    "seed_by_rating",
    "planned_rounds",
    "points_scale",
    "points_for_win_at_time",
    "bye_points",
    "tie_breaks",
    "prize_places",
    "club_share",
    "prize_rule",
    "prize_ties",
)
SETTINGS = (
    "name",
    "date",
    "kind",
    "entry_fee",
    "confirmation_required",
    "language",
    "round_minutes",
    *TOURNAMENT_SETTINGS,
    # Players signing up on the public page (docs/registration.md).
    "registration_open",
    "capacity",
    "registration_approved",
    "registration_closes_at",
)
# What each setting changes in the stored rows: the tournament points of every game, and the
# points of every bye. The other settings are read when a page or a sheet is drawn.
POINTS_SETTINGS = ("points_scale", "points_for_win_at_time", "bye_points")


def save_settings(
    *, event: Event, changes: dict[str, Any], seen: Seen | None = None, reason: str = ""
) -> Event:
    """Change some settings of an event (field name → value: name, date, fee, tournament
    settings...), with what they change, in one transaction: new points rescore its games and
    give its byes their new points (the standings follow); a new date moves its games in the
    rating order; its pages show the change.

    Only the settings that differ from the stored ones are written, under the event's lock:
    a save never puts back what it read before another's commit (its rules, say). With
    `seen` (what the organiser's page showed), refused with EditConflict if any of those
    fields changed meanwhile. Returns the event as saved."""
    if unknown := set(changes) - set(SETTINGS):
        raise ValueError(f"not settings: {sorted(unknown)}")
    with transaction.atomic():
        # The tables first, as hand entry locks them (a table, then its event's version).
        lock_tables(Game.objects.filter(event_id=event.pk))
        stored = Event.objects.select_for_update().get(pk=event.pk)
        # Again, with the tables seated while this waited for the event (they were not seen).
        games = lock_tables(Game.objects.filter(event_id=event.pk))
        edits.check_unchanged(stored, seen)
        changes = edits.changed(stored, changes)
        if not changes:
            return stored
        old_date = stored.date
        for name, value in changes.items():
            setattr(stored, name, value)
        _check_settings(stored)
        stored._change_reason = reason or "settings changed"
        stored.save(update_fields=list(changes))
        if any(name in changes for name in POINTS_SETTINGS):
            for game in games:
                _rescore(game, stored)
            Bye.objects.filter(round__event=stored).update(points=stored.bye_points)
            standings.rebuild_event(event_id=stored.pk)
        event_date_changed(stored, old_date)
        versions.event_edited(stored)
    return stored


def _check_settings(event: Event) -> None:
    """The settings as they would be saved, checked together (ValidationError)."""
    plain_name(event.name)
    problems = tournament_points_problems(
        points_scale=event.points_scale or (), bye_points=event.bye_points or 0
    )
    shares = shares_set_aside(event, event_categories(event))
    if shares > 100:
        problems.append(
            _(
                "The places and the prize categories would share %(total)s %% of the pool: "
                "lower the places or the categories' shares to 100 %% at most."
            )
            % {"total": f"{shares.normalize():f}"}
        )
    if problems:
        raise ValidationError(problems)


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
    return save_settings(event=event, changes=values, reason=reason or "points changed")


def _rescore(game: Game, event: Event) -> None:
    game.event = event  # the event just saved, not a copy read again per game
    try:
        refresh_game(game)
    except rules.RulesError as error:
        raise rules_problems_as_validation_error(error) from None


def plain_name(name: str) -> None:
    """Refuses (ValidationError) a name holding a control character: the rule of game files
    and event archives (rules.text.unprintable), so that what is exported imports again. A
    validator for the forms too."""
    if unprintable(name):
        raise ValidationError(
            _("The name %(name)s holds a control character: a name is plain text.")
            % {"name": escaped(name)},
            code="unprintable",
        )


# A name as the club writes it (Player.name): the same rule for one player, a pasted list and
# a game file's players.
NAME_LENGTH: int = Player._meta.get_field("name").max_length or 80
# Lines of a pasted list of players: more than any club's tournament, few enough for one request.
MOST_PLAYERS_AT_ONCE = 500


def player_name(name: str) -> str:
    """A player's name with its spaces tidied; ValidationError if it cannot be one."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the player's name."))
    plain_name(name)  # the same rule as a game file's: an exported game must import
    if len(name) > NAME_LENGTH:
        raise ValidationError(
            _("A name has at most %(most)s characters: %(name)s has %(length)s.")
            % {"most": NAME_LENGTH, "name": shown(name), "length": len(name)}
        )
    return name


def find_or_add_player(*, club: Club, name: str) -> Player:
    """The club member of that name (any case), added if new."""
    name = player_name(name)
    # Compared as the unique index on (lower(name), club) stores it, so the index finds it.
    member = Player.objects.alias(key=Lower("name")).filter(club=club, key=Lower(Value(name)))
    return member.first() or Player.objects.create(club=club, name=name)


def find_or_add_players(*, club: Club, names: Iterable[str]) -> dict[str, Player]:
    """The club members of these names by `name_key` (spaces and case aside), the new ones
    added: one query and a few batches of inserts whatever their number (an archive's
    registrations), never one lookup per name."""
    wanted: dict[str, str] = {}
    for name in names:
        name = player_name(name)
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


def register_player(*, event: Event, name: str, checked_in: bool = True) -> Registration:
    """Enter a player in the event (quick add by name); already there: returns them, back in."""
    refuse_a_simultaneous_evening(event)
    with transaction.atomic():
        player = find_or_add_player(club=event.club, name=name)
        registration, created = _register(event, player, checked_in)
        if not created:
            _back_in(registration, checked_in)
        versions.event_changed(event.pk)
        return registration


@dataclass(frozen=True)
class PlayersAdded:
    """What registering a list of players did: who joined the event, and who was already in
    it (brought back and checked in, as when added one by one)."""

    added: list[Registration]
    already: list[Registration]


def register_players(*, event: Event, lines: Iterable[str]) -> PlayersAdded:
    """Enter every player of a pasted list (one name a line, blank lines skipped), checked in,
    all or none: a line that cannot be a name (the rule of `player_name`) or a name written
    twice refuses the whole list, with each problem and its line number."""
    refuse_a_simultaneous_evening(event)
    names, problems = _names_of(list(lines))
    if problems:
        raise ValidationError(problems)
    added: list[Registration] = []
    already: list[Registration] = []
    with transaction.atomic():
        for name in names:
            player = find_or_add_player(club=event.club, name=name)
            registration, created = _register(event, player, checked_in=True)
            if not created:
                _back_in(registration, checked_in=True)
            (added if created else already).append(registration)
        versions.event_changed(event.pk)
    return PlayersAdded(added, already)


def refuse_a_simultaneous_evening(event: Event) -> None:
    """Players never cross venues: at a simultaneous evening each venue registers its own
    club's players and seats its own tables, from its venue's page."""
    if event.is_simultaneous:
        raise ValidationError(
            _(
                "This is a simultaneous evening: each venue registers its players and seats "
                "its own tables, from its venue's page."
            )
        )


def _names_of(lines: list[str]) -> tuple[list[str], list[str]]:
    """The names of a pasted list, and what is wrong with it (nothing: it can be registered)."""
    if len(lines) > MOST_PLAYERS_AT_ONCE:
        return [], [
            _("At most %(most)s players at once: this list has %(count)s lines.")
            % {"most": MOST_PLAYERS_AT_ONCE, "count": len(lines)}
        ]
    names, problems = [], []
    first_line: dict[str, tuple[int, str]] = {}  # a name as the club compares them → as written
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue  # a blank line between names (or at the end) holds nobody
        try:
            name = player_name(line)
        except ValidationError as error:
            problems += [
                _("Line %(line)s: %(problem)s") % {"line": number, "problem": problem}
                for problem in error.messages
            ]
            continue
        key = name.casefold()
        if key in first_line:
            # The same club member twice, or two people who need names that tell them apart.
            problems.append(
                _(
                    "%(name)s is written twice (lines %(first)s and %(line)s): write each "
                    "player once, and give two players of the same name names that tell them "
                    "apart."
                )
                % {"name": first_line[key][1], "first": first_line[key][0], "line": number}
            )
            continue
        first_line[key] = (number, name)
        names.append(name)
    if not names and not problems:
        problems.append(_("Write the players' names, one per line."))
    return names, problems


def _register(event: Event, player: Player, checked_in: bool) -> tuple[Registration, bool]:
    return Registration.objects.get_or_create(
        event=event, player=player, defaults={"checked_in": checked_in}
    )


def _back_in(registration: Registration, checked_in: bool) -> None:
    """A player added again is back in the event (and checked in, if asked): added by the
    organiser (or the door), he is in, whatever list he was on."""
    if (
        registration.withdrawn
        or (checked_in and not registration.checked_in)
        or registration.status != Registration.Status.PLACED
    ):
        registration.withdrawn = False
        registration.checked_in = registration.checked_in or checked_in
        registration.status = Registration.Status.PLACED
        registration.save(update_fields=["withdrawn", "checked_in", "status"])


def set_presence(
    *, registration: Registration, checked_in: bool | None = None, withdrawn: bool | None = None
) -> Registration:
    """Check a player in (or out), or withdraw him between rounds (or bring him back)."""
    if checked_in is not None:
        registration.checked_in = checked_in
        if checked_in:
            # Checked in by the organiser: in, even from the waiting list (the room decides).
            registration.status = Registration.Status.PLACED
    if withdrawn is not None:
        registration.withdrawn = withdrawn
    with transaction.atomic():
        registration.save(update_fields=["checked_in", "withdrawn", "status"])
        versions.event_changed(registration.event_id)
    return registration


def is_present(registration: Registration) -> bool:
    """Checked in with a place and not withdrawn: who sits down in the next round (as
    `present()`)."""
    return (
        registration.checked_in
        and not registration.withdrawn
        and registration.status == Registration.Status.PLACED
    )


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
