"""Synthetic event archives (format ramiscore-event/1, docs/archive.md) for the benchmarks:
a club night of `tables` tables of four rummy players (no target: every hand is playable),
`hands` hands each with a one-record history, and `registrations` players in all (those
beyond the tables' seats registered, not seated). Plain data: no Django needed."""

from __future__ import annotations

import datetime
import random

PLAYERS_AT_A_TABLE = 4
START = datetime.datetime(2026, 11, 30, 19, 0, tzinfo=datetime.UTC)


def event_archive_document(
    *, registrations: int, tables: int = 0, hands: int = 0, seed: int = 7
) -> dict:
    rng = random.Random(seed)
    names = [f"Joueur {number:06d}" for number in range(max(registrations, 0))]
    seated = tables * PLAYERS_AT_A_TABLE
    if seated > len(names):
        raise ValueError("More seats than players registered.")
    games = [
        _game(table, names[(table - 1) * 4 : table * 4], hands, rng)
        for table in range(1, tables + 1)
    ]
    return {
        "format": "ramiscore-event/1",
        "club": "Club du banc d'essai",
        "event": {
            "name": f"Soirée de {registrations} joueurs",
            "date": "2026-11-30",
            "kind": "club_night",
            "variant": "rummy",
            "options": {},
            "entry_fee": "0.00",
            "confirmation_required": False,
            "language": "fr",
            "round_minutes": 45,
            "seating_method": "random",
            "seed_by_rating": False,
            "planned_rounds": None,
            "points_scale": [3, 1, 0],
            "points_for_win_at_time": None,
            "bye_points": 3,
            "tie_breaks": ["score", "wins", "opponents_points"],
            "prize_places": [50, 30, 20],
            "club_share": "0.00",
            "created_by": None,
        },
        "registrations": [
            {"player": name, "checked_in": True, "withdrawn": False} for name in names
        ],
        "rounds": [
            {
                "number": 1,
                "seating_method": "",
                "seed": 0,
                "started_at": _moment(0),
                "closed_at": None,
                "clock": [],
                "byes": [],
                "games": games,
            }
        ]
        if tables
        else [],
    }


def _game(table: int, players: list[str], hands: int, rng: random.Random) -> dict:
    written = []
    for number in range(1, hands + 1):
        ended_by = rng.choice(players)
        held = {name: (None if name == ended_by else rng.randint(1, 40)) for name in players}
        at = _moment(number * 60)
        written.append(
            {
                "how": "going_out",
                "ended_by": ended_by,
                "held": {name: value for name, value in held.items() if value is not None},
                "number": number,
                "entered_at": at,
                "entered_by": None,
                "entered_by_seat": ended_by,
                "entered_from": "",
                "needs_confirmation": False,
                "confirmed_at": None,
                "confirmed_by": None,
                "confirmed_by_seat": None,
                "confirmed_from": "",
                "history": [
                    {
                        "at": at,
                        "by": None,
                        "change": "created",
                        "reason": "",
                        "number": number,
                        "how": "going_out",
                        "ended_by": ended_by,
                        "entered_by": None,
                        "entered_by_seat": ended_by,
                        "entered_from": "",
                        "needs_confirmation": False,
                        "confirmed_at": None,
                        "confirmed_by": None,
                        "confirmed_by_seat": None,
                        "confirmed_from": "",
                    }
                ],
                "held_history": [
                    {
                        "at": at,
                        "by": None,
                        "change": "created",
                        "reason": "",
                        "player": name,
                        "held": value,
                    }
                    for name, value in held.items()
                ],
            }
        )
    return {
        "format": "ramiscore/1",
        "variant": "rummy",
        "options": {},
        "players": players,
        "pot": None,
        "closed": False,
        "hands": written,
        "table": table,
        "imported": False,
        "link_enabled": True,
        "history": [],
        "deleted_hands": [],
    }


def _moment(seconds: int) -> str:
    return (START + datetime.timedelta(seconds=seconds)).isoformat()
