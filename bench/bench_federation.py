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
    return results


if __name__ == "__main__":
    for key, value in main().items():
        print(f"{key}: {value}")
