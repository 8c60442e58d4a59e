"""How a hand ended, in words."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.display.labels import how_label


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def test_an_undercut_has_its_own_label():
    assert [how_label(code) for code in ("going_out", "undercut", "knock", "draw")] == [
        "went out",
        "undercut",
        "knocked",
        "draw",
    ]
