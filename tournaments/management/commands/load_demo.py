"""`manage.py load_demo`: load demo data for local use and say how to log in."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from tournaments.demo import DemoNotAllowed, load_demo
from tournaments.demo.season import DEMO_SEASON
from tournaments.models import Season

SITE = "http://127.0.0.1:8000"


class Command(BaseCommand):
    help = (
        "Create the demo organiser account and a club night of demo data "
        "(local use only: refuses when DEBUG is off)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            summary = load_demo()
        except DemoNotAllowed as error:
            raise CommandError(str(error)) from error
        verb = "Created" if summary.created else "Refreshed"
        self.stdout.write(self.style.SUCCESS(f"{verb} the demo organiser account."))
        self.stdout.write(
            f"Log in at {SITE}{reverse('login')} "
            f"as {summary.username!r} with password {summary.password!r}."
        )
        for event in summary.events:
            manage = reverse("organiser:event", kwargs={"event_id": event.id})
            public = reverse("event", kwargs={"event_id": event.id})
            screen = reverse("screen", kwargs={"event_id": event.id})
            self.stdout.write(
                f"{event.name}: manage {SITE}{manage} · public {SITE}{public}"
                f" · projector {SITE}{screen}"
            )
            for game in summary.games:
                if game.event_id == event.id:
                    url = reverse("game", kwargs={"game_id": game.id})
                    self.stdout.write(f"  table {game.table_number}: {SITE}{url}")
        for season in Season.objects.filter(name=DEMO_SEASON):
            url = reverse("season:standings", kwargs={"season_id": season.id})
            self.stdout.write(
                f"{season.name} (season, club ratings on players' pages): {SITE}{url}"
            )
