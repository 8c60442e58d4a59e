"""Club ratings: every finished game moves its players' ratings, in date order (openskill's
Plackett–Luce model, made for finishing orders of several players).

The ratings are derived rows (`RatingUpdate`, one per player and finished game), never typed:
`recompute_ratings` rebuilds them from the games' stored places, from a date onwards, and
`game_result_changed`, in the same transaction as `refresh_game`, keeps them right whenever
a game's finishing order appears, changes or disappears: a table finishing in the round in
play is rated on top of the current ratings, anything else recomputes from the game's date.
See docs/ratings.md.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q

from tournaments.models import Club, Event, Game, RatingUpdate, Seat
from tournaments.models.seasons import RatingUpdateQuerySet
from tournaments.ranking.ratings import START, Rating, rate_table

# Inside `recomputed_once`: the earliest date each club's ratings must be recomputed from.
_DEFERRED: ContextVar[dict[int, datetime.date] | None] = ContextVar("ratings", default=None)


@dataclass(frozen=True)
class Recomputed:
    games: int
    updates: int


def recompute_ratings(*, club: Club | int, since: datetime.date | None = None) -> Recomputed:
    """Rebuild the club's ratings from its finished games, all of them or from `since` on
    (the ratings before that date are the starting point). One transaction, under a lock on
    the club so that two games finishing together are rated one after the other."""
    club_id = club if isinstance(club, int) else club.pk
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club_id).first()
        stale = RatingUpdate.objects.filter(player__club_id=club_id)
        if since is not None:
            stale = stale.filter(played_on__gte=since)
        stale.delete()
        current: dict[int, Rating] = {}
        if since is not None:
            earlier = RatingUpdate.objects.filter(player__club_id=club_id, played_on__lt=since)
            current = _last_ratings(earlier)
        updates = []
        games = 0
        for game_id, played_on, table in finished_tables(Q(game__event__club_id=club_id), since):
            if len(table) >= 2:
                games += 1
                updates += _rate_game(game_id, played_on, table, current)
        RatingUpdate.objects.bulk_create(updates, batch_size=500)
    return Recomputed(games, len(updates))


def finished_tables(
    scope: Q, since: datetime.date | None, who: str = "player_id"
) -> Iterator[tuple[int, datetime.date, list[tuple[int, int]]]]:
    """(game id, date, [(who, place)...]) of every finished game in `scope` (a club's, a
    federation's), in the order ratings are made: by date, event, round, table. One query.
    `who` names each seat: the club's player, or the federation's person."""
    # A game with a hand waiting for confirmation is never rated (refresh_game does not
    # finish it either): its order may still change.
    seats = Seat.objects.filter(
        scope,
        game__event__counted=True,  # a copy of an event kept apart is rated once, as its original
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
    ).values_list("game_id", "game__event__date", who, "rank")
    for (game_id, played_on), group in itertools.groupby(rows, key=lambda row: row[:2]):
        # Every rank is set (rank__isnull=False): the test only tells mypy so.
        places = [(seated, rank) for _g, _d, seated, rank in group if rank is not None]
        yield game_id, played_on, places


def game_result_changed(
    game: Game, seats: Sequence[Seat], *, decided: bool, was_finished: bool
) -> None:
    """Called by refresh_game, in its transaction: when the game's finishing order is new,
    changed or gone, the club's ratings follow. A new order is rated on top of the current
    ratings when nothing stands after it (`_rate_if_last`); otherwise, and for a changed or
    gone one, the club's ratings are recomputed from the game's date on."""
    if not decided and not was_finished:
        return  # a game in play: it has never been rated
    # Only a finished game is rated (and its rows go when it no longer is): a game finishing
    # now has none, and the busiest write of an evening (a table's last hand) reads none.
    stored = (
        dict(RatingUpdate.objects.filter(game=game).values_list("player_id", "place"))
        if was_finished
        else {}
    )
    now = {seat.player_id: seat.rank for seat in seats} if decided else {}
    if stored == now:
        return
    club_id, played_on, counted = Event.objects.values_list("club_id", "date", "counted").get(
        pk=game.event_id
    )
    if not counted:
        return  # a copy kept apart: never rated (its original is)
    deferred = _DEFERRED.get()
    if deferred is not None:
        deferred[club_id] = min(deferred.get(club_id, played_on), played_on)
        return
    if not stored and _rate_if_last(game, seats, club_id, played_on):
        return
    recompute_ratings(club=club_id, since=played_on)


def _last_ratings(updates: RatingUpdateQuerySet) -> dict[int, Rating]:
    """Each player's rating after the last of his games among `updates`."""
    current: dict[int, Rating] = {}
    for player_id, mu, sigma in updates.in_game_order().values_list("player_id", "mu", "sigma"):
        current[player_id] = (mu, sigma)  # a later game's replaces an earlier one's
    return current


def _rate_game(
    game_id: int, played_on: datetime.date, table: list[tuple[int, int]], current: dict[int, Rating]
) -> list[RatingUpdate]:
    """The updates one game gives (`table`: player id and place, in seat order), from the
    `current` ratings, which move on to the ratings after it."""
    after = rate_table([current.get(p, START) for p, _place in table], [pl for _p, pl in table])
    game = {"game_id": game_id, "played_on": played_on}  # the same for the whole table
    updates = []
    for (player_id, place), (mu, sigma) in zip(table, after, strict=True):
        current[player_id] = (mu, sigma)
        updates.append(RatingUpdate(player_id=player_id, place=place, mu=mu, sigma=sigma, **game))
    return updates


def _rate_if_last(
    game: Game, seats: Sequence[Seat], club_id: int, played_on: datetime.date
) -> bool:
    """Rates a new result on top of the current ratings, and says so (True), when nothing is
    rated after its round
    and none of its players was rated in that round: the usual case, a table finishing in
    the round in play. That is what recomputing from its date would give (the tables of one
    round share no player, so their order in the round changes nothing), without rating the
    day's other games again: a 2,500-game tournament day's last table is rated in
    milliseconds, not most of a second (bench/bench_ratings.py). False: a recompute is due."""
    table = [
        (seat.player_id, seat.rank)
        for seat in sorted(seats, key=lambda s: s.position)
        if seat.rank is not None
    ]
    if len(table) < len(seats):  # a seat without its place
        return False
    # Under the club's lock, as recompute_ratings; no savepoint of its own (two statements
    # fewer for a table's last hand): its callers let an error undo their whole transaction.
    with transaction.atomic(savepoint=False):
        Club.objects.select_for_update().filter(pk=club_id).first()
        number = game.round.number
        players = [player_id for player_id, _place in table]
        same_day = Q(played_on=played_on)
        same_event = same_day & Q(game__event_id=game.event_id)
        after = Q(played_on__gt=played_on) | (same_day & Q(game__event_id__gt=game.event_id))
        after |= same_event & Q(game__round__number__gt=number)
        met = same_event & Q(game__round__number=number, player_id__in=players)
        blocking = after | met
        if RatingUpdate.objects.filter(player__club_id=club_id).filter(blocking).exists():
            return False
        if len(table) >= 2:  # as recompute_ratings: a game of one rated player rates nobody
            # Nothing of theirs stands after this game (checked above): their last ratings.
            before = RatingUpdate.objects.filter(
                player_id__in=players, player__club_id=club_id, played_on__lte=played_on
            )
            current = _last_ratings(before)
            RatingUpdate.objects.bulk_create(_rate_game(game.pk, played_on, table, current))
    return True


@contextmanager
def recomputed_once() -> Iterator[None]:
    """Games rescored inside (an event imported whole) have their club's ratings
    recomputed once at the end, from the earliest date concerned, instead of once per game.
    Use it inside the transaction that rescores them."""
    deferred: dict[int, datetime.date] = {}
    token = _DEFERRED.set(deferred)
    try:
        yield
    finally:
        _DEFERRED.reset(token)
    for club_id, since in deferred.items():
        recompute_ratings(club=club_id, since=since)


def event_date_changed(event: Event, old_date: datetime.date) -> None:
    """An event moved to another date: its games take another place in the date order."""
    if old_date != event.date:
        recompute_ratings(club=event.club_id, since=min(old_date, event.date))
