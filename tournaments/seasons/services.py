"""Seasons: an organiser groups his club's events into a championship and chooses its rule.

Nothing of a season's standings is stored: they are read from the nights' results (see
tournaments.seasons.selectors.standings), so a night added or corrected moves them at once.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import formats
from django.utils.translation import gettext as _

from tournaments.clubs.services.actors import Actor
from tournaments.edits import services as edits
from tournaments.edits.services import Seen
from tournaments.models import Club, Event, Season
from tournaments.rules.season import PLACES, SCORINGS

MAX_SCALE = 64  # places a scale can name: more than any club night seats


def save_season(
    *,
    club: Club,
    name: str,
    starts_on: datetime.date,
    ends_on: datetime.date,
    scoring: str,
    points_scale: Sequence[int] | None,
    best_of: int | None,
    events: Sequence[Event] = (),
    season: Season | None = None,
    seen: Seen | None = None,
    user: Actor = None,
) -> Season:
    """Create a season of the club (or change `season`); ValidationError, by field, says
    what is wrong. With `events`, only those count; without, every event between the
    dates. A change is made under the season's lock; with `seen` (what the organiser's page
    showed), refused with EditConflict if any of that changed meanwhile."""
    name = " ".join((name or "").split())
    scale = list(points_scale or [])
    errors: dict[str, list[str]] = {}
    if not name:
        errors.setdefault("name", []).append(_("Give the season a name."))
    if starts_on and ends_on and ends_on < starts_on:
        errors.setdefault("ends_on", []).append(
            _("The last day (%(end)s) comes before the first day (%(start)s).")
            % {"end": formats.date_format(ends_on), "start": formats.date_format(starts_on)}
        )
    if scoring not in SCORINGS:
        errors.setdefault("scoring", []).append(_("Choose how nights give season points."))
    if scoring == PLACES and (
        not scale or len(scale) > MAX_SCALE or any(points < 0 for points in scale)
    ):
        errors.setdefault("points_scale", []).append(
            _("Give the season points for 1st, 2nd, 3rd…, e.g. 10, 8, 6, 5, 4, 3, 2, 1.")
        )
    if best_of is not None and best_of < 1:
        errors.setdefault("best_of", []).append(
            _("Count at least one night, or leave it empty to count them all.")
        )
    for event in events:
        if event.club_id != club.pk:
            errors.setdefault("events", []).append(
                _("“%(event)s” belongs to another club.") % {"event": event.name}
            )
        elif starts_on and ends_on and not starts_on <= event.date <= ends_on:
            errors.setdefault("events", []).append(
                _("“%(event)s” (%(date)s) is outside the season's dates.")
                % {"event": event.name, "date": formats.date_format(event.date)}
            )
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        if season is None:
            season = Season(
                club=club, created_by=user if user is not None and user.is_authenticated else None
            )
        else:
            season = Season.objects.select_for_update().get(pk=season.pk)
            edits.check_unchanged(season, seen)
        season.name, season.starts_on, season.ends_on = name, starts_on, ends_on
        season.scoring, season.best_of = scoring, best_of
        # A season scored by tournament points keeps its scale, should it go back to places.
        if scale:
            season.points_scale = scale
        season.save()
        season.events.set(events)
    return season
