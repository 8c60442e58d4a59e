"""The organiser's forms for the API: a token (its name, what it may do, how long it lasts,
one event or the whole club) and a webhook (its address, what it hears of, its event)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Event, Happening, Scope


class _ForClub(forms.Form):
    event = forms.ModelChoiceField(
        label=_("Event"),
        queryset=Event.objects.none(),
        required=False,
        empty_label=_("Every event of the club"),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = Event.objects.filter(club=club).order_by("-date", "-id")  # type: ignore[attr-defined]


class TokenForm(_ForClub):
    name = forms.CharField(
        label=_("Name"),
        max_length=80,
        help_text=_("Who uses it: “club website”, “Discord bot”…"),
    )
    scopes = forms.MultipleChoiceField(
        label=_("It may"),
        choices=Scope.choices,
        widget=forms.CheckboxSelectMultiple,
        help_text=_(
            "Read: also the club's private data. Enter hands: at the tables, as a table link "
            "would. Organise: seat and close rounds."
        ),
    )
    days = forms.IntegerField(label=_("Lasts (days)"), min_value=1, max_value=366, initial=90)

    field_order = ["name", "scopes", "event", "days"]


class WebhookForm(_ForClub):
    url = forms.URLField(
        label=_("Address"),
        max_length=500,
        assume_scheme="https",
        help_text=_("The receiver's address on the Internet, https:// preferably."),
    )
    happenings = forms.MultipleChoiceField(
        label=_("It hears of"),
        choices=Happening.choices,
        widget=forms.CheckboxSelectMultiple,
    )

    field_order = ["url", "happenings", "event"]
