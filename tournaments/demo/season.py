"""The demo's season: six club nights over the last two months with the same members, and a
season counting every event of the club from the first night to a month from now (tonight's
demo events included), best 5 nights, points by place.

Every hand goes through the real services, so the nights' places, the season standings and
the club ratings on the demo pages are the ones a club would get. Some members play better
than others (a hidden strength), so that the ratings have something to find.
"""

from __future__ import annotations

import datetime
import random

from django.utils import timezone

from tournaments.events.services.events import create_event, register_player
from tournaments.events.services.rounds import open_round
from tournaments.models import Club, Event, Game, Player, Season
from tournaments.play.facts import HandFacts
from tournaments.play.services.entry import record_hand
from tournaments.ratings.services import recompute_ratings
from tournaments.seasons.services import save_season

DEMO_SEASON = "Championnat du club"
NIGHT_NAME = "Soirée du jeudi n° %d"
DAYS_AGO = (56, 49, 42, 28, 14, 7)  # two months, a few weeks without a night
# How well each member plays (1 is average): the winner of a hand is drawn with these
# weights, and a strong player holds fewer points when someone else goes out.
STRENGTH = (1.6, 0.8, 1.3, 1.0, 1.2, 0.7, 1.0, 1.4, 0.9, 1.1, 0.8, 1.0, 1.2, 0.9)


def demo_season(club: Club, organiser, members: dict[str, Player]) -> Season:
    """Rebuild the demo nights and the season; the ratings are recomputed from scratch."""
    names = list(members)
    today = timezone.localdate()
    club.events.filter(name__in=[NIGHT_NAME % n for n in range(1, len(DAYS_AGO) + 1)]).delete()
    club.seasons.filter(name=DEMO_SEASON).delete()
    rng = random.Random(2025)
    strength = dict(zip(names, STRENGTH, strict=False))
    for number, days in enumerate(DAYS_AGO, start=1):
        present = [name for name in names if rng.random() < 0.85][:12]
        _night(
            club, organiser, number, today - datetime.timedelta(days=days), present, rng, strength
        )
    season = save_season(
        club=club,
        name=DEMO_SEASON,
        starts_on=today - datetime.timedelta(days=DAYS_AGO[0]),
        ends_on=today + datetime.timedelta(days=28),
        scoring=Season.Scoring.PLACES,
        points_scale=[10, 8, 6, 5, 4, 3, 2, 1],
        best_of=5,
        user=organiser,
    )
    # Demo events deleted and rebuilt above leave later ratings out of date: start again.
    recompute_ratings(club=club)
    return season


def _night(club, organiser, number, date, present, rng, strength) -> Event:
    event = create_event(
        club=club,
        name=NIGHT_NAME % number,
        date=date,
        variant="rami-penalites",
        options={"target": 100},
        entry_fee=2,
        created_by=organiser,
    )
    for name in present:
        register_player(event=event, name=name)
    round_ = open_round(event=event, seed=100 + number)
    for game in round_.games.order_by("table_number"):
        _play(game, rng, strength)
    return event


def _play(game: Game, rng: random.Random, strength: dict[str, float]) -> None:
    """Hands until the game ends: the stronger win more often and hold less."""
    seats = {seat.player.name: seat for seat in game.seats.select_related("player")}
    names = list(seats)
    for number in range(1, 60):
        game.refresh_from_db(fields=["finished"])
        if game.finished:
            return
        winner = rng.choices(names, weights=[strength.get(n, 1) ** 2 for n in names])[0]
        held = {
            seats[n].id: max(1, round(rng.randint(3, 30) / strength.get(n, 1)))
            for n in names
            if n != winner
        }
        record_hand(game=game, number=number, facts=HandFacts("going_out", seats[winner], held))
