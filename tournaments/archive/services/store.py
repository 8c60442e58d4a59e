"""Import an event archive (format ramiscore-event/1, docs/archive.md): the event, its
players, rounds, seating, byes and every hand with its history, recreated in one
transaction; a refused archive stores nothing.

Only facts are read from the file. The derived rows (each hand's points, the totals, ranks,
prizes, tournament points, standings and club ratings) are recomputed as if the hands had
just been entered: each game's by the results service's own derivations (play's scoring)
from the engine's replay, then the ratings and standings once for the event.

Every kind of row is written in bulk for the whole event: an import costs a few statements
per kind of row, never a query per player, table or hand (tests/archive/services/test_scale.py).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments import rules
from tournaments.archive.services.fields import USERNAME_LENGTH
from tournaments.archive.services.history import (
    HistoryRows,
    game_records,
    hand_records,
    held_records,
    ids_for_deleted_hands,
)
from tournaments.archive.services.read import Archive, ArchiveGame, read_archive
from tournaments.events.services.deletion import delete_event
from tournaments.events.services.events import create_event, find_or_add_players
from tournaments.models import (
    Bye,
    ClockChange,
    Club,
    Event,
    Game,
    Hand,
    HandLine,
    ImportedAccount,
    Membership,
    Player,
    Registration,
    Role,
    Round,
    Season,
    Seat,
)
from tournaments.models.signals import rewritten
from tournaments.play.services import versions
from tournaments.play.services.entry import set_held
from tournaments.play.services.locks import lock_rounds, lock_tables
from tournaments.play.services.scoring import derive_game, derive_rows, derive_seats, is_decided
from tournaments.ratings import services as ratings
from tournaments.rules.gamefile import option_overrides
from tournaments.rules.variants import Variant
from tournaments.standings import services as standings
from tournaments.words.names import name_key

BATCH = 500


# What the organiser chose for an event the club already has (the same identity).
REPLACE, APART = "replace", "apart"
# The reason an imported archive's deletion record gives (translated where it is shown).
REPLACED = gettext_noop("replaced by an imported archive")


def import_event(
    *,
    document: Any,
    club: Club | None = None,
    club_name: str = "",
    rename: str = "",
    existing: str = "",
    user: User | None = None,
) -> Event:
    """Recreate the archived event in `club` (else the club named `club_name`, else the one
    the archive names; created if the site has none of that name), as `rename` if given.
    ValidationError listing every problem, and nothing stored, if it is refused.

    The same event (its identity) already in the club is never counted twice: refused
    unless `existing` says REPLACE (that event is deleted, by `user`, and the archive takes
    its place, in its seasons too) or APART (the archive's copy counts in no season and no
    rating)."""
    if existing not in ("", REPLACE, APART):
        raise ValidationError(_("Choose whether the archive replaces the event or is kept apart."))
    archive = read_archive(document)
    name = " ".join(rename.split()) or archive.event["name"]
    try:
        return _import(archive, club, club_name, name, existing, user)
    except IntegrityError:
        # The same event, or a player of the same name, stored by another request between
        # the checks and the inserts (the unique constraints caught it): nothing was stored.
        raise ValidationError(
            _("The club changed while the archive was being imported: import it again.")
        ) from None


def _import(
    archive: Archive,
    club: Club | None,
    club_name: str,
    name: str,
    existing: str,
    user: User | None,
) -> Event:
    with transaction.atomic():
        club = club or _club(club_name or archive.club)
        counted, seasons = _same_event(archive, club, existing, user)
        if Event.objects.filter(club=club, name__iexact=name).exists():
            raise ValidationError(
                _(
                    "The club %(club)s already has an event named %(name)s: import the archive "
                    "under another name."
                )
                % {"club": club.name, "name": name}
            )
        users = _accounts(archive.users, club)
        event = _store(archive, club, name, users, counted)
        for season in seasons:
            season.events.add(event)
        # The derived rows that span games: the club's ratings from the event's date on,
        # each player's sums in the event.
        if counted:
            ratings.recompute_ratings(club=club, since=event.date)
            rewritten(club_id=club.pk, since=event.date)  # the federation's ranking too
        standings.rebuild_event(event_id=event.pk)
        versions.event_edited(event)
    return event


def _same_event(
    archive: Archive, club: Club, existing: str, user: User | None
) -> tuple[bool, list[Season]]:
    """Whether the archive's event counts in the club, and the seasons that chose the copy
    it replaces (they choose it instead); refused if the club counts it already and the
    organiser has not said what to do."""
    counted_copy = Event.objects.filter(club=club, uuid=archive.event["uuid"], counted=True)
    if (played := counted_copy.first()) is not None:
        # Its rounds and tables before its row (play/services/locks.py): it may be in play.
        lock_rounds(played.rounds.all())
        lock_tables(played.games.all())
    same = counted_copy.select_for_update(of=("self",)).first()
    if same is None:
        return True, []
    if existing == APART:
        return False, []
    if existing == REPLACE:
        seasons = list(same.seasons.all())
        delete_event(event=same, user=user, reason=REPLACED)
        return True, seasons
    raise ValidationError(
        _(
            "The club %(club)s already has this event: %(name)s of %(date)s. Choose whether the "
            "archive replaces it, or is kept apart (counted in no season and no rating)."
        )
        % {"club": club.name, "name": same.name, "date": formats.date_format(same.date)},
        code="same_event",
    )


def _club(name: str) -> Club:
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the club's name."))
    return Club.objects.filter(name__iexact=name).order_by("id").first() or Club.objects.create(
        name=name
    )


def _accounts(usernames: set[str], club: Club) -> dict[str, User]:
    """The accounts the archive names, by user name, within `club` only: its organiser (for
    the whole club) of that user name, else the account an earlier import made for that
    name in this club, else a new one (inactive, without a password: nobody can log in with
    it, and the history still says who did what). Never an account of another club or of
    the site's administrator: a file can name anyone (docs/archive.md)."""
    organising = Membership.objects.active().filter(club=club, event=None, role=Role.ORGANISER)
    organisers = get_user_model().objects.filter(
        username__in=usernames, pk__in=organising.values("user_id")
    )
    found = {user.get_username(): user for user in organisers}
    imported = ImportedAccount.objects.filter(club=club, name__in=usernames - set(found))
    found |= {account.name: account.user for account in imported.select_related("user")}
    for name in sorted(usernames - set(found)):
        found[name] = _account_for(name, club)
    return found


def _account_for(name: str, club: Club) -> User:
    """A new account for a person the archive names, under the user name it gives when the
    site has none of it (`add_organiser NAME` can then give it a password), else under that
    name and the club's number."""
    model = get_user_model()
    username, suffix = name, 0
    while model.objects.filter(username=username).exists():
        suffix += 1
        tail = f"+{club.pk}" + (f"-{suffix}" if suffix > 1 else "")
        username = name[: USERNAME_LENGTH - len(tail)] + tail
    account = model(username=username, first_name=name[:150], is_active=False)
    account.set_unusable_password()
    account.save()
    ImportedAccount.objects.create(user=account, club=club, name=name)
    return account


def _store(archive: Archive, club: Club, name: str, users: dict[str, User], counted: bool) -> Event:
    fields = dict(archive.event)
    created_by = users.get(fields.pop("created_by"))
    fields.pop("name")
    event = create_event(club=club, name=name, created_by=created_by, counted=counted, **fields)
    players = find_or_add_players(club=club, names=(r["player"] for r in archive.registrations))
    _keep_contacts(archive, players)
    Registration.objects.bulk_create(
        (
            Registration(
                event=event,
                player=players[name_key(r["player"])],
                checked_in=r["checked_in"],
                withdrawn=r["withdrawn"],
            )
            for r in archive.registrations
        ),
        batch_size=BATCH,
    )
    rounds = Round.objects.bulk_create(Round(event=event, **r.fields) for r in archive.rounds)
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
    tables = [
        _table(event, round_, archived, players, users)
        for round_, read in zip(rounds, archive.rounds, strict=True)
        for archived in read.games
    ]
    _store_tables(tables, users)
    return event


def _keep_contacts(archive: Archive, players: dict[str, Player]) -> None:
    """The e-mail and phone an archive exported with personal data gives a member the club
    knows no way to reach yet (what it knows of him already is kept): one batch."""
    reached = []
    for registration in archive.registrations:
        contact = registration.get("contact")
        player = players[name_key(registration["player"])]
        if contact and not (player.email or player.phone):
            player.email, player.phone = contact["email"], contact["phone"]
            player.consent_at = contact["consent_at"]
            reached.append(player)
    Player.objects.bulk_update(reached, ["email", "phone", "consent_at"], batch_size=BATCH)


@dataclass
class _Table:
    """One archived game on its way into the database, its rows made in memory first and
    stored together with every other table's (a few statements per kind of row, whatever
    the number of tables)."""

    archived: ArchiveGame
    result: rules.GameResult  # under the players' names as the club writes them
    game: Game
    seats: list[Seat]
    hands: list[Hand]
    lines: list[dict[int, HandLine]] = field(default_factory=list)  # each hand's, by seat id

    @property
    def by_name(self) -> dict[str, Seat]:
        return dict(zip(self.archived.read.players, self.seats, strict=True))


def _table(
    event: Event,
    round_: Round,
    archived: ArchiveGame,
    players: dict[str, Player],
    users: dict[str, User],
) -> _Table:
    """The game, its seats and its hands, with the values the engine derives from them (it
    replayed the game when the archive was read): as if each hand had just been entered."""
    read = archived.read
    same_rules = not archived.imported and read.variant == event_rules(event)
    game = Game(
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
    seats = [
        Seat(game=game, player=players[name_key(name)], position=position)
        for position, name in enumerate(read.players, start=1)
    ]
    by_name = dict(zip(read.players, seats, strict=True))
    hands = [
        _hand(game, facts, archived_hand.entry, by_name, users)
        for facts, archived_hand in zip(read.hands, archived.hands, strict=True)
    ]
    result = _scored_under_club_names(read, archived.result, seats)
    decided = is_decided(result, hands)
    derive_game(game, seats, hands, result, decided)
    derive_seats(game, seats, result, decided)
    return _Table(archived, result, game, seats, hands)


def _scored_under_club_names(
    read: rules.Game, result: rules.GameResult, seats: list[Seat]
) -> rules.GameResult:
    """The game's result under its players' names as the club writes them (what the derived
    rows are read by): the archive's own when it writes them so, else the game scored again
    under those names ("  anne " in the archive is the club's "Anne")."""
    names = dict(zip(read.players, (seat.player.name for seat in seats), strict=True))
    if all(written == stored for written, stored in names.items()):
        return result
    hands = tuple(
        rules.Hand(
            hand.how,
            names[hand.ended_by] if hand.ended_by is not None else None,
            {names[player]: held for player, held in hand.held.items()},
        )
        for hand in read.hands
    )
    players = tuple(names[player] for player in read.players)
    return rules.score_game(dataclasses.replace(read, players=players, hands=hands))


def _store_tables(tables: list[_Table], users: dict[str, User]) -> None:
    # In bulk, which writes no history: a game's history is the archive's.
    Game.objects.bulk_create([table.game for table in tables], batch_size=BATCH)
    Seat.objects.bulk_create([seat for table in tables for seat in table.seats], batch_size=BATCH)
    for table in tables:
        for hand, facts in zip(table.hands, table.archived.read.hands, strict=True):
            lines: dict[int, HandLine] = {}
            for name, seat in table.by_name.items():
                lines[seat.pk] = HandLine(hand=hand, seat=seat)
                set_held(lines[seat.pk], facts.held.get(name))
            table.lines.append(lines)
        # Who won each hand is a seat: known now that the seats have their ids.
        derive_rows(table.seats, list(zip(table.hands, table.lines, strict=True)), table.result)
    Hand.objects.bulk_create([hand for table in tables for hand in table.hands], batch_size=BATCH)
    HandLine.objects.bulk_create(
        [line for table in tables for lines in table.lines for line in lines.values()],
        batch_size=BATCH,
    )
    history = HistoryRows()
    reserved = ids_for_deleted_hands(
        [(table.game, table.seats, len(table.archived.deleted_hands)) for table in tables]
    )
    for table, deleted_ids in zip(tables, reserved, strict=True):
        _table_history(table, deleted_ids, users, history)
    history.save()


def _table_history(
    table: _Table,
    deleted_ids: list[tuple[int, dict[int, int]]],
    users: dict[str, User],
    history: HistoryRows,
) -> None:
    game, archived, by_name = table.game, table.archived, table.by_name
    game_records(game, archived.history, users, history)
    for hand, lines, archived_hand in zip(table.hands, table.lines, archived.hands, strict=True):
        hand_records(game, hand.pk, archived_hand.history, by_name, users, history)
        ids = {seat_id: line.pk for seat_id, line in lines.items()}
        held_records(hand.pk, ids, archived_hand.held_history, by_name, users, history)
    for (hand_id, ids), deleted in zip(deleted_ids, archived.deleted_hands, strict=True):
        hand_records(game, hand_id, deleted.history, by_name, users, history)
        held_records(hand_id, ids, deleted.held_history, by_name, users, history)


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
        entered_at=entry["entered_at"],
        needs_confirmation=entry["needs_confirmation"],
        confirmed_by=users.get(entry["confirmed_by"]),
        confirmed_from=entry["confirmed_from"],
        confirmed_by_seat=seat(entry["confirmed_by_seat"]),
        confirmed_at=entry["confirmed_at"],
    )


def event_rules(event: Event) -> Variant:
    return rules.make_variant(event.variant, event.options)
