"""The versions of what public pages show, bumped in the transaction of every change.

An event's version moves with anything its public pages show (a hand, a correction, a
confirmation, a table closed, a round seated or closed, its clock, a player checked in, the
event's settings); a table's with anything its own page shows. A polling phone sends back the
version it has (its ETag) and `web/polling.py` answers "nothing changed" from that one
number. Counters rather than timestamps: two writers serialise on the row they bump, so a
version is never reused for different content, whatever order the transactions commit in.
"""

from __future__ import annotations

from django.db.models import F

from tournaments.models import Event, Game, Round
from tournaments.play.services.locks import lock_tables

NEXT = F("version") + 1


def event_changed(event_id: int) -> None:
    """Something an event's public pages show has changed. Call it last in the transaction:
    the event's row stays locked until the commit."""
    Event.objects.filter(pk=event_id).update(version=NEXT)


def game_changed(game: Game) -> None:
    """Something a table's page shows has changed, hence its event's pages too."""
    Game.objects.filter(pk=game.pk).update(version=NEXT)
    event_changed(game.event_id)


def round_changed(round_: Round) -> None:
    """Something every table of a round shows has changed (its clock)."""
    lock_tables(Game.objects.filter(round=round_))  # in the order hands and writers take them
    Game.objects.filter(round=round_).update(version=NEXT)
    event_changed(round_.event_id)


def event_edited(event: Event) -> None:
    """The event's own settings changed: every table's page shows its name and rules."""
    # The settings' writers hold them already (and the event); any other caller takes them
    # here, before the event's row (play/services/locks.py).
    lock_tables(Game.objects.filter(event=event))
    Game.objects.filter(event=event).update(version=NEXT)
    # Its tie-breaks or points scale may order the standings anew.
    Event.objects.filter(pk=event.pk).update(standings_version=F("standings_version") + 1)
    event_changed(event.pk)
