"""`manage.py recompute_ratings [--club ID]`: rebuild the club ratings from the finished
games, in date order (after a fix, or a change made in the admin)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Club
from tournaments.ratings.services import recompute_ratings


class Command(BaseCommand):
    help = "Recompute every club rating from the finished games (one transaction per club)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--club", type=int, help="only this club (its id)")

    def handle(self, *args: Any, **options: Any) -> None:
        clubs = Club.objects.order_by("pk")
        if options["club"] is not None:
            clubs = clubs.filter(pk=options["club"])
            if not clubs.exists():
                raise CommandError(f"There is no club {options['club']}.")
        for club in clubs:
            started = time.perf_counter()
            done = recompute_ratings(club=club)
            elapsed = time.perf_counter() - started
            self.stdout.write(
                f"{club.name}: {done.games} games rated, {done.updates} rating updates "
                f"({elapsed:.2f} s)."
            )
