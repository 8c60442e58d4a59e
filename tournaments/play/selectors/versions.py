"""The versions of what public pages show (play/services/versions.py bumps them): one indexed
query each, what a polling phone costs when nothing changed. Written in SQL: at hundreds of
polls a second, building the ORM query costs more than running it."""

from __future__ import annotations

from django.db import connection

from tournaments.models import Event, Game

EVENT_VERSION = f"SELECT version FROM {Event._meta.db_table} WHERE id = %s"
STANDINGS_VERSION = f"SELECT standings_version FROM {Event._meta.db_table} WHERE id = %s"
GAME_VERSION = f"SELECT version FROM {Game._meta.db_table} WHERE id = %s"
LINK_VERSION = f"SELECT version FROM {Game._meta.db_table} WHERE link_token = %s AND link_enabled"


def event_version(event_id: int) -> int | None:
    """The version of an event's public pages; None for an unknown event."""
    return _one(EVENT_VERSION, event_id)


def standings_version(event_id: int) -> int | None:
    """The version of an event's standings alone (the ranking pages): it moves when a result
    or who is present does, not with every hand."""
    return _one(STANDINGS_VERSION, event_id)


def game_version(game_id: int) -> int | None:
    """The version of a table's page; None for an unknown table."""
    return _one(GAME_VERSION, game_id)


def link_version(token: str) -> int | None:
    """The version of the table a table link opens (its entry page follows it); None once
    the link is off or renewed."""
    return _one(LINK_VERSION, token)


def _one(statement: str, pk: int | str) -> int | None:
    with connection.cursor() as cursor:
        cursor.execute(statement, [pk])
        row = cursor.fetchone()
    return row[0] if row else None
