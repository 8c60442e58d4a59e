"""A federation official's forms: the member list to import, the players to merge, and a
simultaneous evening; a venue's players."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

from tournaments.federation.services.evenings import SEATINGS
from tournaments.models import Club, Event, Federation
from tournaments.models.events import VARIANT_NAMES

MOST_BYTES = 10 * 1024 * 1024  # a member list of 50,000 rows is about 3 MB


class MemberListForm(forms.Form):
    file = forms.FileField(
        label=_("Member list"),
        help_text=_(
            "CSV or XLSX, first line naming the columns: licence, name, club, and if you have "
            "them birth year and category."
        ),
    )

    def clean_file(self) -> UploadedFile:
        upload = self.cleaned_data["file"]
        if upload.size > MOST_BYTES:
            raise forms.ValidationError(_("The file is larger than 10 MB: is it the member list?"))
        return upload


class MergeForm(forms.Form):
    players = forms.CharField(
        label=_("Players"),
        help_text=_("Their numbers, as the search shows them, separated by commas."),
    )

    def clean_players(self) -> list[int]:
        numbers = [part.strip() for part in self.cleaned_data["players"].split(",") if part.strip()]
        if not all(number.isdigit() and len(number) < 18 for number in numbers):
            raise forms.ValidationError(_("Give the players' numbers, separated by commas."))
        return sorted({int(number) for number in numbers})


class EveningForm(forms.Form):
    """A simultaneous evening: its name, date and rules, and the clubs where it is played."""

    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    variant = forms.ChoiceField(label=_("Variant"), choices=list(VARIANT_NAMES.items()))
    seating_method = forms.ChoiceField(
        label=_("Seating"),
        choices=[(method, Event.Seating(method).label) for method in SEATINGS],
        help_text=_("Each venue seats its own players, round after round."),
    )
    planned_rounds = forms.IntegerField(
        label=_("Planned rounds"), min_value=1, max_value=99, required=False
    )
    clubs = forms.ModelMultipleChoiceField(
        label=_("Venues"),
        queryset=Club.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text=_("The clubs where it is played, at least two: each runs its own tables."),
    )

    def __init__(self, *args: Any, federation: Federation, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        clubs = self.fields["clubs"]
        assert isinstance(clubs, forms.ModelMultipleChoiceField)
        clubs.queryset = federation.clubs.order_by("name")


class VenuePlayersForm(forms.Form):
    names = forms.CharField(
        label=_("Players of the club"),
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("One name a line: they are entered and checked in."),
    )

    def clean_names(self) -> list[str]:
        return [line for line in self.cleaned_data["names"].splitlines() if line.strip()]
