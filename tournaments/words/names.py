"""Players' names as a club reads them: compared and sorted without case or accents."""

from __future__ import annotations

import unicodedata

# Apostrophes as phones and keyboards type them (an iPhone types ’): all read as '.
APOSTROPHES = str.maketrans(dict.fromkeys("’‘`´ʼ′", "'"))


def folded(text: str) -> str:
    """Lower case without accents, any apostrophe as ': "n’diaye" finds "N'Diaye", "Chloe"
    finds "Chloé" (the search box's script does the same)."""
    decomposed = unicodedata.normalize("NFD", text.translate(APOSTROPHES).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def name_key(name: str) -> str:
    """A member's name as a club tells its members apart: spaces and case aside ("  anne "
    is Anne), accents kept (Élodie is not Elodie)."""
    return " ".join(name.split()).casefold()


def by_name(name: str) -> tuple[str, str]:
    """Sort key for players' names as a club reads a list: case and accents aside, so
    "Élodie" comes between "Anne" and "Gérard"."""
    return folded(name), name
