"""Text that comes from outside (a game file, a form): what a name may hold, and how any value
is shown in a message so that each problem stays one readable line."""

from __future__ import annotations

import json
import unicodedata
from decimal import Decimal
from typing import Any

# Control characters (NUL, tab, escape...), line and paragraph separators, lone surrogates:
# none belongs in a name, PostgreSQL stores no NUL, and no database stores a lone surrogate.
_UNPRINTABLE = {"Cc", "Cs", "Zl", "Zp"}
SHOWN_LENGTH = 300  # long enough for the lists of known options, short enough for one line


def unprintable(text: str) -> list[str]:
    """The characters of `text` that have no place in a name, in order, each once."""
    found = []
    for character in text:
        if unicodedata.category(character) in _UNPRINTABLE and character not in found:
            found.append(character)
    return found


def escaped(text: str) -> str:
    """The text with its unprintable characters written as escapes: "A\\x00"."""
    return "".join(
        character.encode("unicode_escape", "backslashreplace").decode("ascii")
        if unicodedata.category(character) in _UNPRINTABLE
        else character
        for character in text
    )


def shown(value: Any) -> Any:
    """A value as a message shows it: numbers as they are; text escaped and cut short; lists
    and objects as JSON (`[]` rather than Python's own spelling)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        # A number of a thousand digits is shown cut short too.
        if isinstance(value, float) or -(10**30) < value < 10**30:
            return value
        return format(Decimal(value), ".3e")
    if not isinstance(value, str):
        try:
            value = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError, RecursionError):
            value = str(value)
    text = escaped(value)
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 1] + "…"
