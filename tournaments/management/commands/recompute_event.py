"""`manage.py recompute_event ID`: rescore every game of an event from its facts."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments import rules
from tournaments.events.services.recompute import recompute_event
from tournaments.models import Event


class Command(BaseCommand):
    help = (
        "Recompute every game of an event from the facts of its hands (after a fix to the "
        "rules engine), in one transaction: all games or none."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("event", type=int, help="the event's id")

    def handle(self, *args: Any, event: int, **options: Any) -> None:
        found = Event.objects.filter(pk=event).first()
        if found is None:
            raise CommandError(f"There is no event {event}.")
        try:
            done = recompute_event(found)
        except rules.RulesError as error:
            raise CommandError(f"Nothing was changed: {error}") from None
        except ValidationError as error:
            raise CommandError(f"Nothing was changed: {' '.join(error.messages)}") from None
        for item in done:
            game, result = item.game, item.result
            totals = ", ".join(f"{name} {total}" for name, total in result.totals.items())
            state = f"finished, winner {result.winner}" if result.finished else "in play"
            hands = len(result.hands)
            self.stdout.write(
                f"Round {game.round.number}, table {game.table_number}: "
                f"{hands} hand{'' if hands == 1 else 's'}, {state}; {totals}"
            )
        self.stdout.write(self.style.SUCCESS(f"Recomputed {len(done)} games of {found.name}."))
