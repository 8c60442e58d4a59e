"""What the commands that read a file share (import_event, import_game): reading
it, or standard input for "-", and refusing it with one line per problem and exit status 2
(1 stays for the unexpected)."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn

from django.core.management.base import CommandError, OutputWrapper

REFUSED = 2


def read_input(file: str) -> str:
    """The text of `file`, or of standard input for "-"; refused if it cannot be read."""
    try:
        return sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"cannot read {file}: {error}", returncode=REFUSED) from None


def refuse(stderr: OutputWrapper, problems: Iterable[str], summary: str) -> NoReturn:
    """Each problem on its own line of standard error, then the command ends with `summary`."""
    for problem in problems:
        stderr.write(problem)
    raise CommandError(summary, returncode=REFUSED) from None  # the problems said it all
