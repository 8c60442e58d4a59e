"""Helpers for the archive tests: an event with every kind of fact built through the
services, its archive as text, and a count of every row an import could write."""

from __future__ import annotations

import datetime
import json

from django.apps import apps
from django.contrib.auth import get_user_model

from tests.factories import correct, facts
from tournaments.archive.display import archive_text
from tournaments.archive.selectors.export import event_archive
from tournaments.events.services.clock import extend_clock, pause_clock, resume_clock, start_clock
from tournaments.events.services.events import create_event, register_player, set_presence
from tournaments.events.services.gamefiles import import_game
from tournaments.events.services.rounds import close_round, seat_by_hand
from tournaments.models import Event, Game, Hand, Player
from tournaments.play.services.entry import (
    close_game,
    confirm_hand,
    delete_last_hand,
    discard_hand,
    record_hand,
)
from tournaments.play.services.undo import undo_change

NAMES = ["Anne", "Bruno", "Chloé", "Denis", "Élodie", "François", "Gérard"]
GIN_FILE = {
    "format": "ramiscore/1",
    "variant": "gin-rummy",
    "options": {"target": 100},
    "players": ["Anne", "Bruno"],
    "hands": [
        {"how": "gin", "ended_by": "Anne", "held": {"Anne": 0, "Bruno": 25}},
        {"how": "knock", "ended_by": "Bruno", "held": {"Anne": 30, "Bruno": 5}},
    ],
}


def export(event: Event) -> str:
    return archive_text(event_archive(Event.objects.select_related("club").get(pk=event.pk)))


def rich_event(club, organiser) -> Event:
    """A tournament with confirmation on: hands entered and confirmed at the table, keyed by
    the organiser, discarded (the next moving up), corrected, deleted and restored; a closed
    game, a bye, a round clock, a withdrawal and a game imported from a file."""
    event = create_event(
        club=club,
        name="Tournoi d’automne",
        date=datetime.date(2026, 10, 3),
        variant="rami-penalites",
        options={"target": 100},
        kind=Event.Kind.TOURNAMENT,
        entry_fee=10,
        confirmation_required=True,
        club_share=10,
        points_scale=[4, 2, 1],
        created_by=organiser,
    )
    registrations = {name: register_player(event=event, name=name) for name in NAMES}
    players = {name: Player.objects.get(club=club, name=name) for name in NAMES}
    round_ = seat_by_hand(
        event=event,
        tables=[[players[n] for n in NAMES[:3]], [players[n] for n in NAMES[3:6]]],
        byes=[players["Gérard"]],
    )
    start_clock(round_=round_, minutes=40, user=organiser)
    pause_clock(round_=round_, user=organiser)
    resume_clock(round_=round_, user=organiser)
    extend_clock(round_=round_, minutes=5, user=organiser)
    one, two = round_.games.order_by("table_number")
    seats = {seat.player.name: seat for seat in one.seats.select_related("player")}

    def at_table(number, by, **held):
        return record_hand(
            game=one,
            number=number,
            facts=facts(one, "going_out", "Anne", **held),
            device=f"phone-{by}",
            entered_by_seat=seats[by],
        )

    first = at_table(1, "Bruno", Bruno=12, Chloé="KD 7S")
    confirm_hand(hand=first, device="phone-Chloé", confirmed_by_seat=seats["Chloé"])
    record_hand(
        game=one, number=2, facts=facts(one, "going_out", "Bruno", Anne=5, Chloé=9), user=organiser
    )
    waiting = at_table(3, "Chloé", Bruno=4, Chloé=6)
    at_table(4, "Bruno", Bruno=7, Chloé=8)
    discard_hand(hand=waiting, reason="entered twice", user=organiser)
    confirm_hand(hand=Hand.objects.get(game=one, number=3), user=organiser)
    correct(
        Hand.objects.get(game=one, number=1),
        "going_out",
        "Anne",
        Bruno=14,
        Chloé="KD 7S",
        reason="miscounted",
        user=organiser,
    )
    delete_last_hand(game=one, reason="wrong table", user=organiser)
    deletion = Hand.history.filter(game_id=one.pk, history_type="-").latest("history_id")
    undo_change(
        game=one, history_id=deletion.history_id, reason="it was this table", user=organiser
    )
    for number, ended_by in ((1, "Denis"), (2, "Élodie")):
        others = {n: 20 + number for n in ("Denis", "Élodie", "François") if n != ended_by}
        record_hand(
            game=two,
            number=number,
            facts=facts(two, "going_out", ended_by, **others),
            user=organiser,
        )
    close_game(game=two, user=organiser)
    close_round(round_=round_)
    set_presence(registration=registrations["Gérard"], withdrawn=True)
    import_game(event=event, document=GIN_FILE, round_number=2, user=organiser)
    return event


def renamed_people(text: str, names: dict[str, str]) -> dict:
    """The archive with each account it names by user name given another one."""
    document = json.loads(text)

    def walk(value):
        if isinstance(value, dict):
            return {
                key: (
                    names.get(item, item)
                    if key in {"by", "entered_by", "confirmed_by", "created_by"}
                    else walk(item)
                )
                for key, item in value.items()
            }
        if isinstance(value, list):
            return [walk(item) for item in value]
        return value

    return walk(document)


def row_counts() -> dict[str, int]:
    """How many rows each table of the site holds (history and accounts included)."""
    counts = {model._meta.label: model.objects.count() for model in apps.get_models()}
    counts["users"] = get_user_model().objects.count()
    return counts


def assert_no_database_ids(value, path="") -> None:
    """No key of the archive names a database id."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert key not in {"id", "pk"} and not key.endswith("_id"), f"{path}.{key}"
            assert_no_database_ids(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            assert_no_database_ids(item, f"{path}[{index}]")


def games_of(event: Event) -> list[Game]:
    return list(event.games.order_by("round__number", "table_number"))


def played_night(club, name: str, date: datetime.date, organiser=None) -> Event:
    """A club night of two finished tables of three (rated, counted in a season of its
    dates), built through the services."""
    event = create_event(
        club=club, name=name, date=date, variant="rami-penalites", created_by=organiser
    )
    for player in NAMES[:6]:
        register_player(event=event, name=player)
    players = {p.name: p for p in Player.objects.filter(club=club, name__in=NAMES[:6])}
    round_ = seat_by_hand(
        event=event, tables=[[players[n] for n in NAMES[:3]], [players[n] for n in NAMES[3:6]]]
    )
    for game in round_.games.order_by("table_number"):
        first, second, third = (seat.player.name for seat in game.seats.order_by("position"))
        for number, ended_by in ((1, first), (2, second)):
            held = {n: 55 for n in (first, second, third) if n != ended_by}
            record_hand(game=game, number=number, facts=facts(game, "going_out", ended_by, **held))
    return event
