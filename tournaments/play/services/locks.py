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
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Game, Round


def lock_rounds(rounds: QuerySet[Round]) -> list[Round]:
    """Lock these rounds (their rows only: a round's default order joins its event, whose row
    a plain FOR UPDATE would lock too, first), by id, for the rest of the transaction."""
    return list(rounds.select_for_update(of=("self",)).order_by("pk"))


def lock_tables(games: QuerySet[Game]) -> list[Game]:
    """Lock these tables (their rows only), in the order every writer takes them, for the
    rest of the transaction; returns them as locked."""
    return list(games.select_for_update(of=("self",)).order_by("pk"))
