"""The round clock's forms: the round's time when starting, the extra time when extending.

Only "a whole number" is checked here; its range is the service's (services.clock), whose
message says it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class StartClockForm(forms.Form):
    minutes = forms.IntegerField(label=_("Round time (minutes)"))


class ExtendClockForm(forms.Form):
    minutes = forms.IntegerField(label=_("Extra time (minutes)"), initial=5)
