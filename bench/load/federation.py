"""The synthetic federation event of the load test: a rummy tournament (no target, so no
game ends during the test) of TABLES tables of four, round 1 in play, HANDS hands already
entered at each table, each table's link on. Run as a child on the test's database:

    python bench/load/federation.py PLAN.json [--evening VENUES TABLES DEALS]

writes the plan the generator follows: the event, and each table's id, link and next hand.

With --evening, a simultaneous evening instead (docs/federation.md): VENUES clubs of a
federation, each a venue of TABLES tables of four seated by the services' numbering (venue ×
100 + n), each player registered at his club's venue; its games end after DEALS deals, so
that tables finish (and the ranking across venues moves) while the test runs.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLES, PLAYERS_PER_TABLE, HANDS = 500, 4, 10


def build(tables: int = TABLES, hands: int = HANDS) -> dict:
    import datetime

    from django.db import transaction

    from bench import data
    from tournaments.events.services.rounds import create_games
    from tournaments.models import Club, Event, Player, Round
    from tournaments.play.services.scoring import refresh_game

    rng = random.Random(11)
    with transaction.atomic():
        club = Club.objects.create(name="Fédération de rami")
        event = Event.objects.create(
            club=club,
            name="Championnat fédéral",
            date=datetime.date(2026, 11, 30),
            kind=Event.Kind.TOURNAMENT,
            variant="rummy",
            options={},
        )
        round_ = Round.objects.create(event=event, number=1, seating_method="swiss")
        players = Player.objects.bulk_create(
            Player(club=club, name=f"Joueur {i:04d}") for i in range(tables * PLAYERS_PER_TABLE)
        )
        seated = [
            players[t * PLAYERS_PER_TABLE : (t + 1) * PLAYERS_PER_TABLE] for t in range(tables)
        ]
        games = create_games(event=event, round_=round_, tables=seated)
        data.going_out_hands(games, data.seats_by_game(games), hands, rng)
        for game in games:
            refresh_game(game)
    return {
        "event": event.pk,
        "tables": [{"id": game.pk, "token": game.link_token, "next": hands + 1} for game in games],
    }


def build_evening(venues: int, tables: int, deals: int, hands: int = HANDS) -> dict:
    import datetime

    from django.contrib.auth import get_user_model
    from django.db import transaction

    from bench import data
    from tournaments.events.services.rounds import create_games
    from tournaments.federation.services.evenings import TABLES_PER_VENUE, create_evening
    from tournaments.models import Club, Federation, Player, Registration, Round
    from tournaments.play.services.scoring import refresh_game

    rng = random.Random(11)
    with transaction.atomic():
        official = get_user_model().objects.create(username="officiel", is_superuser=True)
        federation = Federation.objects.create(name="Fédération de rami")
        clubs = Club.objects.bulk_create(
            Club(name=f"Club {number:02d}", federation=federation)
            for number in range(1, venues + 1)
        )
        event = create_evening(
            federation=federation,
            clubs=clubs,
            name="Simultané fédéral",
            date=datetime.date(2026, 11, 30),
            variant="rummy",
            options={"number_of_deals": deals},
            seating_method="random",
            created_by=official,
        )
        round_ = Round.objects.create(event=event, number=1, seating_method="random")
        games = []
        for venue in event.venues.select_related("club").order_by("number"):
            players = Player.objects.bulk_create(
                Player(club=venue.club, name=f"Joueur {venue.number:02d}-{i:03d}")
                for i in range(tables * PLAYERS_PER_TABLE)
            )
            Registration.objects.bulk_create(
                Registration(event=event, player=player, venue=venue, checked_in=True)
                for player in players
            )
            seated = [
                players[t * PLAYERS_PER_TABLE : (t + 1) * PLAYERS_PER_TABLE] for t in range(tables)
            ]
            games += create_games(
                event=event,
                round_=round_,
                tables=seated,
                venue=venue,
                first_number=venue.number * TABLES_PER_VENUE + 1,
            )
        data.going_out_hands(games, data.seats_by_game(games), hands, rng)
        for game in games:
            refresh_game(game)
    return {
        "event": event.pk,
        "venues": list(range(1, venues + 1)),
        "tables": [{"id": game.pk, "token": game.link_token, "next": hands + 1} for game in games],
    }


def main(plan_path: str, evening: list[str] | None = None) -> None:
    sys.path.insert(0, str(ROOT))
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ramiscore.settings")
    django.setup()
    from django.core.management import call_command

    started = time.perf_counter()
    call_command("migrate", verbosity=0, interactive=False)
    plan = build_evening(*(int(each) for each in evening)) if evening else build()
    plan["built_in"] = round(time.perf_counter() - started, 1)
    Path(plan_path).write_text(json.dumps(plan))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[3:6] if sys.argv[2:3] == ["--evening"] else None)
