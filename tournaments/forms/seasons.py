"""The organiser's season form: name, dates or chosen events, the rule, its scale, best N."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from tournaments.forms.edits import HiddenErrorsShown, SeenField
from tournaments.forms.options import PercentagesField
from tournaments.models import Club, Event, Season
from tournaments.models.seasons import default_season_scale

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class EventChoices(forms.ModelMultipleChoiceField):
    def label_from_instance(self, event: Event) -> str:
        return f"{formats.date_format(event.date, 'SHORT_DATE_FORMAT')} · {event.name}"


# What the form edits of a season: its page records them as it shows them (`seen`).
SEASON_FIELDS = ("name", "starts_on", "ends_on", "events", "scoring", "points_scale", "best_of")


class SeasonForm(HiddenErrorsShown, forms.Form):
    """A new season of the club, or a change to `season` (which carries what its page
    showed)."""

    name = forms.CharField(label=_("Name"), max_length=120)
    starts_on = forms.DateField(label=_("First day"), widget=DATE)
    ends_on = forms.DateField(label=_("Last day"), widget=DATE)
    events = EventChoices(
        label=_("Events counted"),
        queryset=Event.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_(
            "Tick none to count every event of the club between the two days; tick some to "
            "count only those."
        ),
    )
    scoring = forms.ChoiceField(
        label=_("Season points"),
        choices=Season.Scoring.choices,
        widget=forms.RadioSelect,
        initial=Season.Scoring.PLACES,
        help_text=_(
            "By place: the scale below, by place at each table of a club night and by final "
            "place at a tournament. Tournament points: what each night's own scale gave."
        ),
    )
    points_scale = PercentagesField(
        label=_("Season points by place"),
        required=False,
        initial=default_season_scale(),
        help_text=_("Points for 1st, 2nd, 3rd…, e.g. 10, 8, 6, 5, 4, 3, 2, 1; 0 after."),
    )
    best_of = forms.IntegerField(
        label=_("Count only each player's best nights"),
        required=False,
        min_value=1,
        help_text=_("How many nights count per player; empty: every night counts."),
    )

    def __init__(self, *args, club: Club, season: Season | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        events = self.fields["events"]
        assert isinstance(events, forms.ModelMultipleChoiceField)  # declared above
        events.queryset = Event.objects.filter(club=club).order_by("-date", "-id")
        if season is not None:
            self.fields["seen"] = SeenField(season, SEASON_FIELDS)

    def values(self) -> dict[str, Any]:
        """The season's fields as typed (the events as the sorted ids, as a Seen has them)."""
        values = {name: self.cleaned_data[name] for name in SEASON_FIELDS}
        values["events"] = sorted(event.pk for event in values["events"])
        return values

    @classmethod
    def initial_for(cls, season: Season) -> dict:
        return {
            "name": season.name,
            "starts_on": season.starts_on,
            "ends_on": season.ends_on,
            "events": list(season.events.all()),
            "scoring": season.scoring,
            "points_scale": season.points_scale,
            "best_of": season.best_of,
        }
