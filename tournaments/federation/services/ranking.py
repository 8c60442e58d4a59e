"""The federation's ranking: every rated game of every club of the federation moves its
players' federation ratings, in date order, with the club ratings' model (openskill's
Plackett–Luce, ties averaged over their orders: tournaments.ranking.ratings); a person is the
same whichever club he plays in. Each rating after each game is a row (`FederationRating`),
so that a person's number explains itself line by line, and the ranking can be read as of any
date. Rebuilt whole from a date, or moved on by one game when it is the newest (the usual
case, well under a second). See docs/federation.md.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import Q
from django_tasks import task

from tournaments.models import (
    Federation,
    FederationRating,
    Game,
    Person,
    Player,
    Seat,
)
from tournaments.ranking.ratings import START, Rating, rate_table, shown_rating

BATCH = 2_000

Table = list[tuple[int, int]]  # (person id, place), in seat order


@dataclass(frozen=True)
class Rebuilt:
    games: int
    ratings: int


def rebuild_ranking(*, federation: Federation, since: datetime.date | None = None) -> Rebuilt:
    """Every federation rating from `since` (all, without it) again, in one transaction."""
    with transaction.atomic():
        Federation.objects.select_for_update().get(pk=federation.pk)
        ensure_people(federation=federation)
        rows = FederationRating.objects.filter(federation=federation)
        if since is not None:
            rows = rows.filter(played_on__gte=since)
        rows.delete()
        current = _last_ratings(federation, before=since)
        made: list[Row] = []
        games = ratings = 0
        for game_id, played_on, table in _rated_tables(federation, since):
            games += 1
            made += _rate(federation.pk, game_id, played_on, table, current)
            if len(made) >= BATCH:  # written as it goes: a federation's history is long
                _write(made)
                ratings += len(made)
                made = []
        _write(made)
    return Rebuilt(games, ratings + len(made))


def game_rated(game: Game) -> bool:
    """A finished game of a federation's club moves the ranking on: rated on top of the
    current ratings when nothing is rated after it, else rebuilt from its date. False when
    the game's club is in no federation."""
    federation = Federation.objects.filter(clubs__events__games=game).first()
    if federation is None:
        return False
    with transaction.atomic():
        Federation.objects.select_for_update().get(pk=federation.pk)
        seats = list(Seat.objects.filter(game=game).select_related("player").order_by("position"))
        people = ensure_people(federation=federation, players=[seat.player for seat in seats])
        played_on, event_id, number = game.event.date, game.event_id, game.round.number
        # Rated on top only when nothing stands after it in the date order (as the club
        # ratings' quick path: the tables of one round share no player).
        same_day = Q(played_on=played_on)
        same_event = same_day & Q(game__event_id=event_id)
        after = Q(played_on__gt=played_on) | (same_day & Q(game__event_id__gt=event_id))
        after |= same_event & Q(game__round__number__gt=number)
        met = same_event & Q(game__round__number=number, person_id__in=people.values())
        blocking = FederationRating.objects.filter(federation=federation).filter(after | met)
        stored = FederationRating.objects.filter(game=game).exists()
        if stored or blocking.exists() or any(seat.rank is None for seat in seats):
            rebuild_ranking(federation=federation, since=played_on)
            return True
        # Every seat is placed (checked above).
        table = [(people[seat.player_id], seat.rank) for seat in seats if seat.rank is not None]
        current = _last_ratings(federation, people=[person for person, _place in table])
        if len(table) >= 2:
            _write(_rate(federation.pk, game.pk, played_on, table, current))
    return True


def ensure_people(*, federation: Federation, players: list[Player] | None = None) -> dict[int, int]:
    """Every player of the federation's clubs (or these) has a person: one without a licence
    is made for a player who has none. Player id → person id."""
    chosen = Player.objects.filter(club__federation=federation)
    if players is not None:
        chosen = chosen.filter(pk__in=[player.pk for player in players])
    found = dict(chosen.filter(person__isnull=False).values_list("pk", "person_id"))
    lonely = list(chosen.filter(person__isnull=True))
    if lonely:
        made = Person.objects.bulk_create(
            [Person(federation=federation, name=player.name) for player in lonely],
            batch_size=BATCH,
        )
        for player, person in zip(lonely, made, strict=True):
            player.person = person
            found[player.pk] = person.pk
        Player.objects.bulk_update(lonely, ["person"], batch_size=BATCH)
    return found


def _rated_tables(
    federation: Federation, since: datetime.date | None
) -> Iterator[tuple[int, datetime.date, Table]]:
    """(game id, date, [(person id, place)...]) of every finished game of the federation's
    clubs, in date order (as the club ratings order them): one query."""
    seats = Seat.objects.filter(
        game__event__club__federation=federation,
        game__finished=True,
        game__has_provisional_hands=False,
        rank__isnull=False,
    )
    if since is not None:
        seats = seats.filter(game__event__date__gte=since)
    rows = seats.order_by(
        "game__event__date",
        "game__event_id",
        "game__round__number",
        "game__table_number",
        "position",
    ).values_list("game_id", "game__event__date", "player__person_id", "rank")
    for (game_id, played_on), group in itertools.groupby(rows, key=lambda row: row[:2]):
        table = [(person_id, rank) for _g, _d, person_id, rank in group if rank is not None]
        if len(table) >= 2:  # a game of one rated player rates nobody
            yield game_id, played_on, table


def _last_ratings(
    federation: Federation,
    *,
    before: datetime.date | None = None,
    people: list[int] | None = None,
) -> dict[int, Rating]:
    """Each person's rating after his last rated game (before `before`)."""
    rows = FederationRating.objects.filter(federation=federation)
    if before is not None:
        rows = rows.filter(played_on__lt=before)
    if people is not None:
        rows = rows.filter(person_id__in=people)
    current: dict[int, Rating] = {}
    ordered = rows.order_by(
        "played_on", "game__event_id", "game__round__number", "game__table_number"
    ).values_list("person_id", "mu", "sigma")
    for person_id, mu, sigma in ordered:
        current[person_id] = (mu, sigma)
    return current


# A FederationRating row as it is written: plain values, in COLUMNS' order. A rebuild writes
# hundreds of thousands: building model instances and compiling their SQL would cost more
# than the rating itself.
Row = tuple[int, int, int, datetime.date, int, float, float, int, int]
COLUMNS = (
    "federation_id",
    "person_id",
    "game_id",
    "played_on",
    "place",
    "mu",
    "sigma",
    "rating",
    "change",
)


def _rate(
    federation_id: int,
    game_id: int,
    played_on: datetime.date,
    table: Table,
    current: dict[int, Rating],
) -> list[Row]:
    before = [current.get(person, START) for person, _place in table]
    after = rate_table(before, [place for _person, place in table])
    made = []
    for (person, place), old, (mu, sigma) in zip(table, before, after, strict=True):
        current[person] = (mu, sigma)
        shown = shown_rating(mu, sigma)
        change = shown - shown_rating(*old)
        made.append((federation_id, person, game_id, played_on, place, mu, sigma, shown, change))
    return made


def _write(rows: list[Row]) -> None:
    """Insert the rows as they are, many at a time."""
    if not rows:
        return
    table = connection.ops.quote_name(FederationRating._meta.db_table)
    names = ", ".join(connection.ops.quote_name(name) for name in COLUMNS)
    marks = ", ".join(["%s"] * len(COLUMNS))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)


@task()
def rate_game(game_id: int) -> None:
    """In the background: a game's result moved the federation's ranking on (or back)."""
    game = Game.objects.select_related("event", "round").filter(pk=game_id).first()
    if game is not None:
        game_rated(game)


def on_result_changed(sender: object, *, game: Game, **kwargs: object) -> None:
    """Listens to models.signals.result_changed: a game of a federation's club is rated in
    the background once its change commits (hand entry does not wait for the ranking)."""
    if Federation.objects.filter(clubs__events=game.event_id).exists():
        game_id = game.pk
        transaction.on_commit(lambda: rate_game.enqueue(game_id))
