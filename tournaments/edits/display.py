"""What changed meanwhile, as an organiser whose save was refused reads it: each field by the
label of its form, its value now and the value his page showed."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django import forms
from django.utils import formats
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournaments.words.formats import labelled, points


def meanwhile_lines(form: forms.Form, meanwhile: dict[str, tuple[Any, Any]]) -> list[str]:
    """One line per field changed meanwhile: "Name: “Soirée d’hiver” (was “Soirée”)"."""
    lines = []
    for name, (shown, now) in meanwhile.items():
        field = form.fields[name]
        change = _("%(now)s (was %(shown)s)") % {
            "now": field_value(field, now),
            "shown": field_value(field, shown),
        }
        lines.append(labelled(capfirst(field.label), change))
    return lines


def field_value(field: forms.Field, value: Any) -> str:
    """A stored value as the form's field offers it: a choice by its label, a list joined,
    a date and a number in the reader's format, text in quotes."""
    if value is None or value == "" or value == []:
        return _("nothing")
    if isinstance(field, forms.ModelMultipleChoiceField) and field.queryset is not None:
        chosen = field.queryset.filter(pk__in=value)
        return ", ".join(field.label_from_instance(item) for item in chosen)
    if isinstance(value, list):
        return ", ".join(field_value(field, item) for item in value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    choices = dict(_flat_choices(field))
    if str(value) in choices:
        return str(choices[str(value)])
    if isinstance(value, datetime.date):
        return formats.date_format(value)
    if isinstance(value, Decimal | int):
        return points(value)
    return _("“%(text)s”") % {"text": value}


def _flat_choices(field: forms.Field) -> list[tuple[str, Any]]:
    """The field's choices (a tie-break's number field has its own: the registry's labels)."""
    labels = getattr(field, "value_labels", None)
    if labels is not None:
        return list(labels().items())
    choices = getattr(field, "choices", None) or []
    flat = []
    for key, label in choices:
        if isinstance(label, list | tuple):
            flat += [(str(k), v) for k, v in label]
        else:
            flat.append((str(key), label))
    return flat
