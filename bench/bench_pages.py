"""Club-night pages at scale: an event of 200 tables × 30 hands.

Median server time (Django's test client, so the whole middleware stack but no network) and
query count of the public event page (with nothing cached, and with its tables' cards
cached), its poll when nothing changed, a table page, and a hand entry POST. Runs in a
child process on a throwaway database (bench/django_db.py): PostgreSQL when DATABASE_URL
names it.
"""

from __future__ import annotations

import datetime
import gc
import os
import random
import statistics
import time

from bench import child, data, django_db, shared_cache

TABLES, HANDS, PLAYERS_PER_TABLE, RUNS = 200, 30, 4, 15


def build_event():
    """A rummy club night (no target, so 30 hands never end a game), facts bulk-created."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from tournaments.clubs.services.roles import grant_role
    from tournaments.events.services.rounds import create_games
    from tournaments.models import Club, Event, Player, Round
    from tournaments.play.services.scoring import refresh_game

    rng = random.Random(4)
    organiser = get_user_model().objects.create_user("bench-organiser", password="x")
    club = Club.objects.create(name="Bench club")
    grant_role(club=club, user=organiser, role="organiser")
    event = Event.objects.create(
        club=club, name="Bench night", date=datetime.date(2026, 11, 30), variant="rummy"
    )
    round_ = Round.objects.create(event=event, number=1)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Joueur {i:04d}") for i in range(TABLES * PLAYERS_PER_TABLE)
    )
    tables = [players[t * PLAYERS_PER_TABLE : (t + 1) * PLAYERS_PER_TABLE] for t in range(TABLES)]
    games = create_games(event=event, round_=round_, tables=tables)
    data.going_out_hands(games, data.seats_by_game(games), HANDS, rng)
    with transaction.atomic():  # one commit: the build is not what is measured
        for game in games:
            refresh_game(game)
    return organiser, event, games


def _median(make_request, runs: int = RUNS, expected: int | None = None, before=None):
    """Median wall and CPU milliseconds of a request, and its queries (the last run's)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    walls, cpus, queries = [], [], 0
    for i in range(runs):
        if before:
            before()
        gc.collect()  # each starts without the garbage of the one before, as a request would
        with CaptureQueriesContext(connection) as captured:
            wall, cpu = time.perf_counter(), time.process_time()
            response = make_request(i)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        assert response.status_code in ((expected,) if expected else (200, 302))
        queries = len(captured)
    return (
        round(statistics.median(walls) * 1000, 1),
        round(statistics.median(cpus) * 1000, 1),
        queries,
    )


def main() -> dict[str, object]:
    # The cache as a site of several workers has it (docs/deploy.md): Redis, which sessions
    # are read through (ramiscore/sessions.py). Its port: the load test's, plus 2.
    with shared_cache.server(int(os.environ.get("LOAD_PORT") or 8170) + 2) as cache_url:
        before = os.environ.get("CACHE_URL")
        if cache_url:
            os.environ["CACHE_URL"] = cache_url
        try:
            figures = child.run(__spec__.name)
        finally:
            if before is None:
                os.environ.pop("CACHE_URL", None)
            else:
                os.environ["CACHE_URL"] = before
    return figures


def measure() -> dict[str, object]:
    django_db.setup()
    django_db.allow_test_client()
    from django.conf import settings
    from django.core.cache import cache
    from django.test import Client

    started = time.perf_counter()
    organiser, event, games = build_event()
    built = time.perf_counter() - started
    django_db.settle()

    visitor = Client()
    address = f"/events/{event.id}/"
    results: dict[str, object] = {
        f"event of {TABLES} tables × {HANDS} hands built (s)": round(built, 1),
        "database": "PostgreSQL" if django_db.is_postgres() else "SQLite",
        "cache (sessions read through it when shared)": settings.CACHES["default"]["BACKEND"],
    }
    visitor.get(address)  # templates compiled, connections open
    wall, cpu, queries = _median(lambda i: visitor.get(address), before=cache.clear)
    results["event page, nothing cached: median ms (target ≤ 100)"] = wall
    results["event page, nothing cached: median CPU ms"] = cpu
    results["event page: queries"] = queries
    wall, cpu, _queries = _median(lambda i: visitor.get(address))
    results["event page, its cards cached: median ms"] = wall
    # A phone polling the live part with nothing changed since: answered 304 by its ETag.
    tag = visitor.get(address, HTTP_HX_REQUEST="true")["ETag"]
    wall, cpu, queries = _median(
        lambda i: visitor.get(address, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag),
        expected=304,
    )
    results["event page polled, unchanged (304): median ms"] = wall
    results["event page polled, unchanged (304): queries (target 1)"] = queries
    wall, cpu, queries = _median(lambda i: visitor.get(f"/games/{games[i].id}/"))
    results[f"table page ({HANDS} hands): median ms"] = wall
    results["table page: queries"] = queries
    tag = visitor.get(f"/games/{games[0].id}/", HTTP_HX_REQUEST="true")["ETag"]
    wall, cpu, queries = _median(
        lambda i: visitor.get(
            f"/games/{games[0].id}/", HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag
        ),
        expected=304,
    )
    results["table page polled, unchanged (304): median ms"] = wall
    results["table page polled, unchanged (304): queries (target 1)"] = queries

    organiser_client = Client()
    organiser_client.force_login(organiser)

    def post_hand(i: int):
        game = games[i]  # a different table each time: the same work, hand 31 of 31
        return organiser_client.post(
            f"/games/{game.id}/enter/",
            {
                "number": HANDS + 1,
                "how": "going_out",
                "ended_by": "1",
                "held_2": "12",
                "held_3": "KD 7S 3H",
                "held_4": "5",
            },
            HTTP_ACCEPT_LANGUAGE="en",  # card codes in English letters (K king, D diamonds)
        )

    wall, cpu, queries = _median(post_hand)
    saved = sum(game.hands.count() == HANDS + 1 for game in games[:RUNS])
    results["hand entry POST (hand 31, with a card count): median ms (target ≤ 50)"] = wall
    # With its transaction's BEGIN and COMMIT, as PostgreSQL counts them.
    results["hand entry POST: queries (target ≤ 15)"] = queries
    results["hand entry POSTs stored"] = f"{saved}/{RUNS}"
    # The page a phone without JavaScript comes back to after a save (the POST's redirect),
    # with the hand it just saved (the page's own sender stays, and fetches its live part).
    wall, cpu, queries = _median(lambda i: organiser_client.get(f"/games/{games[i].id}/enter/"))
    results[f"hand entry page after a save ({HANDS + 1} hands): median ms"] = wall
    results["hand entry page after a save: median CPU ms"] = cpu
    results["hand entry page after a save: queries"] = queries
    return results


if __name__ == "__main__":
    child.run_as_script(measure, main)
