"""Game files that gave a traceback (exit 1), a 500 or a wrong score before issue 9: the
command line, the import command and the import page each refuse them with one clear line."""

from __future__ import annotations

import json

GIN = {"format": "ramiscore/1", "variant": "gin-rummy", "players": ["A", "B"], "hands": []}

# name: (the file's text, words of the one problem it gives)
BAD_FILES = {
    "variant-list": (json.dumps({**GIN, "variant": []}), "unknown variant []"),
    "variant-object": (json.dumps({**GIN, "variant": {}}), "unknown variant {}"),
    "option-NaN": (
        json.dumps({**GIN, "options": {"prize_winner_share": "NaN"}}),
        "prize_winner_share must be a number between 0 and 1, not NaN",
    ),
    "control-character-in-a-name": (
        json.dumps({**GIN, "players": ["A\u0001", "B"]}),
        "player A\\x01: this name holds a control character",
    ),
    "NUL-in-a-name": (
        json.dumps({**GIN, "players": ["A\u0000", "B"]}),
        "player A\\x00: this name holds a control character",
    ),
    "pot-too-large": (
        json.dumps({**GIN, "pot": "999999999.99"}),
        "the pot can be at most 99999999.99, not 999999999.99",
    ),
    "nested-100000-deep": ("[" * 100_000 + "]" * 100_000, "nested too deep"),
}
