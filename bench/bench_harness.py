"""Self-check of the benchmark harness: times a trivial loop so `make bench` prints something."""

from __future__ import annotations

import timeit


def main() -> dict[str, float]:
    runs = 5
    seconds = min(timeit.repeat("sum(range(1000))", number=1000, repeat=runs))
    return {"sum of 1000 ints, microseconds per call": round(seconds * 1000, 2)}
