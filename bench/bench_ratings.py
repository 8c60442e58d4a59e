"""Club ratings and seasons for a club of 24 members with two years of weekly nights (104
nights, 20 present, tables of 4, two games a night: 1,040 games, 4,160 places).

What a result costs in the transaction that records it: a game finishing tonight rates
tonight's games again; a game corrected on the first night rates everything again. Also
the full `recompute_ratings`, a season's standings (one year, 52 nights) and a member's page
read. Finished games are stored directly (bulk_create with their places), in the throwaway
database of bench/django_db.py, in a child process. Run with `python bench/bench_ratings.py`.
"""

from __future__ import annotations

import datetime
import random
import statistics
import sys
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):
    sys.path.insert(0, str(ROOT))

from bench import child  # noqa: E402

MEMBERS = 24
PRESENT = 20
NIGHTS = 104
GAMES_PER_NIGHT = 2
RUNS = 3


def main() -> dict[str, float]:
    """Run the measurements in a child process (bench/child.py); its figures."""
    return child.run(__file__)


def build_club():
    """The club, its members and two years of finished nights; (club, first date, last)."""
    from django.utils import timezone

    from tournaments.models import Club, Event, Game, Player, Round, Seat

    club = Club.objects.create(name="Bench ratings")
    people = Player.objects.bulk_create(
        Player(club=club, name=f"Membre {i:02}") for i in range(MEMBERS)
    )
    rng = random.Random(104)
    first = datetime.date(2025, 1, 2)
    for night in range(NIGHTS):
        event = Event.objects.create(
            club=club,
            name=f"Soirée {night + 1}",
            date=first + datetime.timedelta(weeks=night),
            variant="rami-penalites",
            options={"target": 100},
        )
        present = rng.sample(people, PRESENT)
        for number in range(1, GAMES_PER_NIGHT + 1):
            round_ = Round.objects.create(event=event, number=number, closed_at=timezone.now())
            rng.shuffle(present)
            tables = [present[i : i + 4] for i in range(0, PRESENT, 4)]
            games = Game.objects.bulk_create(
                Game(
                    event=event,
                    round=round_,
                    table_number=n,
                    variant=event.variant,
                    options=event.options,
                    finished=True,
                    hands_played=8,
                    winner=table[0],
                )
                for n, table in enumerate(tables, start=1)
            )
            Seat.objects.bulk_create(
                Seat(
                    game=game,
                    player=player,
                    position=position,
                    total=10 * position,
                    rank=position,
                    tournament_points=Decimal([3, 1, 0, 0][position - 1]),
                )
                for game, table in zip(games, tables, strict=True)
                for position, player in enumerate(table, start=1)
            )
    return club, first, first + datetime.timedelta(weeks=NIGHTS - 1)


def timed(action) -> float:
    """The median of RUNS runs, in milliseconds."""
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 1)


def measure() -> dict[str, float]:
    sys.path.insert(0, str(ROOT))
    from bench import django_db

    django_db.setup()
    from tournaments.models import Player, RatingUpdate
    from tournaments.selectors.players import club_player
    from tournaments.selectors.seasons import season_standings
    from tournaments.services.ratings import recompute_ratings
    from tournaments.services.seasons import save_season

    club, first, last = build_club()
    results: dict[str, float] = {
        "games": NIGHTS * GAMES_PER_NIGHT * PRESENT // 4,
        "full recompute (ms)": timed(lambda: recompute_ratings(club=club)),
        "a game finishing tonight (ms)": timed(lambda: recompute_ratings(club=club, since=last)),
        "a game corrected on the first night (ms)": timed(
            lambda: recompute_ratings(club=club, since=first)
        ),
        "rating updates": RatingUpdate.objects.count(),
    }
    season = save_season(
        club=club,
        name="Une année",
        starts_on=first,
        ends_on=first + datetime.timedelta(weeks=51, days=6),
        scoring="places",
        points_scale=[10, 8, 6, 5],
        best_of=40,
    )
    results["season standings, 52 nights (ms)"] = timed(lambda: season_standings(season))
    member = Player.objects.filter(club=club).first()
    results["member's page data, 2 years (ms)"] = timed(lambda: club_player(member))
    return results


if __name__ == "__main__":
    if "--child" in sys.argv:
        child.report(measure())
    else:
        for key, value in main().items():
            print(f"{key}: {value}")
