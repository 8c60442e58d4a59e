"""Imports at scale, and what the largest game allowed costs its public pages (issue 26 §1).

- Event archives (`import_event`: read, every game replayed, stored in bulk, ratings and
  standings once): 10,000 and 100,000 registrations, which an archive may not hold (refused
  up front: the time to say so), the most it may hold (MAX_REGISTRATIONS) imported, and the
  largest archive the upload page takes (MAX_ARCHIVE_BYTES: 5 MB, about 100 tables of 20
  hands) imported, under its target of a few seconds. BENCH_UNCAPPED=1 also imports 10,000
  and 100,000 registrations with the cap lifted: the import itself is linear (a batch of
  inserts per 500 rows, never a query per player).
- A game file (`import_game`) of MAX_HANDS hands, the most a game may have, and one of
  45,000 hands refused before any hand is read.
- The largest public table (MAX_HANDS hands) beside a normal one (20 hands): its page, its
  hands' CSV and its record PDF, the first time after a hand (made) and for the next
  visitor (kept): no anonymous request costs more than a normal table's page. The largest
  table's record is made by the worker (the first visitor's page waits for it, a 202): the
  time the worker takes is shown beside the request's.

Runs on a throwaway database (bench/django_db.py): PostgreSQL when DATABASE_URL names it.
Run alone with `python -m bench.bench_import`, or with every benchmark by `make bench`.
Times are wall clock and, in brackets, this process's processor time (the machine may be
shared: the processor time says what the work itself costs).
"""

from __future__ import annotations

import datetime
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import django_db  # noqa: E402
from bench.archive_data import event_archive_document  # noqa: E402

NORMAL_HANDS = 20
REFUSED_HANDS = 45_000
TARGET_UPLOAD_S = 5.0  # "a few seconds": what an organiser waits for on the upload page
TARGET_GAME_FILE_S = 2.0


def _timed(work) -> tuple[object, float, float]:
    started, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - started, time.process_time() - cpu


def _shown(wall: float, cpu: float) -> str:
    return f"{wall:.2f} s ({cpu:.2f} s processor)"


def _shown_ms(wall: float, cpu: float) -> str:
    return f"{wall * 1000:.0f} ms ({cpu * 1000:.0f} ms processor)"


def _import_text(text: str, rename: str = ""):
    from tournaments.archive.services.read import parse_archive_text
    from tournaments.archive.services.store import import_event

    return import_event(document=parse_archive_text(text), rename=rename)


def registrations() -> dict[str, object]:
    from django.core.exceptions import ValidationError

    from tournaments.archive.services import read as archive_read

    results: dict[str, object] = {}
    for count in (10_000, 100_000):
        text = json.dumps(event_archive_document(registrations=count))

        def refused(text=text) -> str:
            try:
                _import_text(text)
            except ValidationError as error:
                return error.messages[0]
            return "imported"

        answer, wall, cpu = _timed(refused)
        results[f"archive of {count:,} registrations ({len(text) / 1e6:.1f} MB)"] = (
            f"{answer} — in {_shown(wall, cpu)}"
        )
    most = archive_read.MAX_REGISTRATIONS
    text = json.dumps(event_archive_document(registrations=most))
    _event, wall, cpu = _timed(lambda: _import_text(text))
    results[f"archive of {most:,} registrations, the most allowed, imported"] = _shown(wall, cpu)
    if os.environ.get("BENCH_UNCAPPED"):
        archive_read.MAX_REGISTRATIONS = 10**9
        try:
            for count in (10_000, 100_000):
                text = json.dumps(event_archive_document(registrations=count))
                name = f"x{count}"
                _event, wall, cpu = _timed(lambda text=text, name=name: _import_text(text, name))
                results[f"archive of {count:,} registrations, cap lifted, imported"] = _shown(
                    wall, cpu
                )
        finally:
            archive_read.MAX_REGISTRATIONS = most
    return results


def largest_upload() -> dict[str, object]:
    from tournaments.forms.archive import MAX_ARCHIVE_BYTES

    # 100 tables of four, 20 hands each with its history: just under the upload's limit.
    document = event_archive_document(registrations=400, tables=100, hands=20)
    document["event"]["name"] = "Soirée de 100 tables"
    text = json.dumps(document, indent=2)
    assert len(text.encode()) <= MAX_ARCHIVE_BYTES, len(text)
    _event, wall, cpu = _timed(lambda: _import_text(text))
    return {
        f"largest archive the upload takes ({len(text) / 1e6:.1f} MB, 100 tables × 20 hands), "
        "imported": _shown(wall, cpu),
        "  target for the upload (s)": TARGET_UPLOAD_S,
    }


def game_file(hands: int, rng: random.Random) -> dict:
    """A rummy game (no target: it never ends) of `hands` hands, a quarter given as cards."""
    players = ["Anne", "Bruno", "Chloé", "Dominique"]
    deck = [f"{rank}{suit}" for suit in "SHDC" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
    written = []
    for number in range(hands):
        ended_by = rng.choice(players)
        held = {}
        cards = rng.sample(deck, 21)
        for i, name in enumerate(p for p in players if p != ended_by):
            if number % 4 == 0:
                held[name] = " ".join(cards[i * 7 : i * 7 + rng.randint(1, 7)])
            else:
                held[name] = rng.randint(1, 60)
        written.append({"how": "going_out", "ended_by": ended_by, "held": held})
    return {"format": "ramiscore/1", "variant": "rummy", "players": players, "hands": written}


def game_files() -> dict[str, object]:
    from django.core.exceptions import ValidationError

    from tournaments.events.services.gamefiles import import_game
    from tournaments.models import Club, Event
    from tournaments.rules.variants import MAX_HANDS

    club = Club.objects.create(name="Bench club")
    event = Event.objects.create(
        club=club, name="Bench import", date=datetime.date(2026, 11, 30), variant="rummy"
    )
    rng = random.Random(9)
    document = game_file(MAX_HANDS, rng)
    game, wall, cpu = _timed(lambda: import_game(event=event, document=document))
    assert game.hands.count() == MAX_HANDS
    too_long = game_file(REFUSED_HANDS, rng)

    def refused() -> str:
        try:
            import_game(event=event, document=too_long)
        except ValidationError as error:
            return error.messages[0]
        return "imported"

    answer, refused_wall, refused_cpu = _timed(refused)
    return {
        f"game file of {MAX_HANDS} hands, the most a game may have, imported": _shown(wall, cpu),
        "  target for the game file (s)": TARGET_GAME_FILE_S,
        f"game file of {REFUSED_HANDS:,} hands": f"{answer} — in "
        + _shown_ms(refused_wall, refused_cpu),
    }


def public_pages() -> dict[str, object]:
    from django.core.cache import cache
    from django.test import Client

    from bench.data import going_out_hands, seats_by_game
    from tests.factories import make_game
    from tournaments.models import Club, Event
    from tournaments.play.services.scoring import refresh_game
    from tournaments.rules.variants import MAX_HANDS

    django_db.allow_test_client()
    club = Club.objects.create(name="Bench pages")
    event = Event.objects.create(
        club=club, name="Bench pages", date=datetime.date(2026, 11, 30), variant="rummy"
    )
    rng = random.Random(3)
    games = {}
    for table, hands in enumerate((NORMAL_HANDS, NORMAL_HANDS, MAX_HANDS), start=1):
        game = make_game(event, players=("Anne", "Bruno", "Chloé", "Denis"), table_number=table)
        going_out_hands([game], seats_by_game([game]), hands, rng)
        refresh_game(game)
        games[table] = game
    cache.clear()

    from tournaments.sheets.jobs import make_record

    def get(address: str) -> tuple[int, float, float]:
        def read() -> tuple[int, bytes]:
            response = Client(HTTP_ACCEPT_LANGUAGE="fr").get(address)
            assert response.status_code in (200, 202), address
            body = b"".join(response) if response.streaming else response.content
            return response.status_code, body

        (status, body), wall, cpu = _timed(read)
        if status == 202:  # being made by the worker: do its work, then ask as the page does
            _made, worker_wall, worker_cpu = _timed(lambda: make_record.call(game.pk))
            worker[address] = _shown_ms(worker_wall, worker_cpu)
        return len(body), wall, cpu

    results: dict[str, object] = {}
    worker: dict[str, str] = {}
    for label, game in (("warm-up", games[1]), ("normal", games[2]), ("largest", games[3])):
        hands = game.hands.count()
        for what, address in (
            ("page", f"/games/{game.pk}/"),
            ("hands.csv", f"/games/{game.pk}/hands.csv"),
            ("record.pdf", f"/sheets/games/{game.pk}/record.pdf"),
        ):
            _first_size, made_wall, made_cpu = get(address)
            _size, kept_wall, kept_cpu = get(address)  # the file itself
            if label == "warm-up":
                continue  # templates, translations and the PDF engine loaded once
            by_worker = worker.pop(address, "")
            made = (
                f"asked {_shown_ms(made_wall, made_cpu)} (202: made by the worker in {by_worker})"
                if by_worker
                else f"made {_shown_ms(made_wall, made_cpu)}"
            )
            results[f"{label} table ({hands} hands) {what}, {_size / 1000:.0f} kB"] = (
                f"{made}, next visitor {_shown_ms(kept_wall, kept_cpu)}"
            )
    results["  target for the pages"] = (
        "the largest table's next visitor costs no more than the normal table's page, made"
    )
    return results


def main() -> dict[str, object]:
    django_db.setup()
    results: dict[str, object] = {}
    for part in (registrations, largest_upload, game_files, public_pages):
        results.update(part())
    return results


if __name__ == "__main__":
    for key, value in main().items():
        print(f"{key}: {value}")
