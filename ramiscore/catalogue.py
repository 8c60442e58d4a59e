"""`python -m ramiscore.catalogue [PO_FILE]`: each translation has the shape of its English.

`msgfmt --check-format` (run by `compilemessages`) only compares the placeholders of entries
flagged python-format, and `make check-messages` only finds entries left untranslated. What
slips through is a translation that reads wrong: text pasted from another entry ("…tant qu'on
peut l'éviter.demandé, ignorez cet e-mail…"), a placeholder lost, a question turned into a
statement. Each entry is compared with its English on what a translation keeps:

- the same placeholders (`%(name)s`, `%s`, `{name}`), as many times each;
- no two sentences glued together ("éviter.demandé"), unless the English has the same word
  (a file name such as "club.sqlite3");
- the same number of sentences;
- the same ending: a full stop, a colon, a question or exclamation mark, an ellipsis, or none.

Prints one line per problem and exits with status 1 when there is any.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import polib

CATALOGUE = Path(__file__).resolve().parent.parent / "locale" / "fr" / "LC_MESSAGES" / "django.po"

PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sdfr]|%[sdfr]|\{[a-z_0-9]*\}")
# A sentence's end glued to the next word: letters, a full stop (or ? !), letters.
GLUED = re.compile(r"[^\W\d_]{2,}[.!?…][^\W\d_]{2,}")
# Where a sentence ends: its mark, then a space or the end of the text ("1st, 2nd, 3rd… at
# each table" goes on after its ellipsis).
SENTENCE_END = re.compile(r"[.!?](?=\s|$)|…$")
ENDINGS = (".", ":", "?", "!", "…")
# Abbreviations whose full stop ends no sentence.
ABBREVIATIONS = re.compile(r"\b(e\.g|i\.e|etc|cf|ex|M|Mme)\.", re.IGNORECASE)


@dataclass(frozen=True)
class Problem:
    line: int
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.what}: {self.msgid[:70]!r}"


def ending(text: str) -> str:
    """The mark a text ends with ("" for none); an ellipsis written as three dots is one."""
    text = text.rstrip()
    if text.endswith("..."):
        return "…"
    return text[-1] if text.endswith(ENDINGS) else ""


def sentences(text: str) -> int:
    return len(SENTENCE_END.findall(ABBREVIATIONS.sub("", text)))


def shape_problems(msgid: str, msgstr: str) -> list[str]:
    """How `msgstr` differs in shape from `msgid` (empty when it does not)."""
    if not msgstr:
        return []
    found = []
    if Counter(PLACEHOLDER.findall(msgid)) != Counter(PLACEHOLDER.findall(msgstr)):
        found.append("placeholders differ")
    english_words = msgid.lower()
    glued = [word for word in GLUED.findall(msgstr) if word.lower() not in english_words]
    if glued:
        found.append(f"sentences glued together ({', '.join(glued)})")
    if sentences(msgid) != sentences(msgstr):
        found.append(f"{sentences(msgid)} sentence(s) in English, {sentences(msgstr)} here")
    if ending(msgid) != ending(msgstr):
        found.append(f"ends with {ending(msgid)!r} in English, {ending(msgstr)!r} here")
    return found


def catalogue_problems(path: Path) -> list[Problem]:
    problems = []
    for entry in polib.pofile(str(path)):
        if entry.obsolete:
            continue
        pairs = [(entry.msgid, entry.msgstr)]
        if entry.msgid_plural:
            plural = entry.msgstr_plural
            pairs = [(entry.msgid, plural.get(0, "")), (entry.msgid_plural, plural.get(1, ""))]
        for msgid, msgstr in pairs:
            problems += [
                Problem(entry.linenum or 0, msgid, what) for what in shape_problems(msgid, msgstr)
            ]
    return problems


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else CATALOGUE
    problems = catalogue_problems(path)
    for problem in problems:
        print(f"{path}: {problem}")
    if problems:
        print("Translations whose shape differs from their English, above.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
