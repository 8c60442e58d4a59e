"""The kinds of value an event archive holds (docs/archive.md), each read and checked: a
wrong one gives one clear line naming where it is, never an exception. `read_fields` reads
an object by a schema (field name → kind) and collects every problem."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.archive.selectors.history import HISTORY_TYPES
from tournaments.models.games import HOW_CHOICES
from tournaments.rules.gamefile import AMOUNT
from tournaments.rules.hands import NEVER_MELDED
from tournaments.rules.text import unprintable

LARGEST_COUNT = 2**31 - 1  # what every integer column holds
USERNAME_LENGTH = 150


@dataclass
class Context:
    """What a value is checked against: the players of the table being read; and the
    accounts the archive names, gathered on the way."""

    players: frozenset[str] = frozenset()
    users: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Kind:
    """A kind of value: what the message calls it, and how to read it (None: refused)."""

    name: Callable[[], str]  # what it is in the reader's language, e.g. "true or false"
    read: Callable[[Any, Context], Any]  # returns REFUSED for a wrong value

    def __call__(self, value: Any, context: Context) -> Any:
        return self.read(value, context)


REFUSED = object()


def _flag(value: object, context: Context) -> object:
    return value if isinstance(value, bool) else REFUSED


def _count(value: object, context: Context) -> object:
    if isinstance(value, bool) or not isinstance(value, int):
        return REFUSED
    return value if 0 <= value <= LARGEST_COUNT else REFUSED


def _moment(value: object, context: Context) -> object:
    if not isinstance(value, str):
        return REFUSED
    try:
        moment = datetime.datetime.fromisoformat(value)
    except ValueError:
        return REFUSED
    return moment if moment.tzinfo is not None else REFUSED


def _date(value: object, context: Context) -> object:
    if not isinstance(value, str):
        return REFUSED
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        return REFUSED


def _amount(value: object, context: Context) -> object:
    if not isinstance(value, str) or not AMOUNT.match(value):
        return REFUSED
    return Decimal(value)


def text(limit: int) -> Kind:
    """Plain text of at most `limit` characters."""

    def read(value: object, context: Context) -> object:
        if not isinstance(value, str) or len(value) > limit or unprintable(value):
            return REFUSED
        return value

    def name() -> str:
        return _("a plain text of at most %(limit)s characters") % {"limit": limit}

    return Kind(name, read)


def choice(values: Iterable[str]) -> Kind:
    allowed = list(values)

    def read(value: object, context: Context) -> object:
        return value if isinstance(value, str) and value in allowed else REFUSED

    return Kind(lambda: _("one of %(values)s") % {"values": ", ".join(allowed)}, read)


def optional(kind: Kind) -> Kind:
    """The kind, or null."""
    return Kind(
        lambda: _("%(kind)s, or null") % {"kind": kind.name()},
        lambda value, context: None if value is None else kind(value, context),
    )


def _seat(value: object, context: Context) -> object:
    if value is None:
        return None
    return value if isinstance(value, str) and value in context.players else REFUSED


def _user(value: object, context: Context) -> object:
    if value is None:
        return None
    if not isinstance(value, str) or not value or len(value) > USERNAME_LENGTH:
        return REFUSED
    try:
        UnicodeUsernameValidator()(value)
    except ValidationError:
        return REFUSED
    context.users.add(value)
    return value


def _held(value: object, context: Context) -> object:
    if value is None or value == NEVER_MELDED:
        return value
    if isinstance(value, str):
        return value if len(value) <= 120 and not unprintable(value) else REFUSED
    return _count(value, context)


def _object(value: object, context: Context) -> object:
    return value if isinstance(value, dict) else REFUSED


def _whole_numbers(value: object, context: Context) -> object:
    if not isinstance(value, list) or not all(_count(v, context) is not REFUSED for v in value):
        return REFUSED
    return value


def _list(value: object, context: Context) -> object:
    return value if isinstance(value, list) else REFUSED


def _names(value: object, context: Context) -> object:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return REFUSED
    return value


FLAG = Kind(lambda: _("true or false"), _flag)
COUNT = Kind(lambda: _("a whole number, 0 or more"), _count)
MOMENT = Kind(
    lambda: _("a date and time with its time zone, e.g. 2026-11-30T20:15:00+00:00"), _moment
)
DATE = Kind(lambda: _("a date, e.g. 2026-11-30"), _date)
AMOUNT_KIND = Kind(lambda: _("an amount such as 10.00"), _amount)
SEAT = Kind(lambda: _("a player of this table, or null"), _seat)
USER = Kind(lambda: _("a user name, or null"), _user)
HELD = Kind(lambda: _("a count, card codes, never_melded or null"), _held)
OBJECT = Kind(lambda: _("an object"), _object)
WHOLE_NUMBERS = Kind(lambda: _("a list of whole numbers"), _whole_numbers)
LIST = Kind(lambda: _("a list"), _list)
NAMES = Kind(lambda: _("a list of names"), _names)
CHANGE = choice(HISTORY_TYPES)
HOW = choice(value for value, _label in HOW_CHOICES)
REASON = text(100)  # simple_history's change reason column
DEVICE = text(64)


def shown(value: Any) -> str:
    """A value as the message quotes it: JSON, cut short."""
    written = json.dumps(value, ensure_ascii=False)
    return written if len(written) <= 40 else written[:39] + "…"


def read_fields(
    document: Any, schema: dict[str, Kind], where: str, problems: list[str], context: Context
) -> dict[str, Any] | None:
    """The fields of `document` read by `schema`; None (and problems added) if any is
    missing or wrong, or if it is no object."""
    if not isinstance(document, dict):
        problems.append(_("%(where)s: must be an object.") % {"where": where})
        return None
    read, fine = {}, True
    for name, kind in schema.items():
        if name not in document:
            problems.append(_("%(where)s: %(field)s is missing.") % {"where": where, "field": name})
            fine = False
            continue
        value = kind(document[name], context)
        if value is REFUSED:
            problems.append(
                _("%(where)s: %(field)s must be %(kind)s, not %(value)s.")
                % {
                    "where": where,
                    "field": name,
                    "kind": kind.name(),
                    "value": shown(document[name]),
                }
            )
            fine = False
        read[name] = value
    return read if fine else None
