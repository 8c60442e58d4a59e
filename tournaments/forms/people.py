"""Forms of a club's people: an invitation to a role, signing up, an account made on
accepting an invitation."""

from __future__ import annotations

import datetime

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Role

VALID_FOR = {
    "hour": datetime.timedelta(hours=1),
    "day": datetime.timedelta(days=1),
    "week": datetime.timedelta(days=7),
}


class InviteForm(forms.Form):
    role = forms.ChoiceField(
        label=_("Role"), choices=[(r.value, r.label) for r in Role if r != Role.SCREEN]
    )
    event = forms.ModelChoiceField(
        label=_("For"),
        queryset=Event.objects.none(),
        required=False,
        empty_label=_("the whole club"),
    )
    email = forms.EmailField(
        label=_("E-mail (optional)"),
        required=False,
        help_text=_("Sent the link by e-mail; without one, show its QR code to the person."),
    )
    valid_for = forms.ChoiceField(
        label=_("Valid for"),
        choices=[("hour", _("one hour")), ("day", _("one day")), ("week", _("one week"))],
        initial="day",
    )

    def __init__(self, *args, club=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if club is not None:
            self.fields["event"].queryset = club.events.order_by("-date", "-id")

    def duration(self) -> datetime.timedelta:
        return VALID_FOR[self.cleaned_data["valid_for"]]


class ScreenForm(forms.Form):
    event = forms.ModelChoiceField(
        label=_("Shows"),
        queryset=Event.objects.none(),
        required=False,
        empty_label=_("the club's event of the day"),
    )

    def __init__(self, *args, club=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if club is not None:
            self.fields["event"].queryset = club.events.order_by("-date", "-id")


class AccountForm(UserCreationForm):
    """A new account: a name to log in with, a password twice, an e-mail address."""

    email = forms.EmailField(
        label=_("E-mail"),
        required=False,
        help_text=_("To reset your password if you forget it."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class SignUpForm(AccountForm):
    email = forms.EmailField(
        label=_("E-mail"), help_text=_("We send a link there to confirm your address.")
    )
