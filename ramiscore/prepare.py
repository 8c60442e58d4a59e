"""`python3.11 -m ramiscore.prepare`: the virtual environment `.venv/` up to date (every `make`
target runs it first), with no network when it already is.

Only the standard library: it runs before the packages are there. The packages are installed
(pip, which needs the Internet) only when `.venv/` has none yet or the requirements changed
since: the stamp `.venv/.installed` holds the fingerprint of the requirements it installed,
so a copy of the folder, a `git checkout` or a clock that changed (which change the files'
dates, not their content) never calls pip. A laptop prepared at home thus starts at a venue
with no Internet. Its few words follow the system's language like `make serve`'s
(`system_language`), from the project's French catalogue compiled by `make`.
"""

from __future__ import annotations

import gettext
import hashlib
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
REQUIREMENTS = ("requirements.txt", "requirements-dev.txt")
STAMP = ".installed"
LOCALE_DIR = BASE_DIR / "locale"

Run = Callable[[list[str]], int]


def system_language(environ: Mapping[str, str]) -> str:
    """ "fr" when the system speaks French, "en" otherwise: the first of LANGUAGE (a list such
    as "fr:en", which forces the language), LC_ALL, LC_MESSAGES and LANG that is set, as
    gettext reads them ("C" and "POSIX" say nothing about a language: English)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").strip()
        if value:
            first = value.split(":")[0]
            return "fr" if first.split("_")[0].split(".")[0].lower() == "fr" else "en"
    return "en"


def translator(language: str) -> Callable[[str], str]:
    """The project's catalogue for `language` when compiled, the English text otherwise."""
    catalogue = gettext.translation(
        "django", localedir=LOCALE_DIR, languages=[language], fallback=True
    )
    return catalogue.gettext


def fingerprint(base: Path) -> str:
    """What the environment was installed from: the requirement files' content."""
    digest = hashlib.sha256()
    for name in REQUIREMENTS:
        digest.update(name.encode() + b"\0" + (base / name).read_bytes() + b"\0")
    return digest.hexdigest()


def up_to_date(base: Path, venv: Path) -> bool:
    """Whether `venv` has its Python and was installed from these very requirements."""
    stamp = venv / STAMP
    if not (venv / "bin" / "python").exists() or not stamp.exists():
        return False
    recorded = stamp.read_text(encoding="ascii").strip()
    if not recorded:
        # A stamp from before fingerprints (empty, touched by make): its date is all it says.
        newest = max((base / name).stat().st_mtime for name in REQUIREMENTS)
        if stamp.stat().st_mtime < newest:
            return False
        stamp.write_text(fingerprint(base) + "\n", encoding="ascii")
        return True
    return recorded == fingerprint(base)


def run(command: list[str]) -> int:
    return subprocess.run(command, check=False).returncode


def prepare(
    base: Path,
    venv: Path,
    *,
    python: str,
    say: Callable[[str], None],
    _: Callable[[str], str],
    run: Run = run,
) -> int:
    """Install the packages into `venv` when it is not up to date; 0 once it is, 1 with a
    message saying what to do when pip failed (most often: no Internet)."""
    if up_to_date(base, venv):
        return 0
    say(
        _(
            "Installing the packages Ramiscore needs (the first time, or after an update): "
            "this takes a few minutes and needs the Internet. Prepare the laptop at home: "
            "at the venue, make serve then starts without the Internet."
        )
    )
    installed = (
        (venv / "bin" / "python").exists() or run([python, "-m", "venv", str(venv)]) == 0
    ) and run(
        [
            str(venv / "bin" / "pip"),
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-r",
            str(base / "requirements-dev.txt"),
        ]
    ) == 0
    if not installed:
        say(
            _(
                "The packages could not be installed: is this computer on the Internet? "
                "Connect it (at home, or on a network with the Internet), then run make serve "
                "again."
            )
        )
        return 1
    (venv / STAMP).write_text(fingerprint(base) + "\n", encoding="ascii")
    return 0


def main(argv: list[str]) -> int:
    python = argv[0] if argv else sys.executable
    _ = translator(system_language(os.environ))
    return prepare(
        BASE_DIR, BASE_DIR / ".venv", python=python, say=lambda text: print(text, flush=True), _=_
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
