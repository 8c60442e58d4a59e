"""The load test of a federation event (bench/load/): gunicorn on PostgreSQL, 2,000 phones
polling every 10 s with ETags, 500 tables entering a hand a minute, for a minute. Needs
DATABASE_URL to name a PostgreSQL server (it makes and drops its own database there).
Run alone with `python -m bench.load`, or with every benchmark by `make bench`."""

from __future__ import annotations

from bench.load.__main__ import main

__all__ = ["main"]
