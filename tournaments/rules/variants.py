"""The six variants: each a frozen set of parameters, overridable option by option.

The field defaults are the tables of rules.md §2; the class attributes say what a variant is
played with (players, decks, jokers) and which total wins. A club changes a parameter for a
game or a tournament through `make_variant(slug, options)`, which validates names and ranges.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar, Literal, TypeVar, overload

from .cards import Deck
from .errors import Problem, RulesError, problem
from .errors import gettext_noop as _

RAMI, GIN = "rami", "gin"  # families: every card counts, or only deadwood counts


class OptionValueError(ValueError):
    """A value out of an option's range: a message template and what fills it."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.message, self.params = message, params


T = TypeVar("T")
Check = Callable[[object], T]  # an option's value as given (JSON) to its clean value


@overload
def _integer(low: int, high: int) -> Check[int]: ...
@overload
def _integer(low: int, high: int, *, nullable: Literal[True]) -> Check[int | None]: ...
def _integer(low: int, high: int, *, nullable: bool = False) -> Check[int | None]:
    def check(value: object) -> int | None:
        if value is None and nullable:
            return value
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            message = _("%(option)s must be a whole number from %(low)s to %(high)s, not %(value)s")
            if nullable:
                message = _(
                    "%(option)s must be empty or a whole number from %(low)s to %(high)s, "
                    "not %(value)s"
                )
            raise OptionValueError(message, low=low, high=high)
        return value

    return check


def _choice(*choices: object) -> Check[object]:
    def check(value: object) -> object:
        if isinstance(value, bool) or value not in choices:
            message = _("%(option)s must be one of %(choices)s, not %(value)s")
            raise OptionValueError(message, choices=", ".join(str(c) for c in choices))
        return value

    return check


def _share(value: object) -> Decimal:
    """A fraction of the pot between 0 and 1, kept exact as a Decimal."""
    try:
        share = Decimal(str(value))
    except (InvalidOperation, ValueError):
        share = Decimal("NaN")
    # NaN and infinities compare with nothing ("NaN" is a valid Decimal): checked first.
    if isinstance(value, bool) or not share.is_finite() or not Decimal(0) <= share <= Decimal(1):
        raise OptionValueError(_("%(option)s must be a number between 0 and 1, not %(value)s"))
    return share


def _places(value: object) -> tuple[int, ...]:
    """Percentages of the pot by final place, best first, adding up to at most 100."""
    message = _("%(option)s must be percentages adding up to at most 100, not %(value)s")
    if not isinstance(value, list | tuple) or not value:
        raise OptionValueError(message)
    try:
        percentages = tuple(_integer(0, 100)(percentage) for percentage in value)
    except OptionValueError:
        raise OptionValueError(message) from None
    if sum(percentages) > 100:
        raise OptionValueError(message)
    return percentages


def option(default: T, check: Check[object]) -> T:
    return field(default=default, metadata={"check": check})


PRIZE_RULES = ("traditionnel", "gin-rami", "places")
TARGET_RANGE = 1, 100_000
DEALS_RANGE = 1, 1_000


@dataclass(frozen=True)
class Variant:
    """What every variant shares: the ace's value and how the pot is split (rules.md §3)."""

    slug: ClassVar[str]
    family: ClassVar[str]
    highest_wins: ClassVar[bool]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    copies: ClassVar[int]  # how many decks: 1, or 2 for the rami games with 104 cards
    has_draws: ClassVar[bool] = False
    has_never_melded: ClassVar[bool] = False
    preferred_table_size: ClassVar[int] = 4  # what seating aims for; any size in range is legal

    prize_rule: str = option("places", _choice(*PRIZE_RULES))
    prize_places: tuple[int, ...] = option((100,), _places)
    prize_winner_share: Decimal = option(Decimal("0.75"), _share)
    prize_window: int = option(80, _integer(0, 100_000))
    prize_penalty_limit: int = option(25, _integer(0, 100_000))

    @property
    def ace_value(self) -> int:
        """What an ace counts, 1 or 11: every variant makes it an option."""
        raise NotImplementedError

    @property
    def joker_value(self) -> int:
        """What a joker left in hand counts: nothing, unless the variant plays with jokers."""
        return 0

    # How a game ends (rules.md §1): each variant makes these options; declared here so that
    # every variant answers, None meaning "no target" or "no limit on deals".
    @property
    def target(self) -> int | None:
        return None

    @property
    def number_of_deals(self) -> int | None:
        return None

    @property
    def plays_matches(self) -> bool:
        """A match of several games, each to the target (gin-rummy's multi_game, R16)."""
        return False

    def key_options(self) -> tuple[str, ...]:
        """The options that change a count, in the order players need them: the one list
        that pages and printed sheets describe (each in its own words)."""
        return ("ace_value",)

    def deal_size(self, players: int) -> int:
        return 10

    @classmethod
    def table_sizes(cls) -> tuple[int, ...]:
        """The table sizes seating may use: the variant's player range, at most 5 a table
        (six at a rami table is legal, but clubs split them into two tables of three)."""
        return tuple(range(cls.min_players, min(cls.max_players, 5) + 1))

    def deck(self) -> Deck:
        return Deck(copies=self.copies)

    def options(self) -> dict[str, Any]:
        """The effective parameters, preset merged with overrides, as plain JSON values."""
        values = {}
        # The variant's own parameters first, then the prize parameters every variant shares.
        fields = sorted(dataclasses.fields(self), key=lambda f: f.name.startswith("prize_"))
        for f in fields:
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Decimal):
                value = float(value)
            values[f.name] = value
        return values


@dataclass(frozen=True)
class RamiTraditionnel(Variant):
    """Winner collects: the one who goes out scores the others' counts; highest total wins."""

    slug = "rami-traditionnel"
    family, highest_wins, min_players, max_players, copies = RAMI, True, 2, 4, 2

    ace_value: int = option(11, _choice(1, 11))  # R01
    rami_sec_bonus: int = option(25, _integer(0, 1000))
    target: int | None = option(500, _integer(*TARGET_RANGE, nullable=True))
    number_of_deals: int | None = option(None, _integer(*DEALS_RANGE, nullable=True))
    prize_rule: str = option("traditionnel", _choice(*PRIZE_RULES))

    def key_options(self) -> tuple[str, ...]:
        return ("rami_sec_bonus", "ace_value")


@dataclass(frozen=True)
class RamiPenalites(Variant):
    """Penalty points: each loser scores his count; lowest total wins."""

    slug = "rami-penalites"
    # Ramiscore reading S02: "2+ players" capped at 8, so that 104 cards leave a stock.
    family, highest_wins, min_players, max_players, copies = RAMI, False, 2, 8, 2

    ace_value: int = option(11, _choice(1, 11))
    rami_mode: str = option("plus25", _choice("plus25", "double"))  # R10
    rami_penalty: int = option(25, _integer(0, 1000))
    target: int | None = option(100, _integer(*TARGET_RANGE, nullable=True))  # R11
    number_of_deals: int | None = option(None, _integer(*DEALS_RANGE, nullable=True))

    def key_options(self) -> tuple[str, ...]:
        return ("rami_mode", "ace_value")  # the rami sec penalty: × 2, or + rami_penalty


@dataclass(frozen=True)
class Rummy(Variant):
    """Losers pay the winner their count: every hand sums to zero."""

    slug = "rummy"
    family, highest_wins, min_players, max_players, copies = RAMI, True, 2, 6, 1

    ace_value: int = option(1, _choice(1, 11))
    rummy_multiplier: int = option(2, _integer(1, 10))
    target: int | None = option(None, _integer(*TARGET_RANGE, nullable=True))  # R19
    number_of_deals: int | None = option(None, _integer(*DEALS_RANGE, nullable=True))

    def key_options(self) -> tuple[str, ...]:
        return ("rummy_multiplier", "ace_value")

    def deal_size(self, players: int) -> int:
        return 10 if players == 2 else 7 if players <= 4 else 6


@dataclass(frozen=True)
class RamiJokers(Variant):
    """Thirteen cards with jokers, a fixed number of deals; lowest total wins."""

    slug = "rami-jokers"
    # Ramiscore reading S02: capped at 6 players so that 108 cards leave a stock.
    family, highest_wins, min_players, max_players, copies = RAMI, False, 2, 6, 2
    has_never_melded = True

    ace_value: int = option(11, _choice(1, 11))
    joker_value: int = option(20, _integer(0, 1000))
    jokers: int = option(4, _choice(4, 6))
    opening_minimum: int = option(40, _integer(0, 1000))  # shown on sheets, not scored
    never_melded_penalty: int = option(100, _integer(0, 1000))  # R12
    rami_sec_score: int = option(-50, _integer(-1000, 1000))  # R13
    number_of_deals: int | None = option(5, _integer(*DEALS_RANGE, nullable=True))
    target: int | None = option(None, _integer(*TARGET_RANGE, nullable=True))

    def key_options(self) -> tuple[str, ...]:
        return ("opening_minimum", "jokers", "never_melded_penalty", "rami_sec_score", "ace_value")

    def deal_size(self, players: int) -> int:
        return 13

    def deck(self) -> Deck:
        return Deck(copies=self.copies, jokers=self.jokers)


@dataclass(frozen=True)
class GinRami(Variant):
    """Gin with penalty points for 2 to 4 players; lowest total wins."""

    slug = "gin-rami"
    family, highest_wins, min_players, max_players, copies = GIN, False, 2, 4, 1

    ace_value: int = option(1, _choice(1, 11))  # R05
    knock_max: int = option(9, _integer(0, 100))  # R06: "moins de 10"
    gin_penalty: int = option(25, _integer(0, 1000))
    undercut_penalty: int = option(25, _integer(0, 1000))
    number_of_deals: int | None = option(1, _integer(*DEALS_RANGE, nullable=True))  # R09
    target: int | None = option(None, _integer(*TARGET_RANGE, nullable=True))
    prize_rule: str = option("gin-rami", _choice(*PRIZE_RULES))

    def key_options(self) -> tuple[str, ...]:
        return ("knock_max", "gin_penalty", "undercut_penalty", "ace_value")

    def deal_size(self, players: int) -> int:
        return 10 if players == 2 else 7


SYSTEMS = {"20/25": (20, 25), "10/20": (10, 20)}  # undercut bonus, gin bonus


@dataclass(frozen=True)
class GinRummy(Variant):
    """Two-player gin: the knocker scores the difference; first to the target wins."""

    slug = "gin-rummy"
    family, highest_wins, min_players, max_players, copies = GIN, True, 2, 2, 1
    has_draws = True
    preferred_table_size = 2

    system: str = option("20/25", _choice(*SYSTEMS))
    undercut_bonus: int | None = option(None, _integer(0, 1000, nullable=True))
    gin_bonus: int | None = option(None, _integer(0, 1000, nullable=True))
    ace_value: int = option(1, _choice(1, 11))
    knock_max: int = option(10, _integer(0, 100))  # R06: "10 points ou moins"
    mode: str = option("single_game", _choice("single_game", "multi_game"))  # R16
    target: int = option(100, _integer(*TARGET_RANGE))
    number_of_games: int = option(3, _integer(1, 100))
    line_bonus: int = option(25, _integer(0, 1000))  # R15
    game_bonus: int = option(100, _integer(0, 1000))
    shutout_bonus: int = option(100, _integer(0, 1000))  # R14

    def __post_init__(self) -> None:
        # Explicit bonuses win over the system's (rules.md: "explicit overrides win").
        undercut, gin = SYSTEMS[self.system]
        if self.undercut_bonus is None:
            object.__setattr__(self, "undercut_bonus", undercut)
        if self.gin_bonus is None:
            object.__setattr__(self, "gin_bonus", gin)

    @property
    def plays_matches(self) -> bool:
        return self.mode == "multi_game"

    def key_options(self) -> tuple[str, ...]:
        options: tuple[str, ...] = ("knock_max", "gin_bonus", "undercut_bonus")
        if self.plays_matches:
            options += ("line_bonus", "game_bonus", "shutout_bonus")
        return (*options, "ace_value")


PRESETS: dict[str, type[Variant]] = {
    preset.slug: preset
    for preset in (RamiTraditionnel, RamiPenalites, Rummy, RamiJokers, GinRami, GinRummy)
}


def option_problems(slug: str, options: dict[str, Any]) -> tuple[dict[str, Any], list[Problem]]:
    """The validated overrides for a preset, and a problem per bad name or value."""
    preset = PRESETS[slug]
    known = {f.name: f for f in dataclasses.fields(preset)}
    clean, problems = {}, []
    for name, value in options.items():
        if name not in known:
            message = _("unknown option %(option)s for %(variant)s (known options: %(known)s)")
            problems.append(
                problem(message, field="options", option=name, variant=slug, known=", ".join(known))
            )
            continue
        try:
            clean[name] = known[name].metadata["check"](value)
        except OptionValueError as error:
            problems.append(
                problem(error.message, field="options", option=name, value=value, **error.params)
            )
    return clean, problems


def make_variant(slug: object, options: dict[str, Any] | None = None) -> Variant:
    """The preset named `slug` with `options` overriding its parameters; RulesError if invalid."""
    if not isinstance(slug, str) or slug not in PRESETS:
        message = _("unknown variant %(variant)s (known variants: %(known)s)")
        raise RulesError(
            [problem(message, field="variant", variant=slug, known=", ".join(PRESETS))]
        )
    clean, problems = option_problems(slug, dict(options or {}))
    if problems:
        raise RulesError(problems)
    variant = PRESETS[slug](**clean)
    if not (variant.target or variant.number_of_deals) and slug != Rummy.slug:
        # rules.md §1: "target may be null only in rummy", settled hand by hand (R19).
        message = _("%(variant)s needs an end: a target or a number of deals")
        raise RulesError([problem(message, field="options", variant=slug)])
    return variant
