"""Import an event archive (format ramiscore-event/1, docs/archive.md): the event, its
players, rounds, seating, byes and every hand with its history, recreated in one
transaction; a refused archive stores nothing.

Only facts are read from the file. The derived rows (each hand's points, the totals, ranks,
prizes, tournament points, standings and club ratings) are recomputed by the services that
keep them, as if the hands had just been entered.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import rules
from tournaments.archive.services.history import (
    HistoryRows,
    game_records,
    hand_records,
    held_records,
    ids_for_deleted_hands,
)
from tournaments.archive.services.read import Archive, ArchiveGame, name_key, read_archive
from tournaments.events.services.events import create_event, find_or_add_player
from tournaments.models import (
    Bye,
    ClockChange,
    Club,
    Event,
    Game,
    Hand,
    HandLine,
    Player,
    Registration,
    Round,
    Seat,
)
from tournaments.play.services import versions
from tournaments.play.services.entry import set_held
from tournaments.play.services.scoring import refresh_game
from tournaments.ratings import services as ratings
from tournaments.rules.gamefile import option_overrides
from tournaments.rules.variants import Variant
from tournaments.standings import services as standings

BATCH = 500


def import_event(
    *, document: Any, club: Club | None = None, club_name: str = "", rename: str = ""
) -> Event:
    """Recreate the archived event in `club` (else the club named `club_name`, else the one
    the archive names; created if the site has none of that name), as `rename` if given.
    ValidationError listing every problem, and nothing stored, if it is refused."""
    archive = read_archive(document)
    name = " ".join(rename.split()) or archive.event["name"]
    with transaction.atomic():
        club = club or _club(club_name or archive.club)
        if Event.objects.filter(club=club, name__iexact=name).exists():
            raise ValidationError(
                _(
                    "The club %(club)s already has an event named %(name)s: import the archive "
                    "under another name."
                )
                % {"club": club.name, "name": name}
            )
        users = _accounts(archive.users)
        with ratings.recomputed_once():
            event = _store(archive, club, name, users)
        standings.rebuild_event(event_id=event.pk)
        versions.event_edited(event)
    return event


def _club(name: str) -> Club:
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the club's name."))
    return Club.objects.filter(name__iexact=name).order_by("id").first() or Club.objects.create(
        name=name
    )


def _accounts(usernames: set[str]) -> dict[str, User]:
    """The accounts the archive names, by user name: those this site lacks are added,
    inactive and without a password (they cannot log in), so that the history still says
    who did what."""
    model = get_user_model()
    field = model.USERNAME_FIELD
    found = {getattr(u, field): u for u in model.objects.filter(**{f"{field}__in": usernames})}
    for username in sorted(usernames - set(found)):
        account = model(**{field: username}, is_active=False)
        account.set_unusable_password()
        account.save()
        found[username] = account
    return found


def _store(archive: Archive, club: Club, name: str, users: dict[str, User]) -> Event:
    fields = dict(archive.event)
    created_by = users.get(fields.pop("created_by"))
    fields.pop("name")
    event = create_event(club=club, name=name, created_by=created_by, **fields)
    players: dict[str, Player] = {}
    for registration in archive.registrations:
        player = find_or_add_player(club=club, name=registration["player"])
        players[name_key(registration["player"])] = player
        contact = registration.get("contact")
        if contact and not (player.email or player.phone):
            # What the club knows of its member already is kept.
            player.email, player.phone = contact["email"], contact["phone"]
            player.consent_at = contact["consent_at"]
            player.save(update_fields=["email", "phone", "consent_at"])
    Registration.objects.bulk_create(
        Registration(
            event=event,
            player=players[name_key(r["player"])],
            checked_in=r["checked_in"],
            withdrawn=r["withdrawn"],
        )
        for r in archive.registrations
    )
    rounds = Round.objects.bulk_create(Round(event=event, **r.fields) for r in archive.rounds)
    for round_, read in zip(rounds, archive.rounds, strict=True):
        round_.started_at = read.fields["started_at"]  # not "now", as creating it wrote
    Round.objects.bulk_update(rounds, ["started_at"])
    ClockChange.objects.bulk_create(
        ClockChange(
            round=round_,
            action=change["action"],
            minutes=change["minutes"],
            at=change["at"],
            by=users.get(change["by"]),
        )
        for round_, read in zip(rounds, archive.rounds, strict=True)
        for change in read.clock
    )
    Bye.objects.bulk_create(
        Bye(round=round_, player=players[name_key(player)], points=event.bye_points)
        for round_, read in zip(rounds, archive.rounds, strict=True)
        for player in read.byes
    )
    history = HistoryRows()
    games = []
    for round_, read in zip(rounds, archive.rounds, strict=True):
        for archived in read.games:
            games.append(_store_game(event, round_, archived, players, users, history))
    history.save()
    for game in games:
        try:
            refresh_game(game)
        except rules.RulesError as error:  # replayed when read: a bug if it happens
            raise ValidationError(str(error)) from None
    return event


def _store_game(
    event: Event,
    round_: Round,
    archived: ArchiveGame,
    players: dict[str, Player],
    users: dict[str, User],
    history: HistoryRows,
) -> Game:
    read = archived.read
    same_rules = not archived.imported and read.variant == event_rules(event)
    # In bulk, which writes no history: its history is the archive's.
    [game] = Game.objects.bulk_create(
        [
            Game(
                event=event,
                round=round_,
                table_number=archived.table,
                variant=read.variant.slug,
                # The event's own tables keep its options as the organiser gave them.
                options=event.options if same_rules else option_overrides(read.variant),
                pot=Decimal(read.pot) / 100 if read.pot is not None else None,
                closed=read.closed,
                imported=archived.imported,
                link_enabled=archived.link_enabled,
            )
        ]
    )
    seats = Seat.objects.bulk_create(
        Seat(game=game, player=players[name_key(name)], position=position)
        for position, name in enumerate(read.players, start=1)
    )
    by_name = dict(zip(read.players, seats, strict=True))
    hands = Hand.objects.bulk_create(
        (_hand(game, facts, archived_hand.entry, by_name, users))
        for facts, archived_hand in zip(read.hands, archived.hands, strict=True)
    )
    for hand, archived_hand in zip(hands, archived.hands, strict=True):
        hand.entered_at = archived_hand.entry["entered_at"]  # not "now"
    Hand.objects.bulk_update(hands, ["entered_at"], batch_size=BATCH)
    lines = []
    for hand, facts in zip(hands, read.hands, strict=True):
        for name, seat in by_name.items():
            line = HandLine(hand=hand, seat=seat)
            set_held(line, facts.held.get(name))
            lines.append(line)
    lines = HandLine.objects.bulk_create(lines, batch_size=BATCH)
    line_ids = {(line.hand_id, line.seat_id): line.pk for line in lines}
    game_records(game, archived.history, users, history)
    for hand, archived_hand in zip(hands, archived.hands, strict=True):
        hand_records(game, hand.pk, archived_hand.history, by_name, users, history)
        ids = {seat.pk: line_ids[hand.pk, seat.pk] for seat in seats}
        held_records(hand.pk, ids, archived_hand.held_history, by_name, users, history)
    reserved = ids_for_deleted_hands(game, seats, len(archived.deleted_hands))
    for (hand_id, ids), deleted in zip(reserved, archived.deleted_hands, strict=True):
        hand_records(game, hand_id, deleted.history, by_name, users, history)
        held_records(hand_id, ids, deleted.held_history, by_name, users, history)
    game.event = event
    return game


def _hand(
    game: Game,
    facts: rules.Hand,
    entry: dict[str, Any],
    seats: dict[str, Seat],
    users: dict[str, User],
) -> Hand:
    def seat(name: str | None) -> Seat | None:
        return seats[name] if name is not None else None

    return Hand(
        game=game,
        number=entry["number"],
        how=facts.how,
        ended_by=seat(facts.ended_by),
        entered_by=users.get(entry["entered_by"]),
        entered_from=entry["entered_from"],
        entered_by_seat=seat(entry["entered_by_seat"]),
        needs_confirmation=entry["needs_confirmation"],
        confirmed_by=users.get(entry["confirmed_by"]),
        confirmed_from=entry["confirmed_from"],
        confirmed_by_seat=seat(entry["confirmed_by_seat"]),
        confirmed_at=entry["confirmed_at"],
    )


def event_rules(event: Event) -> Variant:
    return rules.make_variant(event.variant, event.options)
