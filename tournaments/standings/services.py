"""Each player's Standing row (his sums in an event), rewritten in the transaction that
changes a result: a game decided, corrected or reopened (`refresh_game`), a bye given or
taken back (rounds). The standings then read one row per player (standings/selectors.py)
instead of every seat of every round.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from django.db import connection, transaction
from django.db.models import F

from tournaments.models import Bye, Event, Game, Happening, Seat, Standing
from tournaments.models.signals import tell
from tournaments.ranking import records_from_rows

SCORE_DIFFERENCE_PLACES = Decimal("0.0001")
CHUNK = 500  # ids per statement: SQLite's limit on parameters is far above


def players_changed(*, event_id: int, player_ids: Iterable[int]) -> None:
    """Rewrite these players' rows, then the opponents' points of them and of everyone who
    met them (their points are in those sums)."""
    ids = set(player_ids)
    if not ids:
        return
    # No savepoint of its own (two statements fewer for a table's last hand): its callers
    # let an error undo their whole transaction.
    with transaction.atomic(savepoint=False):
        # First, as it locks the event's row (play/services/locks.py): the sums below are read
        # after any other writer's of the event has committed, never beside it.
        standings_changed(event_id)
        _write_sums(event_id, ids)
        met = Seat.objects.filter(
            game__event_id=event_id, game__finished=True, game__seats__player_id__in=ids
        ).values_list("player_id", flat=True)
        _write_opponents_points(event_id, ids | set(met))
        _tell_webhooks(event_id)


def rebuild_event(*, event_id: int) -> None:
    """Every row of the event again: after a migration, a recompute, or rows written in bulk
    without the services (benchmarks)."""
    with transaction.atomic():
        standings_changed(event_id)  # the event's lock first, as above
        seated = Seat.objects.filter(game__event_id=event_id).values_list("player_id", flat=True)
        byes = Bye.objects.filter(round__event_id=event_id).values_list("player_id", flat=True)
        ids = set(seated) | set(byes)
        Standing.objects.filter(event_id=event_id).exclude(player_id__in=ids).delete()
        for start in range(0, len(ids), CHUNK):
            _write_sums(event_id, set(sorted(ids)[start : start + CHUNK]))
        _write_opponents_points(event_id, None)
        _tell_webhooks(event_id)


def _tell_webhooks(event_id: int) -> None:
    """The standings moved: webhooks hear of it (they read them from the API)."""
    tell(
        Happening.STANDINGS_CHANGED,
        event_id=event_id,
        data=lambda: {"standings": f"/api/v1/events/{event_id}/standings"},
    )


def standings_changed(event_id: int) -> None:
    """Something the standings show moved (a sum, who is registered or present): the
    version the ranking pages are compared by, in the transaction of the change."""
    Event.objects.filter(pk=event_id).update(standings_version=F("standings_version") + 1)


def _write_sums(event_id: int, ids: set[int]) -> None:
    """Points, score, score difference, wins, games and byes of these players, from the
    seats of every finished game they played (all of its seats: the score difference needs
    the opponents' totals) and their byes."""
    games = Game.objects.filter(event_id=event_id, finished=True, seats__player_id__in=ids)
    seats = Seat.objects.filter(game__in=games.values("pk")).values_list(
        "game_id", "player_id", "total", "rank", "tournament_points"
    )
    byes = Bye.objects.filter(round__event_id=event_id, player_id__in=ids).values_list(
        "player_id", "points"
    )
    registered = [(player_id, "", True) for player_id in ids]
    records = {r.player_id: r for r in records_from_rows(registered, seats, byes)}
    Standing.objects.filter(event_id=event_id, player_id__in=ids).delete()
    Standing.objects.bulk_create(
        Standing(
            event_id=event_id,
            player_id=player_id,
            points=record.points,
            score=record.score,
            score_difference=record.score_difference.quantize(SCORE_DIFFERENCE_PLACES),
            wins=record.wins,
            games=record.games,
            byes=record.byes,
        )
        for player_id, record in records.items()
        if player_id in ids and (record.games or record.byes)
    )


def _write_opponents_points(event_id: int, ids: set[int] | None) -> None:
    """Each player's opponents' points (Buchholz), summed in SQL from the stored rows: one
    statement for these players (None: the whole event)."""
    standing, seat, game = (m._meta.db_table for m in (Standing, Seat, Game))
    # The opponents' points at every finished table the player sat at, one entry per
    # opponent per game, byes included (they are in the opponents' points).
    statement = f"""
        UPDATE {standing} SET opponents_points = COALESCE((
            SELECT SUM(other.points)
            FROM {seat} mine
            JOIN {game} g ON g.id = mine.game_id
            JOIN {seat} theirs ON theirs.game_id = mine.game_id
                AND theirs.player_id <> mine.player_id
            JOIN {standing} other ON other.event_id = g.event_id
                AND other.player_id = theirs.player_id
            WHERE mine.player_id = {standing}.player_id
                AND g.event_id = {standing}.event_id AND g.finished
        ), 0)
        WHERE event_id = %s"""
    with connection.cursor() as cursor:
        if ids is None:
            cursor.execute(statement, [event_id])
            return
        ordered = sorted(ids)
        for start in range(0, len(ordered), CHUNK):
            chunk = ordered[start : start + CHUNK]
            marks = ", ".join(["%s"] * len(chunk))
            cursor.execute(f"{statement} AND player_id IN ({marks})", [event_id, *chunk])
