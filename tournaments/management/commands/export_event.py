"""manage.py export_event EVENT_ID [-o FILE]: an event's archive (docs/archive.md)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.archive.display import archive_text
from tournaments.archive.selectors.export import event_archive
from tournaments.models import Event


class Command(BaseCommand):
    help = (
        "Write an event's archive (format ramiscore-event/1): its settings, players, rounds, "
        "seating and every hand with its history. To standard output without -o."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("-o", "--output", help="the file to write (default: standard output)")

    def handle(self, *args, event_id: int, output: str | None, **options) -> None:
        event = Event.objects.select_related("club").filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"There is no event {event_id}.")
        text = archive_text(event_archive(event))
        if output is None or output == "-":
            self.stdout.write(text, ending="")
            return
        Path(output).write_text(text, encoding="utf-8")
        self.stderr.write(f"Event {event_id} written to {output}.")
