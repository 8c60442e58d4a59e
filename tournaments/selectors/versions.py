"""The versions of what public pages show (services/versions.py bumps them): one indexed
query each, what a polling phone costs when nothing changed."""

from __future__ import annotations

from tournaments.models import Event, Game


def event_version(event_id: int) -> int | None:
    """The version of an event's public pages; None for an unknown event."""
    return Event.objects.filter(pk=event_id).values_list("version", flat=True).first()


def game_version(game_id: int) -> int | None:
    """The version of a table's page; None for an unknown table."""
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
