"""A simultaneous evening (docs/federation.md): one tournament played the same evening at
several clubs of a federation, each club at its own venue. An official creates it with its
venues; each venue's organisers register their own club's players, seat their venue's part
of each round (players never cross venues; table numbers stay unique in a round: venue 3's
tables are 301, 302...), run and close their own tables. The standings are the event's, one
ranking across venues. Who runs what is the roles' (clubs/selectors/roles.py `allowed_at`):
the federation's officials run it all, a venue's club's roles count at that venue only; the
services below refuse what the pages refuse.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterable, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import seating
from tournaments.clubs.permissions import Can
from tournaments.clubs.selectors.roles import allowed_at, is_official
from tournaments.clubs.services.actors import Actor
from tournaments.events.services.events import PlayersAdded, create_event, find_or_add_player
from tournaments.events.services.rounds import (
    create_games,
    draw_tables,
    round_seated,
    tell_seated,
)
from tournaments.federation.selectors import last_round_number
from tournaments.models import (
    Bye,
    Club,
    Event,
    Federation,
    Game,
    Player,
    Registration,
    Round,
    Venue,
)
from tournaments.play.services import versions
from tournaments.play.services.entry import refuse_pending, set_closed
from tournaments.play.services.locks import lock_round, lock_tables
from tournaments.standings.services import standings_changed

# How a venue's tables are numbered: venue 3's from 301. A venue has at most 99 tables.
TABLES_PER_VENUE = 100
# How an evening's rounds may be seated: each venue on its own, by its own players' points.
SEATINGS = (Event.Seating.SWISS, Event.Seating.RANDOM)


def _refuse_unless(user: Actor, venue: Venue, action: Can) -> None:
    if action not in allowed_at(user, venue.event, venue):
        raise ValidationError(
            _("Only the organisers of %(club)s and the federation's officials run this venue.")
            % {"club": venue.club.name}
        )


def create_evening(
    *,
    federation: Federation,
    clubs: Sequence[Club],
    name: str,
    date: datetime.date,
    variant: str,
    created_by: User,
    options: dict[str, Any] | None = None,
    **settings: Any,
) -> Event:
    """A tournament of the federation played at each of these clubs (two at least, all of the
    federation), venue 1 being the first club by name: the event is that club's for what
    needs one club (its archive, its season). Refused unless `created_by` is an official."""
    if not is_official(created_by, federation.pk):
        raise ValidationError(_("Only the federation's officials create a simultaneous evening."))
    clubs = sorted(set(clubs), key=lambda club: club.name.casefold())
    if len(clubs) < 2:
        raise ValidationError(_("Choose at least two clubs: one venue each."))
    strangers = [club.name for club in clubs if club.federation_id != federation.pk]
    if strangers:
        raise ValidationError(
            _("%(clubs)s: not a club of the federation.") % {"clubs": ", ".join(strangers)}
        )
    if len(clubs) >= TABLES_PER_VENUE * 3:  # numbers stay below a small integer's limit
        raise ValidationError(_("An evening has at most 299 venues."))
    if settings.get("seating_method", SEATINGS[0]) not in SEATINGS:
        raise ValidationError(_("An evening's rounds are seated by Swiss pairing or at random."))
    with transaction.atomic():
        event = create_event(
            club=clubs[0],
            name=name,
            date=date,
            variant=variant,
            options=options,
            kind=Event.Kind.TOURNAMENT,
            created_by=created_by,
            federation=federation,
            **settings,
        )
        Venue.objects.bulk_create(
            Venue(event=event, club=club, number=number)
            for number, club in enumerate(clubs, start=1)
        )
    return event


def register_at_venue(*, venue: Venue, names: Iterable[str], user: Actor) -> PlayersAdded:
    """Enter these players of the venue's club (any case; new members added), checked in:
    all or none. A player registered at the evening is already at his own club's venue."""
    _refuse_unless(user, venue, Can.REGISTER)
    added: list[Registration] = []
    already: list[Registration] = []
    with transaction.atomic():
        for name in names:
            player = find_or_add_player(club=venue.club, name=name)
            registration, created = Registration.objects.get_or_create(
                event=venue.event, player=player, defaults={"checked_in": True, "venue": venue}
            )
            if not created:
                registration.venue = venue
                registration.withdrawn = False
                registration.checked_in = True
                registration.save(update_fields=["venue", "withdrawn", "checked_in"])
            (added if created else already).append(registration)
        _players_changed(venue.event_id)
    return PlayersAdded(added, already)


def set_venue_presence(
    *,
    venue: Venue,
    registration: Registration,
    user: Actor,
    checked_in: bool | None = None,
    withdrawn: bool | None = None,
) -> Registration:
    """Check one of the venue's players in or out, or withdraw him (or bring him back)."""
    _refuse_unless(user, venue, Can.REGISTER)
    if registration.venue_id != venue.pk:
        raise ValidationError(_("This player plays at another venue."))
    if checked_in is not None:
        registration.checked_in = checked_in
    if withdrawn is not None:
        registration.withdrawn = withdrawn
    with transaction.atomic():
        registration.save(update_fields=["checked_in", "withdrawn"])
        _players_changed(venue.event_id)
    return registration


def _players_changed(event_id: int) -> None:
    # Who is registered and present shows in the ranking (a player who came is ranked).
    standings_changed(event_id)
    versions.event_changed(event_id)


def venue_round(venue: Venue) -> Round | None:
    """The venue's current round: the last one it seated (None before its first)."""
    number = last_round_number(venue)
    return None if number is None else Round.objects.get(event_id=venue.event_id, number=number)


def seat_venue(*, venue: Venue, user: Actor, seed: int | None = None) -> Round:
    """Seat the venue's present players in its next round, by the evening's seating method,
    at tables numbered from venue × 100 + 1. Its tables of the round before must all be over
    (finished or closed) first; the other venues go at their own pace."""
    _refuse_unless(user, venue, Can.RUN_ROUNDS)
    event = venue.event
    players = [
        registration.player
        for registration in Registration.objects.present()
        .filter(event=event, venue=venue)
        .select_related("player")
    ]
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    with transaction.atomic():
        # One seating of this venue at a time (its numbers); not the event's lock, taken after
        # the round's (play/services/locks.py): another venue may be closing that round.
        Venue.objects.select_for_update(of=("self",), no_key=True).get(pk=venue.pk)
        last = last_round_number(venue)
        if last is not None:
            _refuse_while_tables_play(venue, last)
        number = (last or 0) + 1
        _refuse_an_unplanned_round(event, number)
        found = draw_tables(
            event=event, players=players, method=event.seating_method, number=number, seed=seed
        )
        if len(found.tables) >= TABLES_PER_VENUE:
            raise ValidationError(
                _("A venue seats at most %(most)s tables a round.") % {"most": TABLES_PER_VENUE - 1}
            )
        # Two venues may make it at once: the second gets the first's (its number is unique).
        round_, made = Round.objects.get_or_create(
            event=event,
            number=number,
            defaults={"seating_method": event.seating_method, "seed": seed},
        )
        if not made:
            round_ = lock_round(round_.pk)
        if not made and round_.closed_at is not None:
            round_.closed_at = None  # this venue plays it now
            round_.save(update_fields=["closed_at"])
        # The event's row after the round's, read again under it: its tables and byes take the
        # rules and points as a settings save just committed left them (that save could not
        # see these tables to change them).
        event = Event.objects.select_for_update(of=("self",), no_key=True).get(pk=event.pk)
        # The seating gives back the ids it was given.
        by_id: dict[seating.PlayerId, Player] = {player.id: player for player in players}
        create_games(
            event=event,
            round_=round_,
            tables=[[by_id[pid] for pid in table] for table in found.tables],
            venue=venue,
            first_number=venue.number * TABLES_PER_VENUE + 1,
        )
        Bye.objects.bulk_create(
            Bye(round=round_, player=by_id[pid], points=event.bye_points) for pid in found.byes
        )
        round_seated(event, [by_id[pid].id for pid in found.byes])
        tell_seated(event, round_)
    return round_


def _refuse_while_tables_play(venue: Venue, number: int) -> None:
    playing = list(
        Game.objects.filter(
            venue=venue, round__number=number, finished=False, closed=False
        ).values_list("table_number", flat=True)
    )
    if playing:
        raise ValidationError(
            ngettext(
                "Table %(tables)s of round %(number)s is still playing: close it first.",
                "Tables %(tables)s of round %(number)s are still playing: close them first.",
                len(playing),
            )
            % {"tables": ", ".join(str(table) for table in sorted(playing)), "number": number}
        )


def _refuse_an_unplanned_round(event: Event, number: int) -> None:
    if event.planned_rounds and number > event.planned_rounds:
        raise ValidationError(
            ngettext(
                "The evening's %(planned)s planned round is played.",
                "The evening's %(planned)s planned rounds are played.",
                event.planned_rounds,
            )
            % {"planned": event.planned_rounds}
        )


def close_venue_round(*, venue: Venue, user: Actor) -> Round:
    """Time is up at this venue: its tables of its current round still playing are closed
    with their totals as they stand (refused while a hand waits for confirmation). The round
    itself closes once no venue has a table playing in it."""
    _refuse_unless(user, venue, Can.RUN_ROUNDS)
    round_ = venue_round(venue)
    if round_ is None:
        raise ValidationError(_("This venue has not seated a round yet."))
    with transaction.atomic():
        round_ = lock_round(round_.pk)
        tables = Game.objects.filter(round=round_, venue=venue)
        # Its tables before any is closed, which takes the event's lock (play/services/locks.py).
        lock_tables(tables)
        refuse_pending(tables)
        for game in tables.filter(finished=False, closed=False):
            set_closed(game=game, closed=True, user=user, reason="venue's round closed")
        if not Game.objects.filter(round=round_, finished=False, closed=False).exists():
            round_.closed_at = timezone.now()
            round_.save(update_fields=["closed_at"])
        versions.event_changed(venue.event_id)
    return round_
