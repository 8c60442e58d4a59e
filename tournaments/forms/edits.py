"""Hidden fields of the organiser's forms: what the page showed of the row it edits
(`SeenField`, compared with the row under its lock by tournaments.edits.services), and the
errors of any hidden field shown as the form's own (`HiddenErrorsShown`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django import forms
from django.core import signing
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.edits.services import Seen, values_of

SALT = "tournaments.forms.edits.seen"


def seen_token(row: models.Model, names: Iterable[str]) -> str:
    """What the page shows of `row`'s fields `names`, signed: the organiser cannot make the
    service believe he saw something else."""
    values = json.loads(json.dumps(values_of(row, names), cls=DjangoJSONEncoder))
    return signing.dumps(values, salt=SALT, compress=True)


def read_seen(token: str, model: type[models.Model]) -> Seen:
    """The Seen written by seen_token; ValueError if the token is not one."""
    try:
        written = signing.loads(token, salt=SALT)
        values = {}
        for name, raw in written.items():
            field = model._meta.get_field(name)
            if field.many_to_many:
                values[name] = sorted(int(pk) for pk in raw)
            elif isinstance(field, models.Field):
                values[name] = field.to_python(raw)
            else:  # the far end of a relation: never a field a page shows
                raise TypeError(name)
    except (signing.BadSignature, FieldDoesNotExist, ValidationError, TypeError, AttributeError):
        raise ValueError("not a record of what a page showed") from None
    return Seen(values)


class SeenField(forms.CharField):
    """Hidden: what the page showed of `row`'s fields `names`; cleaned into a Seen."""

    widget = forms.HiddenInput
    default_error_messages = {
        "stale": _(
            "This form does not say what its page showed, so saving it could undo another "
            "organiser's change. Open the page again, then make your change."
        )
    }

    def __init__(self, row: models.Model, names: Iterable[str], **kwargs: Any) -> None:
        self.model, self.names = type(row), tuple(names)
        super().__init__(required=False, initial=seen_token(row, self.names), **kwargs)

    def clean(self, value: Any) -> Seen:
        try:
            seen = read_seen(super().clean(value), self.model)
        except ValueError:
            raise ValidationError(self.error_messages["stale"], code="stale") from None
        if set(seen.values) != set(self.names):
            raise ValidationError(self.error_messages["stale"], code="stale")
        return seen


class HiddenErrorsShown(forms.BaseForm):
    """A form whose hidden fields' errors are its own: pages show no hidden field's errors,
    so a value tampered with or a page too old gets its sentence, not a silent 400. Listed
    before the form's own base, as a mixin."""

    def full_clean(self) -> None:
        super().full_clean()
        if not self.is_bound:
            return
        hidden = [name for name in self.errors if name in self.fields and self[name].is_hidden]
        for name in hidden:
            self.add_error(None, list(self.errors.pop(name)))
