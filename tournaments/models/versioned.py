"""A version number that public pages are compared by: polling phones send it back (ETag)."""

from __future__ import annotations

import secrets

from django.db import models


def first_version() -> int:
    """Where a row's versions start: at random, so that a database restored or rebuilt
    never reuses a number that a phone or the cache still holds for other content."""
    return secrets.randbits(40)


class Versioned(models.Model):
    """A row whose `version` the services bump in SQL, in the same transaction, with every
    change that its public pages show (`play/services/versions.py`); `web/polling.py` answers
    "nothing changed" from it alone."""

    version = models.PositiveBigIntegerField(default=first_version, editable=False)

    class Meta:
        abstract = True

    def save(self, *args, update_fields=None, **kwargs) -> None:
        if update_fields is None and not self._state.adding:
            # An instance loaded before a bump must not write its older number back: a
            # phone holding the newer one would be told that nothing changed.
            update_fields = [
                field.name
                for field in self._meta.concrete_fields
                if not field.primary_key and field.name != "version"
            ]
        super().save(*args, update_fields=update_fields, **kwargs)
