"""An event's archive (format ramiscore-event/1, docs/archive.md) read from the database: the
event and its settings, registrations, rounds with their clocks and byes, and every game as
its game file with each hand's entry, confirmation and history. No database id goes in:
things are named by their natural keys (round and table numbers, hand numbers, player names,
account user names). In a fixed number of queries whatever the size of the event.

Only facts go in; derived rows (totals, ranks, prizes, tournament points, standings,
ratings) are left out, since an import recomputes them.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib.auth import get_user_model

from tournaments import rules
from tournaments.archive.selectors.history import (
    ArchiveNames,
    EventHistory,
    deleted_hands,
    game_records,
    hand_records,
    load_history,
    moment,
)
from tournaments.models import (
    Bye,
    ClockChange,
    Event,
    Game,
    Hand,
    Player,
    Registration,
    Round,
    Seat,
)
from tournaments.play.facts import engine_game
from tournaments.words.names import by_name

FORMAT = "ramiscore-event/1"


def event_archive(event: Event, *, personal: bool = False) -> dict[str, Any]:
    """The archive document of an event (a JSON-ready dict); see docs/archive.md. With
    `personal`, each registered member's e-mail and phone too, when he let the club keep
    them; without, no personal data beyond the players' names."""
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    games = list(Game.objects.filter(event=event).order_by("round__number", "table_number"))
    seats = list(Seat.objects.filter(game__event=event).select_related("player"))
    hands = list(
        Hand.objects.filter(game__event=event)
        .order_by("game_id", "number")
        .prefetch_related("lines")
    )
    registrations = list(Registration.objects.filter(event=event).select_related("player"))
    clock = list(ClockChange.objects.filter(round__event=event).order_by("at", "id"))
    byes = list(Bye.objects.filter(round__event=event).select_related("player"))
    history = load_history(games, seats)
    names = ArchiveNames(
        seats={seat.id: seat.player.name for seat in seats},
        users=_usernames(event, hands, clock, history.user_ids()),
    )
    return {
        "format": FORMAT,
        "club": event.club.name,
        "event": _event(event, names),
        "registrations": [
            {
                "player": registration.player.name,
                "checked_in": registration.checked_in,
                "withdrawn": registration.withdrawn,
                **(_contact(registration.player) if personal else {}),
            }
            for registration in sorted(registrations, key=lambda r: by_name(r.player.name))
        ],
        "rounds": _rounds(rounds, games, seats, hands, clock, byes, history, names),
    }


def _contact(player: Player) -> dict[str, Any]:
    if player.consent_at is None or not (player.email or player.phone):
        return {}
    return {
        "contact": {
            "email": player.email,
            "phone": player.phone,
            "consent_at": moment(player.consent_at),
        }
    }


def _event(event: Event, names: ArchiveNames) -> dict[str, Any]:
    return {
        "uuid": str(event.uuid),
        "name": event.name,
        "date": event.date.isoformat(),
        "kind": event.kind,
        "variant": event.variant,
        "options": event.options,
        "entry_fee": f"{event.entry_fee:.2f}",
        "confirmation_required": event.confirmation_required,
        "language": event.language,
        "round_minutes": event.round_minutes,
        "seating_method": event.seating_method,
        "seed_by_rating": event.seed_by_rating,
        "planned_rounds": event.planned_rounds,
        "points_scale": event.points_scale,
        "points_for_win_at_time": event.points_for_win_at_time,
        "bye_points": event.bye_points,
        "tie_breaks": event.tie_breaks,
        "prize_places": event.prize_places,
        "club_share": f"{event.club_share:.2f}",
        "created_by": names.user(event.created_by_id),
    }


def _rounds(
    rounds: list[Round],
    games: list[Game],
    seats: list[Seat],
    hands: list[Hand],
    clock: list[ClockChange],
    byes: list[Bye],
    history: EventHistory,
    names: ArchiveNames,
) -> list[dict[str, Any]]:
    seats_of, hands_of = defaultdict(list), defaultdict(list)
    for seat in sorted(seats, key=lambda seat: seat.position):
        seats_of[seat.game_id].append(seat)
    for hand in hands:
        hands_of[hand.game_id].append(hand)
    games_of, clock_of, byes_of = defaultdict(list), defaultdict(list), defaultdict(list)
    for game in games:
        games_of[game.round_id].append(game)
    for change in clock:
        clock_of[change.round_id].append(change)
    for bye in byes:
        byes_of[bye.round_id].append(bye.player.name)
    return [
        {
            "number": round_.number,
            "seating_method": round_.seating_method,
            "seed": round_.seed,
            "started_at": moment(round_.started_at),
            "closed_at": moment(round_.closed_at),
            "clock": [
                {
                    "action": change.action,
                    "minutes": change.minutes,
                    "at": moment(change.at),
                    "by": names.user(change.by_id),
                }
                for change in clock_of[round_.id]
            ],
            "byes": sorted(byes_of[round_.id], key=by_name),
            "games": [
                _game(game, seats_of[game.id], hands_of[game.id], history, names)
                for game in games_of[round_.id]
            ],
        }
        for round_ in rounds
    ]


def _game(
    game: Game, seats: list[Seat], hands: list[Hand], history: EventHistory, names: ArchiveNames
) -> dict[str, Any]:
    """A game as its game file (spec/game-file.md: the same reader scores it), with the
    table's settings and each hand's entry and history beside the facts."""
    document = rules.write_game(engine_game(game, seats, hands))
    for written, hand in zip(document["hands"], hands, strict=True):
        written.update(_entry(hand, names))
        written["history"] = hand_records(history.hands.get(hand.id, []), names)
        written["held_history"] = history.held(hand.id, names)
    document.update(
        {
            "table": game.table_number,
            "imported": game.imported,
            "link_enabled": game.link_enabled,
            "history": game_records(history.games.get(game.id, []), names),
            "deleted_hands": deleted_hands(history, game, {hand.id for hand in hands}, names),
        }
    )
    return document


def _entry(hand: Hand, names: ArchiveNames) -> dict[str, Any]:
    """Who entered and confirmed the hand, from where and when."""
    return {
        "number": hand.number,
        "entered_at": moment(hand.entered_at),
        "entered_by": names.user(hand.entered_by_id),
        "entered_by_seat": names.seat(hand.entered_by_seat_id),
        "entered_from": hand.entered_from,
        "needs_confirmation": hand.needs_confirmation,
        "confirmed_at": moment(hand.confirmed_at),
        "confirmed_by": names.user(hand.confirmed_by_id),
        "confirmed_by_seat": names.seat(hand.confirmed_by_seat_id),
        "confirmed_from": hand.confirmed_from,
    }


def _usernames(
    event: Event, hands: list[Hand], clock: list[ClockChange], history_ids: set[int]
) -> dict[int, str]:
    """The user name of every account the archive names, as the archive it came from named
    it for an account an import made: one query."""
    ids = {event.created_by_id} | history_ids
    ids |= {change.by_id for change in clock}
    for hand in hands:
        ids |= {hand.entered_by_id, hand.confirmed_by_id}
    ids.discard(None)
    model = get_user_model()
    rows = model.objects.filter(pk__in=ids).values_list(
        "pk", model.USERNAME_FIELD, "imported_as__name"
    )
    return {pk: imported or username for pk, username, imported in rows}
