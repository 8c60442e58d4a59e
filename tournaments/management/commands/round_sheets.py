"""`manage.py round_sheets EVENT_ID ROUND_NUMBER -o FILE.pdf`: a round's blank score sheets.

One page per table, as the organiser's page gives them, with a progress bar on standard error.
A large round is laid out on every core (--processes, PDF_PROCESSES), in chunks of tables whose
pages are then joined; the organiser's page prepares the same file in the background.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, OutputWrapper

from tournaments.events.selectors.events import round_games
from tournaments.models import Round
from tournaments.sheets import pdfs

STAGES = {"pages": "preparing", "layout": "laying out", "writing": "writing the PDF"}


class ProgressBar:
    """`[#####-----] 100/200 laying out` redrawn in place on a terminal; elsewhere (a log, a
    pipe) one line per tenth, so that the log stays short."""

    WIDTH = 30

    def __init__(self, out: OutputWrapper):
        self.out = out
        self.tty = out.isatty()
        self.tenths: dict[str, int] = {}  # the last tenth written, by stage

    def __call__(self, stage: str, done: int, total: int) -> None:
        label = STAGES.get(stage, stage)
        if stage == "writing":
            line = f"{label}…" if done < total else f"{label}: done"
        else:
            filled = self.WIDTH * done // max(total, 1)
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            line = f"[{bar}] {done}/{total} {label}"
        if self.tty:
            end = "\n" if stage == "writing" and done >= total else ""
            self.out.write("\r" + line.ljust(self.WIDTH + 30), style_func=str, ending=end)
            self.out.flush()
            return
        # Stages overlap when chunks are laid out in parallel: a tenth is written once each.
        tenth = 10 * done // max(total, 1)
        if self.tenths.get(stage) != tenth:
            self.tenths[stage] = tenth
            self.out.write(line, style_func=str)


class Command(BaseCommand):
    help = (
        "Write the blank score sheets of a round (one page per table) to a PDF file, "
        "with a progress bar on standard error."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("event_id", type=int, help="the event's number (see its page)")
        parser.add_argument("round_number", type=int, help="the round, 1 for a club night")
        parser.add_argument(
            "-o", "--output", required=True, help='the PDF file to write, "-" for standard output'
        )
        parser.add_argument(
            "--players-copy",
            action="store_true",
            help="leave out the table links' QR codes (whoever scans one can enter hands)",
        )
        parser.add_argument(
            "--processes",
            type=int,
            default=settings.PDF_PROCESSES,
            help="processes laying out pages at once (default: PDF_PROCESSES, every core)",
        )
        parser.add_argument(
            "--site-url",
            help="the site's address printed in the QR codes (default: the SITE_URL setting)",
        )

    def handle(self, *args: Any, event_id: int, round_number: int, **options: Any) -> None:
        try:
            round_, games = round_games(event_id, round_number)
        except Round.DoesNotExist:
            raise CommandError(f"Event {event_id} has no round {round_number}.") from None
        if not games:
            raise CommandError(f"Round {round_number} of event {event_id} has no table yet.")
        progress = ProgressBar(self.stderr) if options["verbosity"] > 0 else None
        site = (options["site_url"] or "").rstrip("/") or None
        pdf = pdfs.blank_sheets_pdf(
            round_,
            games=games,
            site=site,
            entry_links=not options["players_copy"],
            progress=progress,
            processes=max(1, options["processes"]),
        )
        output = options["output"]
        if output == "-":
            sys.stdout.buffer.write(pdf)
            return
        try:
            Path(output).write_bytes(pdf)
        except OSError as error:
            raise CommandError(f"Cannot write {output}: {error}") from None
        self.stdout.write(f"Wrote {len(games)} sheets (one page per table) to {output}.")
