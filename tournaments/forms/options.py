"""A variant's options as a form: one field per parameter of the preset, with its default,
explained in plain words; only the values that differ from the preset are stored."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any

from django import forms
from django.utils import formats
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments import rules
from tournaments.models.events import VARIANT_NAMES
from tournaments.rules import PRESETS

# What each option means at the table, in the words of a club (rules.md §2 and §3).
OPTION_TEXTS: dict[str, tuple[Any, Any]] = {
    "ace_value": (_("Value of an ace"), _("What an ace left in hand counts: 1 or 11.")),
    "target": (
        _("Target"),
        _("The game ends when a total reaches it. Leave empty for no target."),
    ),
    "number_of_deals": (
        _("Number of hands"),
        _("The game ends after this many hands. Leave empty for no limit."),
    ),
    "rami_sec_bonus": (
        _("Going-rummy bonus"),
        _("Added once to the winner's score when he goes out all at once (going rummy)."),
    ),
    "rami_mode": (
        _("Going-rummy penalty"),
        _(
            "When a player goes rummy, the others score their count plus the penalty below, "
            "or double."
        ),
    ),
    "rami_penalty": (
        _("Going-rummy extra points"),
        _(
            "Added to each other player's count when a player goes rummy (when the penalty is "
            "“+ points”)."
        ),
    ),
    "rummy_multiplier": (
        _("Rummy multiplier"),
        _("When a player goes rummy, every payment is multiplied by this."),
    ),
    "joker_value": (_("Value of a joker"), _("What a joker left in hand counts.")),
    "jokers": (_("Jokers in the deck"), _("How many jokers are shuffled in: 4 or 6.")),
    "opening_minimum": (
        _("Opening minimum"),
        _("The first melds laid down must be worth this much. Printed on sheets, not scored."),
    ),
    "never_melded_penalty": (
        _("Penalty for never laying down"),
        _("A player who laid nothing down all hand scores this instead of his count."),
    ),
    "rami_sec_score": (
        _("Score for going rummy"),
        _("What the winner scores when he goes out all at once (negative is a reward)."),
    ),
    "knock_max": (
        _("Knock limit"),
        _("A player may knock with at most this many points of deadwood."),
    ),
    "gin_penalty": (
        _("Gin penalty"),
        _("Added to each other player's deadwood when someone makes gin."),
    ),
    "undercut_penalty": (
        _("Undercut penalty"),
        _("Added to the knocker's points when another player undercuts him."),
    ),
    "system": (_("Bonus system"), _("Undercut and gin bonuses: 20 and 25, or 10 and 20.")),
    "undercut_bonus": (
        _("Undercut bonus"),
        _("Points for undercutting the knocker. Leave empty to follow the bonus system."),
    ),
    "gin_bonus": (
        _("Gin bonus"),
        _("Points for making gin. Leave empty to follow the bonus system."),
    ),
    "mode": (
        _("Single game or match"),
        _("One game to the target, or a match of several games with bonuses."),
    ),
    "number_of_games": (
        _("Games in a match"),
        _("For a match only: it ends after this many games."),
    ),
    "line_bonus": (
        _("Bonus per hand won"),
        _("For a match only: added at the end of each game for every hand won."),
    ),
    "game_bonus": (_("Game bonus"), _("For a match only: to the winner of each game.")),
    "shutout_bonus": (
        _("Shutout bonus"),
        _("For a match only: extra to a game's winner when the loser won no hand."),
    ),
    "prize_rule": (
        _("How the pot is shared"),
        _("Winner collects (traditionnel), gin-rami shares, or percentages by place."),
    ),
    "prize_places": (
        _("Pot by place (%)"),
        _("Percentages of the pot for 1st, 2nd, 3rd… separated by commas, e.g. 60, 30, 10."),
    ),
    "prize_winner_share": (
        _("Winner's minimum share"),
        _("Part of the pot the winner always takes, from 0 to 1 (0.75 is 75 %)."),
    ),
    "prize_window": (
        _("Window for a share of the pot"),
        _("Winner collects: players less than this many points behind share the rest."),
    ),
    "prize_penalty_limit": (
        _("Penalty limit for a share of the pot"),
        _("Gin-rami shares: players under this many penalty points share the rest."),
    ),
}

CHOICE_LABELS: dict[tuple[str, object], Any] = {
    ("rami_mode", "plus25"): _("count + extra points"),
    ("rami_mode", "double"): _("count × 2"),
    ("mode", "single_game"): _("single game"),
    ("mode", "multi_game"): _("match of several games"),
    ("prize_rule", "traditionnel"): _("winner collects (traditionnel)"),
    ("prize_rule", "gin-rami"): _("gin-rami shares"),
    ("prize_rule", "places"): _("percentages by place"),
}


def option_fields(variant: str) -> list[dataclasses.Field]:
    """The preset's parameters: its own first, then the prize options every variant shares."""
    found = dataclasses.fields(PRESETS[variant])
    return sorted(found, key=lambda f: f.name.startswith("prize_"))


def check_params(f: dataclasses.Field) -> dict[str, Any]:
    """What the engine's check for an option closes over: choices, or low/high/nullable."""
    check = f.metadata["check"]
    cells = check.__closure__ or ()
    names = check.__code__.co_freevars
    return {name: cell.cell_contents for name, cell in zip(names, cells, strict=True)}


class PercentagesField(forms.CharField):
    """A list of whole numbers typed as "60, 30, 10"."""

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return ", ".join(str(item) for item in value)
        return value

    # A text box read as a list: its Python value is no longer CharField's str.
    def to_python(self, value) -> list[int] | None:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return None
        try:
            return [int(part) for part in text.replace(";", ",").split(",") if part.strip()]
        except ValueError:
            raise forms.ValidationError(
                _("Give whole numbers separated by commas, e.g. 60, 30, 10.")
            ) from None


def _default_text(f: dataclasses.Field) -> str:
    """The default as the organiser reads it: "0,75" in French."""
    if f.default is None:
        return gettext("none")
    if isinstance(f.default, tuple):
        return ", ".join(formats.localize(item) for item in f.default)
    if (f.name, f.default) in CHOICE_LABELS:
        return str(CHOICE_LABELS[f.name, f.default])
    return str(formats.localize(f.default))


def build_field(f: dataclasses.Field) -> forms.Field:
    """The form field for one option, its help saying what it does and its default."""
    label, help_text = OPTION_TEXTS.get(f.name, (f.name.replace("_", " ").capitalize(), ""))
    help_text = gettext("%(help)s Default: %(default)s.") % {
        "help": help_text,
        "default": _default_text(f),
    }
    params = check_params(f)
    common = {"label": label, "help_text": help_text}
    if "choices" in params:
        choices = [(c, CHOICE_LABELS.get((f.name, c), str(c))) for c in params["choices"]]
        kind: Callable[[str], object] = type(params["choices"][0])
        return forms.TypedChoiceField(choices=choices, coerce=kind, **common)
    if "low" in params:
        # Bounds are checked by the engine, whose message then shows beside the field.
        attrs = {"min": params["low"], "max": params["high"], "inputmode": "numeric"}
        return forms.IntegerField(
            required=not params.get("nullable", False),
            widget=forms.NumberInput(attrs=attrs),
            **common,
        )
    if isinstance(f.default, Decimal):
        # A text box, not type=number: a French organiser types "0,8", which a number box
        # would refuse; the phone still shows its number keyboard.
        return forms.DecimalField(
            localize=True, widget=forms.TextInput(attrs={"inputmode": "decimal"}), **common
        )
    if isinstance(f.default, tuple):
        return PercentagesField(**common)
    return forms.CharField(**common)


def as_json(value: Any) -> Any:
    """An option's value as stored in an event's or a game's JSON options."""
    if isinstance(value, Decimal):
        return str(value.normalize())
    if isinstance(value, tuple):
        return list(value)
    return value


def same_as_default(value: Any, default: Any) -> bool:
    if isinstance(default, tuple):
        return value is not None and tuple(value) == default
    if isinstance(default, Decimal):
        return value is not None and Decimal(str(value)) == default
    return value == default


class OptionsForm(forms.Form):
    """The options of one variant, prefilled from the stored overrides or the defaults."""

    def __init__(self, *args, variant: str, overrides: dict | None = None, **kwargs):
        kwargs.setdefault("prefix", "opt")
        super().__init__(*args, **kwargs)
        self.variant = variant
        overrides = overrides or {}
        for f in option_fields(variant):
            self.fields[f.name] = build_field(f)
            value = overrides.get(f.name, f.default)
            if isinstance(f.default, Decimal) and isinstance(value, str | int | float):
                value = Decimal(str(value))  # stored as text in JSON; shown localized
            self.initial[f.name] = value

    def variant_name(self) -> str:
        return str(VARIANT_NAMES[self.variant])

    def prize_errors(self) -> bool:
        return any(self[name].errors for name in self.fields if name.startswith("prize_"))

    def game_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith("prize_")]

    def prize_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("prize_")]

    def overrides(self) -> dict[str, Any]:
        """The cleaned options that differ from the preset's defaults (call after is_valid)."""
        defaults = {f.name: f.default for f in option_fields(self.variant)}
        return {
            name: as_json(value)
            for name, value in self.cleaned_data.items()
            if not same_as_default(value, defaults[name])
        }

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        try:
            rules.make_variant(self.variant, self.overrides())
        except rules.RulesError as error:
            for problem in error.problems:
                name = problem.params.get("option")
                if name in self.fields:
                    # Beside its field, the option goes by its label, not its code name.
                    label = str(self.fields[name].label)
                    problem = replace(problem, params={**problem.params, "option": label})
                self.add_error(name if name in self.fields else None, problem.text(gettext))
        return cleaned
