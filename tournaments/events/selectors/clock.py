"""Reads about rounds' clocks: their changes (with who made them) and the tables still in
play at time, each in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from tournaments.models import ClockChange, Game, Round
from tournaments.play.selectors.games import games_with_seats
from tournaments.rules.clock import Clock, clock_at


def clock_changes(round_ids: Iterable[int]) -> dict[int, list[ClockChange]]:
    """Every change of these rounds' clocks in order, by round id, with who made it: one
    query (none for no round)."""
    ids = [round_id for round_id in round_ids if round_id is not None]
    found: dict[int, list[ClockChange]] = {round_id: [] for round_id in ids}
    if not ids:
        return found
    for change in ClockChange.objects.filter(round_id__in=ids).select_related("by"):
        found[change.round_id].append(change)
    return found


def round_clock(round_: Round, now: datetime) -> Clock:
    """A round's clock at `now`: one query."""
    changes = clock_changes([round_.pk])[round_.pk]
    return clock_at((change.as_change() for change in changes), now)


def tables_in_play(round_: Round) -> list[Game]:
    """The round's tables neither finished nor closed, in table order, with their seats and
    players: what closing at time ends. Two queries."""
    return games_with_seats(
        Game.objects.filter(round=round_, finished=False, closed=False).order_by("table_number")
    )
