"""`manage.py score_game FILE`: score a game file and print its result document as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from tournaments.rules import RulesError, read_game, score_game, write_result
from tournaments.rules.gamefile import parse_game_text


class Command(BaseCommand):
    help = (
        "Score a game file (format ramiscore/1) and print the result document as JSON. "
        "On invalid input, print one line per problem on standard error and exit with 2."
    )
    requires_system_checks: list[str] = []  # pure computation: no database, no checks

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help='the game file, or "-" to read standard input')

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            self._fail([f"cannot read {file}: {error}"])
        try:
            game = read_game(parse_game_text(text))
            result = score_game(game)
        except RulesError as error:
            self._fail([str(problem) for problem in error.problems])
        self.stdout.write(json.dumps(write_result(game, result), ensure_ascii=False, indent=2))

    def _fail(self, lines: list[str]) -> None:
        # Nothing on standard output: a partial result must never be mistaken for a score.
        for line in lines:
            self.stderr.write(line)
        raise SystemExit(2)
