"""The standings page for 2,000 players × 10 rounds, next to the raw SQL aggregate it needs;
and opening a Swiss round for 1,000 players with 9 rounds of history, through the service.

Everything runs in the throwaway database of bench/django_db.py (never the developer's
db.sqlite3), in a child process: Django is set up there on that database whatever other
benchmarks of the same run did before. Finished games are stored directly
(bulk_create, derived totals, ranks and points precomputed): entering 50,000 hands through the
entry service would measure the entry service. Run with `python -m bench.bench_standings` or
`make bench`.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from contextlib import contextmanager
from decimal import Decimal

from bench import child, django_db

STANDINGS_PLAYERS = 2000
STANDINGS_ROUNDS = 10
SWISS_PLAYERS = 1000
SWISS_ROUNDS = 9
TABLE_SIZE = 4  # rami tables of 4
PAGE_RUNS = 5
SQL_RUNS = 5
SWISS_RUNS = 3
SCALE = [Decimal(3), Decimal(1), Decimal(0), Decimal(0)]

RAW_AGGREGATE = """
    SELECT s.player_id,
           SUM(s.tournament_points),
           SUM(s.total),
           SUM(CASE WHEN s.rank = 1 THEN 1 ELSE 0 END),
           COUNT(*)
    FROM tournaments_seat s
    JOIN tournaments_game g ON g.id = s.game_id
    WHERE g.event_id = %s AND g.finished
    GROUP BY s.player_id
"""


def main() -> dict[str, float]:
    """Run the measurements in a child process (bench/child.py); its figures."""
    return child.run(__spec__.name)


def measure() -> dict[str, float]:
    """The child: Django on a throwaway database, the data built, the figures taken."""
    django_db.setup()
    django_db.allow_test_client()
    results: dict[str, float] = {"database": "PostgreSQL" if django_db.is_postgres() else "SQLite"}
    results.update(time_standings())
    results.update(time_swiss_round())
    return results


def build_tournament(players: int, rounds: int, *, name: str):
    """A tournament with `players` checked in and `rounds` closed rounds of finished games."""
    from django.db import connection, transaction
    from django.db.models import OuterRef, Subquery
    from django.utils import timezone

    from tournaments.events.services.rounds import create_games
    from tournaments.models import Club, Event, Game, Player, Registration, Round, Seat
    from tournaments.standings.services import rebuild_event

    club = Club.objects.create(name=f"Bench {name}")
    event = Event.objects.create(
        club=club,
        name=name,
        date=timezone.localdate(),
        kind=Event.Kind.TOURNAMENT,
        variant="rami-penalites",
        options={"target": 100},
        entry_fee=Decimal(10),
        prize_places=[40, 25, 15, 10, 10],
        tie_breaks=["score", "wins", "opponents_points", "head_to_head"],
    )
    people = Player.objects.bulk_create(
        Player(club=club, name=f"Joueur {i:04}") for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in people
    )
    rng = random.Random(players * 31 + rounds)
    # One transaction: outside one, each statement waits for the disk.
    with transaction.atomic():
        for number in range(1, rounds + 1):
            round_ = Round.objects.create(
                event=event, number=number, seating_method="swiss", closed_at=timezone.now()
            )
            order = people[:]
            rng.shuffle(order)
            tables = [order[i : i + TABLE_SIZE] for i in range(0, len(order), TABLE_SIZE)]
            games = create_games(event=event, round_=round_, tables=tables)
            # Penalty points: the lowest total wins; the first seat of each table here.
            first = Seat.objects.filter(game=OuterRef("pk"), position=1).values("player_id")
            Game.objects.filter(round=round_).update(
                finished=True, hands_played=8, winner_id=Subquery(first)
            )
            in_round = Seat.objects.filter(game__round=round_)
            for position, points in enumerate(SCALE, start=1):
                in_round.filter(position=position).update(rank=position, tournament_points=points)
            seats: dict[int, list[int]] = {}
            for seat_id, game_id in in_round.order_by("position").values_list("id", "game_id"):
                seats.setdefault(game_id, []).append(seat_id)
            rows = []
            for game in games:
                totals = sorted(rng.randrange(0, 100) for _ in seats[game.id])
                for seat, total in zip(seats[game.id], totals, strict=True):
                    rows.append((total, rng.randrange(0, 4), seat))
            # One statement for every seat: bulk_update's CASE takes minutes on 20,000 rows.
            with connection.cursor() as cursor:
                table = Seat._meta.db_table
                cursor.executemany(
                    f"UPDATE {table} SET total = %s, hands_won = %s WHERE id = %s", rows
                )
        # Written directly: the players' stored sums are rebuilt as refresh_game keeps them.
        rebuild_event(event_id=event.pk)
    return event


@contextmanager
def counting_queries():
    """The SQL statements run inside the block (the query log is reset at each request)."""
    from django.db import connection

    seen: list[str] = []

    def record(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        yield seen


def page_queries(client, event) -> int:
    from django.urls import reverse

    url = reverse("tournament:standings", args=[event.id])
    with counting_queries() as queries:
        response = client.get(url)
    assert response.status_code == 200, response.status_code
    return len(queries)


def time_standings() -> dict[str, float]:
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from tournaments.standings.selectors import event_standings

    client = Client()
    small = build_tournament(20, 2, name="Standings small")
    small_queries = page_queries(client, small)
    started = time.perf_counter()
    event = build_tournament(STANDINGS_PLAYERS, STANDINGS_ROUNDS, name="Standings bench")
    built = time.perf_counter() - started
    django_db.settle()
    url = reverse("tournament:standings", args=[event.id])
    queries = page_queries(client, event)  # also warms the template cache
    page_times, page_cpu, compute_times, sql_times = [], [], [], []
    for _run in range(PAGE_RUNS):  # alternated, so that a busy machine slows them alike
        gc.collect()  # each starts without the garbage of the one before, as a request would
        started, cpu = time.perf_counter(), time.process_time()
        client.get(url)
        page_times.append(time.perf_counter() - started)
        page_cpu.append(time.process_time() - cpu)
        gc.collect()
        started = time.perf_counter()
        event_standings(event)
        compute_times.append(time.perf_counter() - started)
        gc.collect()
        started = time.perf_counter()
        with connection.cursor() as cursor:
            cursor.execute(RAW_AGGREGATE, [event.id])
            rows = cursor.fetchall()
        sql_times.append(time.perf_counter() - started)
    assert len(rows) == STANDINGS_PLAYERS
    page, sql = statistics.median(page_times), statistics.median(sql_times)
    compute = statistics.median(compute_times)
    label = f"standings {STANDINGS_PLAYERS} players x {STANDINGS_ROUNDS} rounds"
    return {
        f"{label}, data built in seconds": round(built, 1),
        f"{label}, raw SQL aggregate median seconds": round(sql, 4),
        f"{label}, event_standings() median seconds": round(compute, 4),
        f"{label}, event_standings() / raw SQL aggregate (target ≤ 2)": round(compute / sql, 2),
        f"{label}, page median seconds (target ≤ 0.15)": round(page, 3),
        # CPU time (SQLite runs in this process too): the figure a busy machine disturbs least.
        f"{label}, page median CPU seconds": round(statistics.median(page_cpu), 3),
        f"{label}, page queries (target: as for 20 players x 2 rounds)": queries,
        "standings 20 players x 2 rounds, page queries": small_queries,
    }


def time_swiss_round() -> dict[str, float]:
    from django.db import transaction

    from tournaments.events.services.rounds import open_round

    event = build_tournament(SWISS_PLAYERS, SWISS_ROUNDS, name="Swiss bench")
    timings, cpu_times = [], []
    queries = 0
    for run in range(SWISS_RUNS):
        # Each run seats round 10 and rolls it back, so the next one starts from the same state.
        with transaction.atomic():
            with counting_queries() as captured:
                started, cpu = time.perf_counter(), time.process_time()
                round_ = open_round(event=event, method="swiss", seed=run + 1)
                timings.append(time.perf_counter() - started)
                cpu_times.append(time.process_time() - cpu)
            queries = len(captured)
            assert round_.games.count() == SWISS_PLAYERS // TABLE_SIZE
            transaction.set_rollback(True)
    label = f"open_round swiss {SWISS_PLAYERS} players after {SWISS_ROUNDS} rounds"
    return {
        f"{label}, median seconds (target < 1)": round(statistics.median(timings), 3),
        f"{label}, median CPU seconds": round(statistics.median(cpu_times), 3),
        f"{label}, queries": queries,
    }


if __name__ == "__main__":
    child.run_as_script(measure, main)
