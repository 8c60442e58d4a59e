"""Read an event archive (format ramiscore-event/1, docs/archive.md) before anything is
stored: its structure and every value checked, every game replayed through the rules engine.
All the problems are reported together, one line each, naming where they are.
"""

from __future__ import annotations

import datetime
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from tournaments import rules
from tournaments.archive.selectors.export import FORMAT
from tournaments.archive.services.fields import (
    AMOUNT_KIND,
    CHANGE,
    COUNT,
    DATE,
    DEVICE,
    FLAG,
    HELD,
    HOW,
    LIST,
    MOMENT,
    NAMES,
    OBJECT,
    REASON,
    SEAT,
    USER,
    WHOLE_NUMBERS,
    Context,
    Kind,
    choice,
    optional,
    read_fields,
    shown,
    text,
)
from tournaments.events.services.events import (
    rules_problems_as_validation_error,
    tournament_points_problems,
)
from tournaments.models import ClockChange, Event
from tournaments.models.events import VARIANT_NAMES
from tournaments.ranking import TIE_BREAKS
from tournaments.rules.gamefile import nesting_depth

DEEPEST = 30  # an archive is about ten levels deep: a far deeper document is no archive
EVENT_NAME_LENGTH = Event._meta.get_field("name").max_length
assert EVENT_NAME_LENGTH is not None  # a CharField's: always set

EVENT = {
    "name": text(EVENT_NAME_LENGTH),
    "date": DATE,
    "kind": choice(Event.Kind.values),
    "variant": choice(VARIANT_NAMES),
    "options": OBJECT,
    "entry_fee": AMOUNT_KIND,
    "confirmation_required": FLAG,
    "language": choice(code for code, _name in settings.LANGUAGES),
    "round_minutes": COUNT,
    "seating_method": choice(Event.Seating.values),
    "seed_by_rating": FLAG,
    "planned_rounds": optional(COUNT),
    "points_scale": WHOLE_NUMBERS,
    "points_for_win_at_time": optional(COUNT),
    "bye_points": COUNT,
    "tie_breaks": NAMES,
    "prize_places": WHOLE_NUMBERS,
    "club_share": AMOUNT_KIND,
    "created_by": USER,
}
REGISTRATION = {"player": text(80), "checked_in": FLAG, "withdrawn": FLAG}
ROUND = {
    "number": COUNT,
    "seating_method": choice(["", *Event.Seating.values]),
    "seed": COUNT,
    "started_at": MOMENT,
    "closed_at": optional(MOMENT),
    "clock": LIST,
    "byes": NAMES,
    "games": LIST,
}
CLOCK = {"action": choice(ClockChange.Action.values), "minutes": COUNT, "at": MOMENT, "by": USER}
GAME = {
    "table": COUNT,
    "imported": FLAG,
    "link_enabled": FLAG,
    "history": LIST,
    "deleted_hands": LIST,
}
WHEN_AND_WHO = {"at": MOMENT, "by": USER, "change": CHANGE, "reason": REASON}
ENTRY = {
    "entered_by": USER,
    "entered_by_seat": SEAT,
    "entered_from": DEVICE,
    "needs_confirmation": FLAG,
    "confirmed_at": optional(MOMENT),
    "confirmed_by": USER,
    "confirmed_by_seat": SEAT,
    "confirmed_from": DEVICE,
}
HAND = {"number": COUNT, "entered_at": MOMENT, **ENTRY, "history": LIST, "held_history": LIST}
HAND_RECORD = {**WHEN_AND_WHO, "number": COUNT, "how": HOW, "ended_by": SEAT, **ENTRY}
HELD_RECORD = {**WHEN_AND_WHO, "player": SEAT, "held": HELD}
GAME_RECORD = {
    **WHEN_AND_WHO,
    "closed": FLAG,
    "link_enabled": FLAG,
    "variant": choice(VARIANT_NAMES),
    "options": OBJECT,
    "pot": optional(AMOUNT_KIND),
}
DELETED_HAND = {"history": LIST, "held_history": LIST}


@dataclass
class ArchiveHand:
    entry: dict[str, Any]  # HAND's fields, read
    history: list[dict[str, Any]]
    held_history: list[dict[str, Any]]


@dataclass
class ArchiveGame:
    table: int
    imported: bool
    link_enabled: bool
    read: rules.Game  # the game file's facts, as the engine reads them
    hands: list[ArchiveHand]
    history: list[dict[str, Any]]
    deleted_hands: list[ArchiveHand]


@dataclass
class ArchiveRound:
    fields: dict[str, Any]  # number, seating method, seed, started and closed
    clock: list[dict[str, Any]]
    byes: list[str]
    games: list[ArchiveGame] = field(default_factory=list)


@dataclass
class Archive:
    club: str
    event: dict[str, Any]
    registrations: list[dict[str, Any]]
    rounds: list[ArchiveRound]
    users: set[str]  # every account named


def parse_archive_text(text: str) -> Any:
    """The JSON document of an archive's text; ValidationError if it cannot be read."""
    too_deep = _("This is not an event archive: it is nested too deep.")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        message = _("This is not an event archive: it is not valid JSON (line %(line)s).")
        raise ValidationError(message % {"line": error.lineno}) from None
    except RecursionError:
        raise ValidationError(too_deep) from None
    except ValueError:  # an integer of thousands of digits (Python's int_max_str_digits)
        raise ValidationError(_("This is not an event archive: it cannot be read.")) from None
    if nesting_depth(document) > DEEPEST:
        raise ValidationError(too_deep)
    return document


def read_archive(document: Any) -> Archive:
    """The archive's contents, every value checked and every game replayed through the
    rules engine; ValidationError listing every problem, one line each."""
    problems: list[str] = []
    context = Context()
    where = _("the archive")
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        found = document.get("format") if isinstance(document, dict) else None
        raise ValidationError(
            _("This is not an event archive: its format must be %(expected)s, not %(found)s.")
            % {"expected": FORMAT, "found": shown(found)}
        )
    top = read_fields(
        document,
        {"club": text(120), "event": OBJECT, "registrations": LIST, "rounds": LIST},
        where,
        problems,
        context,
    )
    if top is None:
        raise ValidationError(problems)
    event = _read_event(top["event"], problems, context)
    registered = _read_registrations(top["registrations"], problems, context)
    rounds = _read_rounds(top["rounds"], registered, problems, context)
    if problems or event is None:
        raise ValidationError(problems)
    return Archive(top["club"], event, list(registered.values()), rounds, context.users)


def located(where: str, problem: str) -> str:
    """A problem with where it is: "round 1, table 2: …"."""
    return _("%(where)s: %(problem)s") % {"where": where, "problem": problem}


def name_key(name: str) -> str:
    """Names as the club tells its members apart: spaces and case aside."""
    return " ".join(name.split()).casefold()


def _read_event(document: Any, problems: list[str], context: Context) -> dict[str, Any] | None:
    where = _("event")
    event = read_fields(document, EVENT, where, problems, context)
    if event is None:
        return None
    lines = tournament_points_problems(
        points_scale=event["points_scale"], bye_points=event["bye_points"]
    )
    try:
        rules.make_variant(event["variant"], event["options"])
    except rules.RulesError as error:
        lines += rules_problems_as_validation_error(error).messages
    unknown = [key for key in event["tie_breaks"] if key not in TIE_BREAKS]
    if unknown:
        lines.append(_("unknown tie-breaks: %(keys)s") % {"keys": ", ".join(unknown)})
    places = event["prize_places"]
    if any(p > 100 for p in places) or sum(places) > 100:
        lines.append(_("the prize places' percentages add up to more than 100"))
    fields = {key: value for key, value in event.items() if key != "created_by"}
    try:
        Event(**fields).full_clean(exclude=["club"])
    except ValidationError as error:
        lines += [f"{name}: {message}" for name, ms in error.message_dict.items() for message in ms]
    problems.extend(located(where, line) for line in lines)
    return event if not lines else None


def _read_contact(document: Any, where: str, problems: list[str]) -> dict[str, Any] | None:
    """A member's e-mail and phone, in an archive exported with personal data (optional)."""
    if document is None:
        return None
    fine = isinstance(document, dict) and all(
        isinstance(document.get(name), str) for name in ("email", "phone", "consent_at")
    )
    if fine:
        try:
            if document["email"]:
                validate_email(document["email"])
            consent = datetime.datetime.fromisoformat(document["consent_at"])
        except (ValidationError, ValueError):
            fine = False
    if not fine or len(document["phone"]) > 30 or consent.tzinfo is None:
        problems.append(
            _("%(where)s: contact must hold an e-mail, a phone and when he consented.")
            % {"where": where}
        )
        return None
    return {"email": document["email"], "phone": document["phone"], "consent_at": consent}


def _read_registrations(
    documents: list[Any], problems: list[str], context: Context
) -> dict[str, dict[str, Any]]:
    """The registrations by name key (the same member whatever the case)."""
    registered: dict[str, dict[str, Any]] = {}
    for index, document in enumerate(documents, start=1):
        where = _("registration %(number)s") % {"number": index}
        registration = read_fields(document, REGISTRATION, where, problems, context)
        if registration is None:
            continue
        registration["contact"] = _read_contact(document.get("contact"), where, problems)
        key = name_key(registration["player"])
        if not key:
            problems.append(_("%(where)s: the player has no name.") % {"where": where})
        elif key in registered:
            problems.append(
                _("%(player)s appears twice among the registrations.")
                % {"player": registration["player"]}
            )
        registered[key] = registration
    return registered


def _read_rounds(
    documents: list[Any],
    registered: dict[str, dict[str, Any]],
    problems: list[str],
    context: Context,
) -> list[ArchiveRound]:
    rounds = []
    numbers = Counter(d.get("number") for d in documents if isinstance(d, dict))
    for number in sorted(n for n, seen in numbers.items() if seen > 1 and isinstance(n, int)):
        problems.append(_("Round %(number)s appears twice.") % {"number": number})
    for index, document in enumerate(documents, start=1):
        number = document.get("number", index) if isinstance(document, dict) else index
        where = _("round %(number)s") % {"number": shown(number)}
        fields = read_fields(document, ROUND, where, problems, context)
        if fields is None:
            continue
        clock = [
            read_fields(change, CLOCK, f"{where}, " + _("clock"), problems, context)
            for change in fields.pop("clock")
        ]
        byes = fields.pop("byes")
        games = fields.pop("games")
        round_ = ArchiveRound(fields, [c for c in clock if c is not None], byes)
        seated = Counter(name_key(name) for name in byes)
        named = {name_key(name): name for name in byes}
        tables = Counter(g.get("table") for g in games if isinstance(g, dict))
        for table in sorted(t for t, seen in tables.items() if seen > 1 and isinstance(t, int)):
            problems.append(
                _("%(where)s: table %(table)s appears twice.") % {"where": where, "table": table}
            )
        for game in games:
            read = _read_game(game, number, problems, context)
            if read is not None:
                round_.games.append(read)
                seated.update(name_key(name) for name in read.read.players)
                named.update({name_key(name): name for name in read.read.players})
        for key, seen in sorted(seated.items()):
            if key not in registered:
                problems.append(
                    _("%(where)s: %(player)s plays but is not among the registrations.")
                    % {"where": where, "player": named[key]}
                )
            elif seen > 1:
                problems.append(
                    _("%(where)s: %(player)s is seated twice.")
                    % {"where": where, "player": registered[key]["player"]}
                )
        rounds.append(round_)
    return rounds


def _read_game(
    document: Any, round_number: object, problems: list[str], context: Context
) -> ArchiveGame | None:
    table = document.get("table") if isinstance(document, dict) else None
    where = _("round %(round)s, table %(table)s") % {"round": round_number, "table": shown(table)}
    fields = read_fields(document, GAME, where, problems, context)
    if fields is None:
        return None
    try:
        read = rules.read_game(document)
        rules.score_game(read)  # a hand the rules refuse is refused here, with its number
    except rules.RulesError as error:
        messages = rules_problems_as_validation_error(error).messages
        problems.extend(located(where, message) for message in messages)
        read = None
    # The rest is read even when the rules refuse a hand: every problem is told at once.
    players = document.get("players") if read is None else read.players
    players = (
        frozenset(p for p in players if isinstance(p, str))
        if isinstance(players, list | tuple)
        else frozenset()
    )
    table_context = Context(players=players, users=context.users)
    hands = []
    numbers = Counter(h.get("number") for h in document.get("hands", []) if isinstance(h, dict))
    for number in sorted(n for n, seen in numbers.items() if seen > 1 and isinstance(n, int)):
        problems.append(
            _("%(where)s: hand %(number)s appears twice.") % {"where": where, "number": number}
        )
    for place, hand in enumerate(document.get("hands", []), start=1):
        hand_where = _("%(where)s, hand %(number)s") % {"where": where, "number": place}
        read_hand = _read_hand(hand, HAND, hand_where, problems, table_context)
        number = read_hand.entry["number"] if read_hand is not None else place
        if number != place and numbers[number] < 2:
            problems.append(
                _("%(where)s: the hands must be numbered 1, 2, 3… in order, not %(number)s.")
                % {"where": hand_where, "number": number}
            )
        hands.append(read_hand)
    deleted = [
        _read_hand(
            hand,
            DELETED_HAND,
            _("%(where)s, deleted hand %(number)s") % {"where": where, "number": place},
            problems,
            table_context,
        )
        for place, hand in enumerate(fields["deleted_hands"], start=1)
    ]
    history = _records(fields["history"], GAME_RECORD, where, problems, table_context)
    all_hands, all_deleted = _every(hands), _every(deleted)
    if read is None or all_hands is None or all_deleted is None or history is None:
        return None
    return ArchiveGame(
        fields["table"],
        fields["imported"],
        fields["link_enabled"],
        read,
        all_hands,
        history,
        all_deleted,
    )


def _read_hand(
    document: Any, schema: dict[str, Kind], where: str, problems: list[str], context: Context
) -> ArchiveHand | None:
    entry = read_fields(document, schema, where, problems, context)
    if entry is None:
        return None
    history = _records(entry.pop("history"), HAND_RECORD, where, problems, context)
    held = _records(entry.pop("held_history"), HELD_RECORD, where, problems, context)
    if history is None or held is None:
        return None
    if not history and schema is DELETED_HAND:
        problems.append(_("%(where)s: a deleted hand has no history.") % {"where": where})
    return ArchiveHand(entry, history, held)


def _records(
    documents: list[Any], schema: dict[str, Kind], where: str, problems: list[str], context: Context
) -> list[dict[str, Any]] | None:
    """History records, oldest first; None if one is refused."""
    records = []
    for index, document in enumerate(documents, start=1):
        record_where = _("%(where)s, history %(number)s") % {"where": where, "number": index}
        records.append(read_fields(document, schema, record_where, problems, context))
    if "player" in schema and any(r is not None and r["player"] is None for r in records):
        problems.append(_("%(where)s: a held record names no player.") % {"where": where})
        return None
    return _every(records)


T = TypeVar("T")


def _every(read: list[T | None]) -> list[T] | None:
    """What was read, if nothing was refused (None)."""
    found = [each for each in read if each is not None]
    return found if len(found) == len(read) else None
