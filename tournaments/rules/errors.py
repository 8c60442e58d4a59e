"""The one error type of the rules engine: a list of problems, each naming its hand and player."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .text import shown

Translate = Callable[[str], str]  # gettext, or the identity for the command line


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it.

    The engine imports nothing from Django, yet its messages are shown on French and English
    pages: `makemessages` picks these strings up, and the web layer translates them.
    """
    return message


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a game: an English message template and what it talks about."""

    message: str
    params: dict[str, Any] = field(default_factory=dict)
    hand: int | None = None  # 1-based, as a club counts hands
    player: str | None = None
    field: str | None = None  # "players", "options", "pot", "how", "ended_by", "held"...

    def text(self, translate: Translate = lambda message: message) -> str:
        """The message with its values, translated by `translate` (identity for the CLI).

        Values are shown escaped and cut short: a file may hold anything, a message is one
        line."""
        if not self.params:
            return translate(self.message)
        return translate(self.message) % {name: shown(v) for name, v in self.params.items()}

    def where(self, translate: Translate = lambda message: message) -> str:
        """A prefix such as "hand 2, player D: " naming what the problem is about."""
        parts = []
        if self.hand is not None:
            parts.append(translate(gettext_noop("hand %(hand)s")) % {"hand": self.hand})
        if self.player is not None:
            player = shown(self.player)
            parts.append(translate(gettext_noop("player %(player)s")) % {"player": player})
        if not parts:
            return ""
        # The colon is translated too: French writes "donne 2, joueur D : ".
        return translate(gettext_noop("%(place)s: ")) % {"place": ", ".join(parts)}

    def __str__(self) -> str:
        return self.where() + self.text()


class RulesError(ValueError):
    """A game, an option or a hand the rules cannot score: never a wrong number instead."""

    def __init__(self, problems: list[Problem]):
        if not problems:
            raise ValueError("RulesError needs at least one problem")
        self.problems = list(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))


def problem(
    message: str,
    *,
    hand: int | None = None,
    player: str | None = None,
    field: str | None = None,
    **params: Any,
) -> Problem:
    """Build a Problem; the keyword arguments (and the player) fill its %(name)s placeholders."""
    if player is not None:
        params.setdefault("player", player)
    return Problem(message=message, params=params, hand=hand, player=player, field=field)
