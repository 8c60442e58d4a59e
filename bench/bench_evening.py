"""The load test of a simultaneous evening (bench/load/, docs/federation.md): 20 venues × 25
tables on gunicorn and PostgreSQL, 2,000 phones polling (one in ten the ranking across venues,
a projector per venue), every table entering a hand a minute that ends its game; how far
behind the ranking a phone ever saw it. Needs DATABASE_URL to name a PostgreSQL server. Run
alone with `python -m bench.load --evening`, or with every benchmark by `make bench`."""

from __future__ import annotations

from bench.load.__main__ import main as run_load


def main() -> dict[str, object]:
    return run_load(evening=True)
