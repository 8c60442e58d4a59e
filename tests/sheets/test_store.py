"""What a stored PDF's version follows besides its data: the code and words that lay it out."""

from __future__ import annotations

import pytest

from tournaments.sheets.store import BASE_DIR, LAYOUT_SOURCES


@pytest.mark.parametrize("pattern", LAYOUT_SOURCES)
def test_every_layout_source_names_files(pattern):
    # A pattern naming nothing (a folder moved) would let a PDF outlive the code it shows.
    assert list(BASE_DIR.glob(pattern)), pattern


def test_the_words_and_every_display_module_are_among_the_layout_sources():
    named = {path for pattern in LAYOUT_SOURCES for path in BASE_DIR.glob(pattern)}
    for module in ("words/formats.py", "play/display/scoreboard.py", "standings/display.py"):
        assert BASE_DIR / "tournaments" / module in named, module
