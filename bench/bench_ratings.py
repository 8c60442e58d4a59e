"""Club ratings and seasons for a club of 24 members with two years of weekly nights (104
nights, 20 present, tables of 4, two games a night: 1,040 games, 4,160 places).

What a result costs in the transaction that records it: a game finishing tonight rates
tonight's games again; a game corrected on the first night rates everything again. Also
the full `recompute_ratings`, a season's standings (one year, 52 nights) and a member's page
read. Finished games are stored directly (bulk_create with their places), in the throwaway
database of bench/django_db.py, in a child process. Run with `python -m bench.bench_ratings`.
"""

from __future__ import annotations

import datetime
import random
import statistics
import time
from decimal import Decimal

from bench import child

MEMBERS = 24
PRESENT = 20
NIGHTS = 104
GAMES_PER_NIGHT = 2
RUNS = 3
# A federation's day: one tournament of 1,000 players, 10 rounds of 250 tables (2,500 games).
ENTRANTS = 1000
ROUNDS = 10


def main() -> dict[str, float]:
    """Run the measurements in a child process (bench/child.py); its figures."""
    return child.run(__spec__.name)


def build_club():
    """The club, its members and two years of finished nights; (club, first date, last)."""
    from django.utils import timezone

    from tournaments.events.services.rounds import create_games
    from tournaments.models import Club, Event, Player, Round

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
            games = create_games(event=event, round_=round_, tables=tables)
            finished_in_seat_order(games, tables)
    return club, first, first + datetime.timedelta(weeks=NIGHTS - 1)


def build_tournament(club):
    """A tournament of ENTRANTS members over ROUNDS rounds, every game finished; its date."""
    from django.utils import timezone

    from tournaments.events.services.rounds import create_games
    from tournaments.models import Event, Player, Round

    people = Player.objects.bulk_create(
        Player(club=club, name=f"Joueur {i:04}") for i in range(ENTRANTS)
    )
    day = datetime.date(2027, 3, 6)
    event = Event.objects.create(
        club=club, name="Open", date=day, kind="tournament", variant="rami-penalites"
    )
    rng = random.Random(1000)
    for number in range(1, ROUNDS + 1):
        round_ = Round.objects.create(event=event, number=number, closed_at=timezone.now())
        rng.shuffle(people)
        tables = [people[i : i + 4] for i in range(0, ENTRANTS, 4)]
        finished_in_seat_order(create_games(event=event, round_=round_, tables=tables), tables)
    return event


def last_table_finishing(event):
    """What the last hand of the last table of the last round costs the transaction that
    records it: the game's ratings are dropped, then its result is seen as new."""
    from tournaments.models import Game, RatingUpdate
    from tournaments.ratings.services import game_result_changed

    game = Game.objects.filter(event=event).order_by("-round__number", "-table_number").first()
    seats = list(game.seats.all())

    def finish() -> None:
        RatingUpdate.objects.filter(game=game).delete()
        game_result_changed(game, seats, decided=True, was_finished=False)

    return finish


def finished_in_seat_order(games, tables) -> None:
    """Each game over, its players placed in seat order (the derived rows a finished game
    has; the ratings read only the places)."""
    from tournaments.models import Game, Seat

    for game, table in zip(games, tables, strict=True):
        game.finished, game.hands_played, game.winner = True, 8, table[0]
    Game.objects.bulk_update(games, ["finished", "hands_played", "winner"])
    seats = list(Seat.objects.filter(game__in=games))
    for seat in seats:
        seat.total, seat.rank = 10 * seat.position, seat.position
        seat.tournament_points = Decimal([3, 1, 0, 0][seat.position - 1])
    Seat.objects.bulk_update(seats, ["total", "rank", "tournament_points"])


def timed(action) -> float:
    """The median of RUNS runs, in milliseconds."""
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 1)


def measure() -> dict[str, float]:
    from bench import django_db

    django_db.setup()
    from tournaments.models import Player, RatingUpdate
    from tournaments.ratings.services import recompute_ratings
    from tournaments.seasons.selectors.players import club_player
    from tournaments.seasons.selectors.standings import season_standings
    from tournaments.seasons.services import save_season

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
    event = build_tournament(club)
    recompute_ratings(club=club, since=event.date)
    results["tournament games (1,000 players x 10 rounds)"] = event.games.count()
    results["its last table finishing (ms)"] = timed(last_table_finishing(event))
    return results


if __name__ == "__main__":
    child.run_as_script(measure, main)
