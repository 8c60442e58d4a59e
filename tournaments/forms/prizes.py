"""The organiser's forms for prizes: a prize category (who is in it and its prizes, typed one per
line) and what the club records of a player for the categories (gender, birth)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from django import forms
from django.utils import formats
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Player, PrizeCategory
from tournaments.models.prizes import FIXED, IN_KIND, SHARE
from tournaments.words.formats import plain_number

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
NUMBER = r"\d+(?:[.,]\d+)?"
SHARE_LINE = re.compile(rf"({NUMBER})\s*%")
# An amount alone, with or without its currency: "20", "20,50", "20 €", "€20", "20 EUR".
AMOUNT_LINE = re.compile(rf"(?:€\s*)?({NUMBER})\s*(?:€|eur|euros?)?", re.IGNORECASE)


def read_prize(line: str) -> dict[str, str]:
    """One typed prize: "10 %" a share of the pool, "20" or "20,50 €" an amount, anything
    else a prize in kind."""
    text = " ".join(line.split())
    for pattern, kind in ((SHARE_LINE, SHARE), (AMOUNT_LINE, FIXED)):
        found = pattern.fullmatch(text)
        if found:
            try:
                return {"kind": kind, "value": str(Decimal(found[1].replace(",", ".")))}
            except InvalidOperation:  # pragma: no cover: the pattern reads a number
                break
    return {"kind": IN_KIND, "value": text}


def prize_line(prize: dict[str, str]) -> str:
    """A stored prize as the organiser types it, in his language ("12,5 %", "20,00")."""
    kind, value = prize["kind"], prize["value"]
    if kind == SHARE:
        return f"{formats.number_format(plain_number(Decimal(value)), use_l10n=True)} %"
    if kind == FIXED:
        return formats.number_format(Decimal(value), 2, use_l10n=True)
    return value


class PrizesField(forms.Field):
    """A category's prizes, one per line, 1st first."""

    widget = forms.Textarea(attrs={"rows": 4, "autocomplete": "off"})

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list):
            return "\n".join(prize_line(prize) for prize in value)
        return value

    def to_python(self, value: Any) -> list[dict[str, str]]:
        text = "" if value in self.empty_values else str(value)
        return [read_prize(line) for line in text.splitlines() if line.strip()]


class CategoryForm(forms.Form):
    """A prize category: its name, who is in it, its prizes; and why, when it changes."""

    name = forms.CharField(
        label=_("Name"),
        max_length=80,
        required=False,
        help_text=_("As the results print it, e.g. Best woman, Under 18. Empty: a usual name."),
    )
    kind = forms.ChoiceField(label=_("Who is in it"), choices=PrizeCategory.Kind.choices)
    prizes = PrizesField(
        label=_("Prizes, 1st first"),
        help_text=_(
            "One per line: 10 % (a share of the prize pool), 20 (an amount in euros the club "
            "adds), or words for a prize in kind (a bottle of champagne)."
        ),
    )
    age_from = forms.IntegerField(
        label=_("Aged at least"), required=False, min_value=0, max_value=130
    )
    age_under = forms.IntegerField(
        label=_("Aged under"), required=False, min_value=1, max_value=130
    )
    reference_date = forms.DateField(
        label=_("Ages on"),
        required=False,
        widget=DATE,
        help_text=_("The day ages are counted on; empty: the day of the event."),
    )
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(), required=False)
    rating_from = forms.IntegerField(label=_("Club rating at least"), required=False, min_value=0)
    rating_under = forms.IntegerField(label=_("Club rating under"), required=False, min_value=1)
    players = forms.CharField(
        label=_("Players"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "off"}),
        help_text=_("Club members, one name per line."),
    )
    reason = forms.CharField(
        label=_("Why the change"),
        max_length=200,
        required=False,
        help_text=_("Kept in the record of the event's money."),
    )

    # Which fields each kind reads (the page shows only those with JavaScript).
    KIND_FIELDS = {
        "age": ("age_from", "age_under", "reference_date"),
        "club": ("club",),
        "rating": ("rating_from", "rating_under"),
        "named": ("players",),
    }

    def __init__(self, *args: Any, clubs: Any = None, editing: bool = False, **kwargs: Any):
        super().__init__(*args, **kwargs)
        club = cast(forms.ModelChoiceField, self.fields["club"])
        club.queryset = clubs if clubs is not None else Club.objects.none()
        self.fields["reason"].required = editing
        for name in ("age_from", "age_under", "rating_from", "rating_under"):
            self.fields[name].widget.attrs["inputmode"] = "numeric"

    def kind_fields(self) -> list[tuple[str, list[forms.BoundField]]]:
        return [(kind, [self[name] for name in names]) for kind, names in self.KIND_FIELDS.items()]

    @classmethod
    def initial_for(cls, category: PrizeCategory) -> dict[str, Any]:
        names = sorted(player.name for player in category.players.all())
        return {
            "name": category.name,
            "kind": category.kind,
            "prizes": category.prizes,
            "age_from": category.age_from,
            "age_under": category.age_under,
            "reference_date": category.reference_date,
            "club": category.club_id,
            "rating_from": category.rating_from,
            "rating_under": category.rating_under,
            "players": "\n".join(names),
        }

    def player_names(self) -> list[str]:
        return [line for line in self.cleaned_data["players"].splitlines() if line.strip()]


class PlayerFactsForm(forms.ModelForm):
    """What the club records of a player for the prize categories: all optional, private."""

    reason = forms.CharField(
        label=_("Why the change"),
        max_length=200,
        required=False,
        help_text=_("Kept in the player's history."),
    )

    class Meta:
        model = Player
        fields = ["gender", "birth_year", "birth_date"]
        widgets = {"birth_date": DATE}
        help_texts = {
            "birth_year": _("Enough for age categories; the date, if known, is more exact."),
        }

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["gender"]).choices = [
            ("", gettext("Not recorded")),
            *Player.Gender.choices,
        ]
        self.fields["birth_year"].widget.attrs["inputmode"] = "numeric"
