"""A federation at scale: its member list of 10,000 licensees across 40 clubs read, planned
and applied in one transaction (target: under 10 s), applied again with 1,000 changes, and a
1,000-player tournament's results exported by licence, CSV and JSON (target: under 2 s).

Run alone with `python -m bench.bench_federation`, or with every benchmark by `make bench`
(on PostgreSQL with DATABASE_URL).
"""

from __future__ import annotations

import datetime
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import django_db  # noqa: E402

MEMBERS, CLUBS, PLAYERS = 10_000, 40, 1_000
TARGET_IMPORT_S, TARGET_EXPORT_S = 10.0, 2.0
# The ranking: BENCH_RANKED_GAMES finished games of four (100,000 by default) over two years.
TARGET_REBUILD_S, TARGET_ONE_GAME_S = 60.0, 1.0


def member_list(changed: int = 0) -> bytes:
    lines = ["licence;nom;club;année de naissance;catégorie"]
    for n in range(MEMBERS):
        category = "Vétéran" if n < changed else "Senior"
        lines.append(f"L{n:06};Licencié {n};Club {n % CLUBS};{1940 + n % 60};{category}")
    return ("\n".join(lines) + "\n").encode()


def main() -> dict[str, object]:
    django_db.setup()
    from django.test import Client

    from tournaments.federation.services.members import (
        apply_member_list,
        plan_member_list,
        read_member_list,
    )
    from tournaments.models import Club, Event, Federation, Person, Player, Standing

    federation = Federation.objects.create(name="Bench federation")
    Club.objects.bulk_create(Club(name=f"Club {n}", federation=federation) for n in range(CLUBS))
    results = {}
    for label, data in (("first import", member_list()), ("1,000 changes", member_list(1_000))):
        started = time.perf_counter()
        rows, problems = read_member_list(data, "members.csv")
        plan = plan_member_list(federation=federation, rows=rows, problems=problems)
        apply_member_list(federation=federation, plan=plan, file_name="m.csv", user=None)
        elapsed = time.perf_counter() - started
        results[f"member list of {MEMBERS:,} rows, {label}"] = (
            f"{elapsed:.2f} s (target < {TARGET_IMPORT_S:.0f} s; "
            f"{len(plan.adds)} added, {len(plan.changes)} changed)"
        )
    assert Person.objects.count() == MEMBERS

    # A tournament of 1,000 licensees of the first club, its standings written directly.
    club = Club.objects.get(name="Club 0")
    event = Event.objects.create(
        club=club, name="Open", date=datetime.date(2026, 11, 30), kind="tournament"
    )
    players = list(Player.objects.filter(club__federation=federation)[:PLAYERS])
    from tournaments.models import Registration

    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    Standing.objects.bulk_create(
        Standing(event=event, player=p, points=Decimal(n % 50), games=5, wins=n % 5)
        for n, p in enumerate(players)
    )
    from django.contrib.auth import get_user_model

    official = get_user_model().objects.create_superuser("bench-official", password="x")
    client = Client()
    client.force_login(official)
    django_db.allow_test_client()
    client.get(f"/events/{event.pk}/results.json")  # the process's first request loads the site
    for kind in ("csv", "json"):
        started = time.perf_counter()
        answer = client.get(f"/events/{event.pk}/results.{kind}")
        elapsed = time.perf_counter() - started
        assert answer.status_code == 200, answer.status_code
        results[f"results of {PLAYERS:,} players by licence, {kind.upper()}"] = (
            f"{elapsed:.2f} s (target < {TARGET_EXPORT_S:.0f} s)"
        )
    results.update(ranking(federation))
    return results


def ranking(federation) -> dict[str, str]:
    """Rebuild the ranking from BENCH_RANKED_GAMES games, then rate one more."""
    import os
    import random

    from tournaments.federation.services.ranking import game_rated, rebuild_ranking
    from tournaments.models import Event, Game, Player, Round, Seat

    count = int(os.environ.get("BENCH_RANKED_GAMES", "100000"))
    rng = random.Random(7)
    players = list(Player.objects.filter(club__federation=federation).values_list("pk", "club_id"))
    by_club: dict[int, list[int]] = {}
    for player_id, club_id in players:
        by_club.setdefault(club_id, []).append(player_id)
    clubs = sorted(by_club)
    start = datetime.date(2025, 1, 1)
    games_per_event = 25
    made = 0
    events = []
    while made < count:
        club_id = clubs[len(events) % len(clubs)]
        day = start + datetime.timedelta(days=len(events) * 730 // (count // games_per_event + 1))
        events.append(Event(club_id=club_id, name=f"Soirée {len(events)}", date=day))
        made += games_per_event
    Event.objects.bulk_create(events, batch_size=2_000)
    rounds = Round.objects.bulk_create([Round(event=e, number=1) for e in events], batch_size=2_000)
    games = Game.objects.bulk_create(
        [
            Game(event=e, round=r, table_number=t, variant="rami-penalites", finished=True)
            for e, r in zip(events, rounds, strict=True)
            for t in range(1, games_per_event + 1)
        ][:count],
        batch_size=2_000,
    )
    seats = []
    for game in games:
        members = rng.sample(by_club[game.event.club_id], 4)
        places = [1, 2, 3, 4]
        rng.shuffle(places)
        seats += [
            Seat(game=game, player_id=pid, position=n, rank=place, total=place * 10)
            for n, (pid, place) in enumerate(zip(members, places, strict=True), start=1)
        ]
    Seat.objects.bulk_create(seats, batch_size=5_000)
    started = time.perf_counter()
    rebuilt = rebuild_ranking(federation=federation)
    rebuild_s = time.perf_counter() - started
    last = events[-1]
    newest = Game.objects.create(
        event=last,
        round=rounds[-1],
        table_number=games_per_event + 1,
        variant="rami-penalites",
        finished=True,
    )
    members = rng.sample(by_club[last.club_id], 4)
    Seat.objects.bulk_create(
        Seat(game=newest, player_id=pid, position=n, rank=n, total=n)
        for n, pid in enumerate(members, 1)
    )
    newest = Game.objects.select_related("event", "round").get(pk=newest.pk)
    started = time.perf_counter()
    game_rated(newest)
    one_s = time.perf_counter() - started
    return {
        f"ranking rebuilt from {rebuilt.games:,} games": (
            f"{rebuild_s:.1f} s (target < {TARGET_REBUILD_S:.0f} s; {rebuilt.ratings:,} ratings)"
        ),
        "ranking moved on by one new game": (
            f"{one_s * 1000:.0f} ms (target < {TARGET_ONE_GAME_S * 1000:.0f} ms)"
        ),
    }


if __name__ == "__main__":
    for key, value in main().items():
        print(f"{key}: {value}")
