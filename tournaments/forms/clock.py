"""The round clock's forms: the round's time when starting, the extra time when extending."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.services.clock import MAX_EXTRA_MINUTES, MAX_ROUND_MINUTES


class StartClockForm(forms.Form):
    minutes = forms.IntegerField(
        label=_("Round time (minutes)"), min_value=1, max_value=MAX_ROUND_MINUTES
    )


class ExtendClockForm(forms.Form):
    minutes = forms.IntegerField(
        label=_("Extra time (minutes)"), min_value=1, max_value=MAX_EXTRA_MINUTES, initial=5
    )
