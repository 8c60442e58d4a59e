"""Forms of registration: a player signing up, a walk-in at the door."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class SignUpForEventForm(forms.Form):
    name = forms.CharField(label=_("Your name"), max_length=80)
    email = forms.EmailField(
        label=_("E-mail (optional)"),
        required=False,
        help_text=_("To receive your confirmation and personal link."),
    )
    phone = forms.CharField(label=_("Phone (optional)"), max_length=30, required=False)
    consent = forms.BooleanField(
        label=_("The club may keep my e-mail and phone to tell me about its events."),
        required=False,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs["autocomplete"] = "name"
        self.fields["email"].widget.attrs["autocomplete"] = "email"
        self.fields["phone"].widget.attrs.update({"autocomplete": "tel", "inputmode": "tel"})


class WalkInForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
