"""Imported once by the fork server of the layout processes (tournaments/sheets/parallel.py):
Django set up there, so that each process forked from it starts with the apps loaded rather
than spending half a second on it before its first page (two of them at once, on two cores,
while the caller still prepares the chunks: a second of a 200-table round's 16).

Nothing else happens here: no database connection, no thread. Should the set-up fail, the
process's own `layout_worker.start` sets Django up again and says why; a fork server whose
preloading raised would die without a word.
"""

from __future__ import annotations

import contextlib
import os

import django

if os.environ.get("DJANGO_SETTINGS_MODULE"):
    with contextlib.suppress(Exception):
        django.setup()
