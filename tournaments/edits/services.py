"""An organiser's edit of a row that others edit too (an event's settings or rules, a
season): saved without losing anyone's change.

The page records what it showed of the row (`Seen`, carried by the form's hidden field:
tournaments.forms.edits). Under the row's lock the service compares it with the row as it is
now: a field changed meanwhile refuses the save (`EditConflict`, saying which), since the
organiser decided on what he saw; otherwise only the fields he changed are written, so that a
save never puts back what it read before another's commit.

Not the row's `version`: an event's moves with every hand played at its tables (a settings
page would be refused every few seconds of a tournament), and not with an edit in the admin.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _


@dataclass(frozen=True)
class Seen:
    """What an organiser's page showed of a row: each field it edits, with its value then."""

    values: Mapping[str, Any]


class EditConflict(ValidationError):
    """Refused: fields that the page showed were changed by someone else meanwhile.
    `meanwhile` maps each to its value on the page and its value now."""

    def __init__(self, meanwhile: dict[str, tuple[Any, Any]]):
        super().__init__(
            _(
                "This was changed while you were editing it, so your changes were not saved "
                "yet. Check what changed meanwhile, then save again."
            ),
            code="edit_conflict",
        )
        self.meanwhile = meanwhile


def values_of(row: models.Model, names: Iterable[str]) -> dict[str, Any]:
    """The value of each field of `row` as stored (a many-to-many field: the sorted ids)."""
    values = {}
    for name in names:
        field = row._meta.get_field(name)
        if field.many_to_many:
            values[name] = sorted(item.pk for item in getattr(row, name).all())
        else:
            assert isinstance(field, models.Field)  # a row's own column, not a relation's end
            values[name] = field.value_from_object(row)
    return values


def check_unchanged(row: models.Model, seen: Seen | None) -> None:
    """Refuses with EditConflict if a field that the page showed has another value in `row`
    (read under its lock); `seen` None: a caller with no page (a command, the demo)."""
    if seen is None:
        return
    now = values_of(row, seen.values)
    meanwhile = {
        name: (shown, now[name]) for name, shown in seen.values.items() if now[name] != shown
    }
    if meanwhile:
        raise EditConflict(meanwhile)


def changed(row: models.Model, wanted: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of `wanted` whose value differs from the row's."""
    return edited(Seen(values_of(row, wanted)), wanted)


def edited(seen: Seen, wanted: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of `wanted` whose value differs from what the page showed: what the
    organiser changed."""
    return {
        name: value
        for name, value in wanted.items()
        if name not in seen.values or seen.values[name] != value
    }
