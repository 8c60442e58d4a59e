"""The load test's head-room (issue 25): the same setup as bench_load (gunicorn, 3 workers,
PostgreSQL, the workers' Redis cache, 500 tables entering a hand a minute with their entry
pages open, 50 API readers) run again with more phones following the tables, until a target
fails: the largest number of phones served within every target, beside the goal of 5,000.

LOAD_HEADROOM_PHONES ("4000,5000,6000": the goal, and one step past it) are the numbers
tried, in order. Needs DATABASE_URL to name a PostgreSQL server, as bench_load does; a few
minutes a step."""

from __future__ import annotations

import os

from bench.load.__main__ import TARGETS
from bench.load.__main__ import main as load

GOAL = 5000
# The figures a step must hold (the load test's own targets).
HELD = ("poll p99 ms", "write p99 ms", "api p95 ms", "errors")


def main() -> dict[str, object]:
    steps = [
        int(n) for n in (os.environ.get("LOAD_HEADROOM_PHONES") or "4000,5000,6000").split(",")
    ]
    results: dict[str, object] = {}
    served = 0
    before = os.environ.get("LOAD_PHONES")
    try:
        for phones in steps:
            os.environ["LOAD_PHONES"] = str(phones)
            figures = load(evening=False)
            if "skipped" in figures:
                return figures
            held = {key: _figure(figures, key) for key in HELD}
            within = all(value <= TARGETS[key] for key, value in held.items())
            shown = ", ".join(f"{key} {value:g} (≤ {TARGETS[key]})" for key, value in held.items())
            results[f"{phones} phones"] = (
                f"{'within' if within else 'OUTSIDE'} the targets: {shown}"
            )
            if not within:
                break
            served = phones
    finally:
        if before is None:
            os.environ.pop("LOAD_PHONES", None)
        else:
            os.environ["LOAD_PHONES"] = before
    most = served or f"< {steps[0]}"
    if served and served == steps[-1]:
        most = f"≥ {served} (every step tried held)"
    results[f"most phones served within the targets (goal ≥ {GOAL})"] = most
    return results


def _figure(figures: dict[str, object], key: str) -> float:
    """A figure of the load test's report, whose name carries its target after the key."""
    for name, value in figures.items():
        if name.startswith(key):
            return float(value)  # type: ignore[arg-type]
    raise KeyError(key)
