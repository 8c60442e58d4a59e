"""A club night with the venue's link cut for ten minutes (issue 18 §6): the scripted night of
tests/browser/night.py (ten tables, a hundred hands, pages reloaded and tabs reopened
offline, an undo and a correction during the cut, answers lost on the way back) driven in
Debian's Chromium against gunicorn with production settings on loopback, the cut lasting as
long as a real one. Prints the hands typed, stored, doubled and lost, how long after the
link's return the last kept hand was answered (the issue asks for 10 s at most), and how long
an offline reopen took.

    DATABASE_URL=postgres://user:password@127.0.0.1:5432/ramiscore python bench/bench_night.py

NIGHT_CUT_SECONDS (600) sets the cut's length, NIGHT_PORT (8171) the server's port. On SQLite
(no DATABASE_URL) the server and this script share a throwaway file.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import django_db  # noqa: E402
from bench.load.__main__ import _server_environment, gunicorn  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PHONE = {"locale": "fr-FR", "viewport": {"width": 390, "height": 844}}


def main() -> dict[str, object]:
    cut = float(os.environ.get("NIGHT_CUT_SECONDS") or 600)
    port = int(os.environ.get("NIGHT_PORT") or 8171)
    # Playwright's sync API runs an event loop in this thread; the ORM calls are sync.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    database = django_db.setup()
    from playwright.sync_api import sync_playwright

    from tests.browser.night import build_night, play_night
    from tests.factories import ClubFactory, UserFactory, organise

    organiser = UserFactory(username="organiser")
    club = ClubFactory(name="Club de rami de Montreuil")
    organise(club, organiser)
    games = build_night(club, organiser)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="ramiscore-night-") as folder:
        env = _server_environment(database, port, "2", Path(folder))
        with gunicorn(env, port, Path(folder)), sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            figures = play_night(
                browser,
                f"http://127.0.0.1:{port}",
                games,
                organiser,
                PHONE,
                cut_seconds=cut,
                log=lambda message: print(f"  {message}", flush=True),
            )
            browser.close()
    result = asdict(figures)
    reopen = result.pop("offline_reopen_ms")
    result["offline reopen ms (median, max)"] = (
        round(statistics.median(reopen)),
        round(max(reopen)),
    )
    result["every kept hand answered within 10 s of the link's return"] = (
        figures.sent_after_link_back_s <= 10
    )
    result["server"] = "gunicorn, 2 workers, production settings over plain HTTP, loopback"
    result["database"] = "PostgreSQL" if django_db.is_postgres(database) else "SQLite"
    result["night took s"] = round(time.monotonic() - started)
    return result


if __name__ == "__main__":
    for name, value in main().items():
        print(f"{name}: {value}")
