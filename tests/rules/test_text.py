"""Text from outside: what a name may hold, and values shown in messages on one line."""

from __future__ import annotations

import pytest

from tournaments.rules.text import SHOWN_LENGTH, escaped, shown, unprintable


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Anne-Sophie O'Brien", []),
        ("Chloé 😀", []),
        ("A\x00B\x00", ["\x00"]),
        ("tab\there", ["\t"]),
        ("line\u2028break", ["\u2028"]),
        ("lone \ud800 surrogate", ["\ud800"]),
    ],
)
def test_unprintable_finds_what_has_no_place_in_a_name(text, found):
    assert unprintable(text) == found


def test_escaped_writes_control_characters_as_escapes():
    assert escaped("A\x00\x1b[31m\nB é") == "A\\x00\\x1b[31m\\nB é"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (12, 12),
        (None, None),
        (True, True),
        ([], "[]"),
        ({"a": [1]}, '{"a": [1]}'),
        ("A\x00", "A\\x00"),
        (10**4000, "1.000e+4000"),
    ],
)
def test_shown_gives_a_value_as_a_message_shows_it(value, expected):
    assert shown(value) == expected


def test_shown_cuts_a_long_text_short():
    text = shown("x" * 10_000)
    assert len(text) == SHOWN_LENGTH and text.endswith("…")
