"""The order in which writers take their row locks, so that no two wait for each other in a
circle (PostgreSQL would end one of them with "deadlock detected"):

    a round, then its tables (by id), then their event, then its club (the ratings).

A hand locks its table only, and the event's row last, with the event's version
(`versions.event_changed`), or, when it finishes the game, before the event-wide sums that
follow (standings, then ratings): hands at two tables of one event never wait for each other,
however long one of them takes (issue 25: at a night of 500 tables, every hand waited for the
one before it, anywhere in the room, and the tail of the answers grew to seconds).

A writer that changes the whole event or several of its tables (closing a round, seating it
again, the event's settings and rules, deleting the event) therefore locks every table it will
touch first, with `lock_tables`, and the event only then: a hand in flight at one of them
finishes first, and none starts until the writer commits. A hand that waited for its table's
lock reads the event again when the table moved meanwhile (`record_hand`): PostgreSQL reads
again only the row it locked, and a settings save that held the table changed the event too.

One window is left, and said here: a table seated at a venue while the event's settings are
being saved (or the event replaced from an archive) is not among the tables the save locked
first; the save locks it after the event, so that it takes the new settings too, and a hand
entered at it at that very moment waits for the event while the save waits for the table.
PostgreSQL ends one of the two after a second; the site answers it "busy, nothing was saved"
(ramiscore/middleware.py) and a phone keeps its hand to send again (docs/offline.md).
"""

from __future__ import annotations

from typing import TypeVar

from django.db.models import QuerySet

from tournaments.models import Game, Round

Row = TypeVar("Row", Game, Round)


def lock_table(pk: int) -> Game:
    """Lock one table's row (the one lock of a hand, a correction, an undo...) for the rest of
    the transaction; returns it as locked, without its event (read it after: see above)."""
    return _locked(Game.objects.filter(pk=pk)).get()


def lock_round(pk: int) -> Round:
    """Lock one round's row for the rest of the transaction; returns it as locked."""
    return _locked(Round.objects.filter(pk=pk)).get()


def lock_rounds(rounds: QuerySet[Round]) -> list[Round]:
    """Lock these rounds, by id, for the rest of the transaction."""
    return list(_locked(rounds).order_by("pk"))


def lock_tables(games: QuerySet[Game]) -> list[Game]:
    """Lock these tables, in the order every writer takes them (by id), for the rest of the
    transaction; returns them as locked."""
    return list(_locked(games).order_by("pk"))


def _locked(rows: QuerySet[Row]) -> QuerySet[Row]:
    # Their own rows only: a round's default order joins its event, whose row a plain FOR
    # UPDATE would lock too, first. And FOR NO KEY UPDATE, as an UPDATE of them takes: a row
    # inserted elsewhere that points at one of them (a rating update at a finished table, a
    # table in an open round) checks it at its commit with a key-share lock, which FOR UPDATE
    # would make wait for us while we wait for that transaction's event.
    return rows.select_for_update(of=("self",), no_key=True)
