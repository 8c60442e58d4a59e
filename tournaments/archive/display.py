"""An event's archive as a file: its JSON text, the same bytes for the same facts (so that
exporting an imported archive gives the file back byte for byte), and its file name."""

from __future__ import annotations

import json
from typing import Any

from tournaments.models import Event
from tournaments.words.exports import export_name

EXTENSION = ".ramiscore.json"


def archive_text(document: dict[str, Any]) -> str:
    """The archive's text: keys sorted, indented by two, UTF-8 letters as they are, and a
    final line break."""
    return json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def archive_filename(event: Event) -> str:
    """ "soiree-du-jeudi-2026-11-30.ramiscore.json": the event's name and date."""
    return export_name(event.name, event.date.isoformat()) + EXTENSION
