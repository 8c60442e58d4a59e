"""Club-night pages at scale: an event of 200 tables × 30 hands.

Median server time (Django's test client, so the whole middleware stack but no network) and
query count of the public event page, a table page, and a hand entry POST. Runs on a
throwaway database (bench/django_db.py).
"""

from __future__ import annotations

import datetime
import random
import statistics
import time

from bench import django_db

TABLES, HANDS, PLAYERS_PER_TABLE, RUNS = 200, 30, 4, 15


def build_event():
    """A rummy club night (no target, so 30 hands never end a game), facts bulk-created."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Club, Event, Game, Hand, HandLine, Player, Round, Seat
    from tournaments.services.scoring import refresh_game

    rng = random.Random(4)
    organiser = get_user_model().objects.create_user("bench-organiser", password="x")
    club = Club.objects.create(name="Bench club")
    club.organisers.add(organiser)
    event = Event.objects.create(
        club=club, name="Bench night", date=datetime.date(2026, 11, 30), variant="rummy"
    )
    round_ = Round.objects.create(event=event, number=1)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Joueur {i:04d}") for i in range(TABLES * PLAYERS_PER_TABLE)
    )
    games = Game.objects.bulk_create(
        Game(event=event, round=round_, table_number=t + 1, variant="rummy", options={})
        for t in range(TABLES)
    )
    seats = Seat.objects.bulk_create(
        Seat(game=game, player=players[t * PLAYERS_PER_TABLE + p], position=p + 1)
        for t, game in enumerate(games)
        for p in range(PLAYERS_PER_TABLE)
    )
    seats_of = {
        game.id: seats[t * PLAYERS_PER_TABLE : (t + 1) * PLAYERS_PER_TABLE]
        for t, game in enumerate(games)
    }
    hands = Hand.objects.bulk_create(
        Hand(game=game, number=n + 1, how="going_out", ended_by=rng.choice(seats_of[game.id]))
        for game in games
        for n in range(HANDS)
    )
    HandLine.objects.bulk_create(
        HandLine(
            hand=hand, seat=seat, held_count=None if seat == hand.ended_by else rng.randint(1, 40)
        )
        for hand in hands
        for seat in seats_of[hand.game_id]
    )
    for game in games:
        refresh_game(game)
    return organiser, event, games


def _median_ms(make_request, runs: int = RUNS, expected: int | None = None) -> tuple[float, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    timings, queries = [], 0
    for i in range(runs):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = make_request(i)
            timings.append(time.perf_counter() - started)
        assert response.status_code in ((expected,) if expected else (200, 302))
        queries = len(captured)
    return round(statistics.median(timings) * 1000, 1), queries


def main() -> dict[str, object]:
    django_db.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    started = time.perf_counter()
    organiser, event, games = build_event()
    built = time.perf_counter() - started

    visitor = Client()
    event_ms, event_queries = _median_ms(lambda i: visitor.get(f"/events/{event.id}/"))
    # A phone polling the live part with nothing changed since: answered 304 by its ETag.
    tag = visitor.get(f"/events/{event.id}/", HTTP_HX_REQUEST="true")["ETag"]
    poll_ms, poll_queries = _median_ms(
        lambda i: visitor.get(
            f"/events/{event.id}/", HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag
        ),
        expected=304,
    )
    table_ms, table_queries = _median_ms(lambda i: visitor.get(f"/games/{games[i].id}/"))

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
        )

    entry_ms, entry_queries = _median_ms(post_hand)
    saved = sum(game.hands.count() == HANDS + 1 for game in games[:RUNS])
    return {
        f"event of {TABLES} tables × {HANDS} hands built (s)": round(built, 1),
        "event page: median ms": event_ms,
        "event page: queries": event_queries,
        "event page polled, unchanged (304): median ms": poll_ms,
        "event page polled, unchanged (304): queries": poll_queries,
        "table page (30 hands): median ms": table_ms,
        "table page: queries": table_queries,
        "hand entry POST (hand 31, with a card count): median ms": entry_ms,
        "hand entry POST: queries": entry_queries,
        "hand entry POSTs stored": f"{saved}/{RUNS}",
    }


if __name__ == "__main__":
    for key, value in main().items():
        print(f"{key}: {value}")
