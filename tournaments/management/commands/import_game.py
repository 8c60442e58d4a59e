"""`manage.py import_game FILE --event ID [--round N]`: add a game file to an event."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.events.services.gamefiles import import_game, parse_game_file
from tournaments.management.inputs import REFUSED, read_input, refuse
from tournaments.models import Event


class Command(BaseCommand):
    help = (
        "Import a game file (format ramiscore/1) as a new table of an event: in the given "
        "round, else the open round, else a new one. Nothing is stored if the file is refused "
        "(one line per problem on standard error, exit status 2)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help='the game file, or "-" to read standard input')
        parser.add_argument("--event", type=int, required=True, help="the event's id")
        parser.add_argument("--round", type=int, dest="round_number", help="the round number")

    def handle(
        self, *args: Any, file: str, event: int, round_number: int | None, **options: Any
    ) -> None:
        found = Event.objects.filter(pk=event).first()
        if found is None:
            raise CommandError(f"There is no event {event}.", returncode=REFUSED)
        text = read_input(file)
        try:
            document = parse_game_file(text)
        except ValidationError as error:
            problems = " ".join(error.messages)
            raise CommandError(f"cannot read {file}: {problems}", returncode=REFUSED) from None
        try:
            game = import_game(event=found, document=document, round_number=round_number)
        except ValidationError as error:
            refuse(self.stderr, error.messages, f"{file} was not imported.")
        self.stdout.write(
            self.style.SUCCESS(
                f"Imported as table {game.table_number} of round {game.round.number} "
                f"of {found.name} (game {game.id})."
            )
        )
