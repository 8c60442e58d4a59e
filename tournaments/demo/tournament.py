"""The demo's small tournament: twelve players, two Swiss rounds played, the third in play.

Every step goes through the real services (seating, hand entry, closing rounds), so the
standings, tie-breaks and prize pool on the demo pages are the ones a club would get.
"""

from __future__ import annotations

import random
from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from tournaments.events.services.clock import pause_clock, resume_clock, start_clock
from tournaments.events.services.events import create_event, register_player, set_presence
from tournaments.events.services.rounds import close_round, open_round
from tournaments.models import Club, Event, Game, Round
from tournaments.play.facts import HandFacts
from tournaments.play.services.entry import record_hand

DEMO_TOURNAMENT = "Tournoi de printemps"


def demo_tournament(club: Club, organiser, names: list[str]) -> Event:
    """A rami à pénalités tournament to 100 at 10 € a head (10 % to the club), seated Swiss.

    Round 1 plays to the end; in round 2 one table is still playing when time is up (closed
    with its totals as they stand); one player withdraws; round 3 is seated, two of its
    tables with a couple of hands entered, and its clock runs.
    """
    event = create_event(
        club=club,
        name=DEMO_TOURNAMENT,
        date=timezone.localdate(),
        variant="rami-penalites",
        options={"target": 100},
        kind=Event.Kind.TOURNAMENT,
        entry_fee=Decimal(10),
        created_by=organiser,
        seating_method=Event.Seating.SWISS,
        points_scale=[3, 1, 0, 0],
        prize_places=[50, 30, 20],
        club_share=Decimal(10),
        tie_breaks=["score", "wins", "opponents_points"],
    )
    registrations = [register_player(event=event, name=name) for name in names]
    rng = random.Random(2026)

    first = open_round(event=event, seed=11)
    for game in first.games.order_by("table_number"):
        _play(game, rng)
    close_round(round_=first)

    second = open_round(event=event, seed=12)
    games = list(second.games.order_by("table_number"))
    for game in games[:-1]:
        _play(game, rng)
    _play(games[-1], rng, hands=3)  # the slow table: closed at time
    close_round(round_=second)

    set_presence(registration=registrations[-1], withdrawn=True)
    third = open_round(event=event, seed=13)
    for game in third.games.order_by("table_number")[:2]:
        _play(game, rng, hands=2)
    _run_the_clock(third, organiser)
    return event


def _run_the_clock(round_: Round, organiser) -> None:
    """Round 3's clock: 45 minutes started 14 minutes ago, paused two minutes for a question
    at a table; 33 minutes are left as the demo starts."""
    now = timezone.now()
    start_clock(round_=round_, minutes=45, user=organiser, now=now - timedelta(minutes=14))
    pause_clock(round_=round_, user=organiser, now=now - timedelta(minutes=8))
    resume_clock(round_=round_, user=organiser, now=now - timedelta(minutes=6))


def _play(game: Game, rng: random.Random, hands: int = 40) -> None:
    """Going out in turn, the others holding 2 to 35 points, until the game ends."""
    names = list(game.seats.order_by("position").values_list("player__name", flat=True))
    seats = {seat.player.name: seat for seat in game.seats.select_related("player")}
    for number in range(1, hands + 1):
        game.refresh_from_db(fields=["finished"])
        if game.finished:
            return
        winner = names[rng.randrange(len(names))]
        held = {seats[n].id: rng.randint(2, 35) for n in names if n != winner}
        record_hand(game=game, number=number, facts=HandFacts("going_out", seats[winner], held))
