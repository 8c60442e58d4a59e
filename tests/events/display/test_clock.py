"""The round clock in words and numbers: the time as a clock reads, what the script needs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tournaments.events.display.clock import clock_text, epoch_ms


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(45 * 60, "45:00"), (9, "0:09"), (0, "0:00"), (-3, "0:00"), (3905, "1:05:05")],
)
def test_the_time_left_reads_as_a_clock(seconds, text):
    assert clock_text(seconds) == text


def test_the_script_reads_moments_in_milliseconds_since_1970():
    moment = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(seconds=90, milliseconds=250)
    assert epoch_ms(moment) == 90_250
    assert epoch_ms(None) == ""
