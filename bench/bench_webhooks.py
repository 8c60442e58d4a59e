"""Webhook deliveries, end to end: hands entered at a club's tables, each told to a receiver
of our own on loopback by the real background worker (`manage.py db_worker`), and how long
after the change each delivery arrived (target: p95 ≤ 5 s, every delivery arrived once).

BENCH_WEBHOOK_HANDS (200) hands are entered at BENCH_WEBHOOK_RATE (5) a second across ten
tables, on the benchmarks' throwaway database (PostgreSQL with DATABASE_URL)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import threading
import time
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from bench import django_db

TARGET_P95 = 5.0


def main() -> dict[str, object]:
    url = django_db.setup()
    os.environ["WEBHOOKS_ALLOW_PRIVATE"] = "1"
    from django.conf import settings

    settings.WEBHOOKS_ALLOW_PRIVATE = True
    hands = int(os.environ.get("BENCH_WEBHOOK_HANDS", "200"))
    rate = float(os.environ.get("BENCH_WEBHOOK_RATE", "5"))

    arrivals: dict[str, float] = {}
    delays: list[float] = []
    lock = threading.Lock()

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
            body = self.rfile.read(int(self.headers["Content-Length"]))
            now = time.time()
            message = json.loads(body)
            created = datetime.fromisoformat(message["created"]).timestamp()
            with lock:
                if message["id"] not in arrivals:
                    arrivals[message["id"]] = now
                    delays.append(now - created)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--no-startup-delay", "--no-reload", "-v", "0"],
        cwd=django_db.ROOT,
        env={**os.environ, "DATABASE_URL": url, "WEBHOOKS_ALLOW_PRIVATE": "1"},
        stdout=subprocess.DEVNULL,
    )
    try:
        games = _club_night(f"http://127.0.0.1:{server.server_address[1]}/hooks")
        from tests.factories import play

        started = time.monotonic()
        for number in range(hands):
            game = games[number % len(games)]
            names = [seat.player.name for seat in game.seats.order_by("position")]
            play(game, "going_out", names[0], **{names[1]: 3, names[2]: 4})
            time.sleep(max(0.0, started + (number + 1) / rate - time.monotonic()))
        deadline = time.monotonic() + 30
        while len(arrivals) < hands and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        worker.terminate()
        worker.wait(10)
        server.shutdown()
    ordered = sorted(delays)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)] if ordered else None
    return {
        "deliveries arrived": f"{len(arrivals)} of {hands} (target: all)",
        "delay median": f"{statistics.median(ordered):.2f} s" if ordered else None,
        "delay p95": f"{p95:.2f} s (target ≤ {TARGET_P95:.0f} s)" if p95 is not None else None,
        "delay max": f"{ordered[-1]:.2f} s" if ordered else None,
    }


def _club_night(receiver: str) -> list:
    """Ten tables of three, a webhook listening to every hand of the club."""
    from tests.factories import ClubFactory, EventFactory, UserFactory, make_game
    from tournaments.integrations.services import webhooks

    organiser = UserFactory(username="bench-webhooks")
    club = ClubFactory(name="Bench webhooks")
    event = EventFactory(club=club, options={"target": 100_000})
    webhooks.subscribe(club=club, url=receiver, happenings=["hand.confirmed"], user=organiser)
    return [
        make_game(event, players=(f"A{t}", f"B{t}", f"C{t}"), table_number=t) for t in range(1, 11)
    ]


if __name__ == "__main__":
    for key, value in main().items():
        print(f"{key}: {value}")
