"""`manage.py import_event FILE [--club NAME] [--rename NAME]`: recreate an archived event."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand

from tournaments.archive.services.read import parse_archive_text
from tournaments.archive.services.store import APART, REPLACE, import_event
from tournaments.management.inputs import read_input, refuse


class Command(BaseCommand):
    help = (
        "Recreate an event from its archive (format ramiscore-event/1, see docs/archive.md) "
        "in the club named by --club, else the club the archive names (created if missing). "
        "An event of the same name in that club refuses it, unless --rename gives another "
        "name; the same event (its identity) refuses it unless --existing says whether the "
        "archive replaces it or is kept apart. Nothing is stored if the archive is refused "
        "(one line per problem on standard error, exit status 2)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help='the archive, or "-" to read standard input')
        parser.add_argument("--club", default="", help="the club's name (default: the archive's)")
        parser.add_argument("--rename", default="", help="the imported event's name")
        parser.add_argument(
            "--existing",
            choices=[REPLACE, APART],
            default="",
            help="if the club already has this event: the archive replaces it, or its copy is "
            "kept apart (counted in no season and no rating)",
        )

    def handle(
        self, *args: Any, file: str, club: str, rename: str, existing: str, **options: Any
    ) -> None:
        text = read_input(file)
        try:
            event = import_event(
                document=parse_archive_text(text),
                club_name=club,
                rename=rename,
                existing=existing,
            )
        except ValidationError as error:
            problems = error.messages
            if any(getattr(e, "code", None) == "same_event" for e in error.error_list):
                problems.append("Import it with --existing replace or --existing apart.")
            refuse(self.stderr, problems, f"{file} was not imported.")
        apart = "" if event.counted else " Kept apart: it counts in no season and no rating."
        self.stdout.write(
            self.style.SUCCESS(
                f"Imported {event.name} into {event.club.name} (event {event.id}).{apart}"
            )
        )
