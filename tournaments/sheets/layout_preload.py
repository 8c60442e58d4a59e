"""Imported once by the fork server of the layout processes (tournaments/sheets/parallel.py):
Django set up there, so that each process forked from it starts with the apps loaded rather
than spending half a second on it before its first page (two of them at once, on two cores,
while the caller still prepares the chunks).

Nothing else happens here: no database connection, no thread. A fork server whose preloading
raised would die without a word, so a failed set-up is kept in `failure` instead, for each
process's `layout_worker.start` to raise.
"""

from __future__ import annotations

import os

import django

failure: Exception | None = None

if os.environ.get("DJANGO_SETTINGS_MODULE"):
    try:
        django.setup()
    except Exception as error:  # noqa: BLE001 - raised again in each layout process
        failure = error
