"""How a season reads: its standings as a django-tables2 table (sortable, CSV and XLSX), the
rule in words, and a night's place as a sentence."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

import django_tables2 as tables
from django.urls import reverse
from django.utils import formats
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django_tables2.columns.base import BoundColumn

from tournaments.models import Season
from tournaments.ranking import Cells
from tournaments.rules.season import Place, as_decimal
from tournaments.seasons.selectors.players import PlayerSeason
from tournaments.seasons.selectors.standings import Night, SeasonStandings, TablePlace
from tournaments.standings.display import NUMBER, PlaceColumn, PointsColumn
from tournaments.words.formats import ordinal
from tournaments.words.formats import points as points_text
from tournaments.words.tables import CellsOncePerColumn


def night_key(night: Night) -> str:
    return f"night_{night.event.pk}"


def night_headings(nights: list[Night]) -> list[str]:
    """Each night's column: its date, short ("12/03"); two events of one day are told apart
    by their order in it ("12/03 (1)", "12/03 (2)"), their names being the headers' titles."""
    dates = [formats.date_format(night.event.date, "SHORT_DATE_FORMAT")[:5] for night in nights]
    shared = Counter(dates)
    seen: Counter[str] = Counter()
    headings = []
    for date in dates:
        seen[date] += 1
        headings.append(f"{date} ({seen[date]})" if shared[date] > 1 else date)
    return headings


def standings_rows(standings: SeasonStandings) -> list[Cells]:
    """One dict per player: place, tied, player, points, nights, best and one `night_<id>`
    per night (his season points that night, None if he did not play it), with the nights
    left out by "best N" listed in `dropped`."""
    rows = []
    for line in standings.lines:
        row: Cells = {
            "place": line.place,
            "tied": line.tied,
            "player_id": line.player,
            "player": standings.names.get(line.player, "?"),
            "points": as_decimal(line.total),
            "nights": line.nights_played,
            "best": as_decimal(line.best_night),
            "dropped": {
                night_key(night)
                for night in standings.nights
                if night.event.pk in line.points and night.event.pk not in line.counted
            },
        }
        for night in standings.nights:
            value = line.points.get(night.event.pk)
            row[night_key(night)] = None if value is None else as_decimal(value)
        rows.append(row)
    return rows


class SeasonPlayerColumn(tables.Column):
    """The name, a link to the member's page (his nights, places and rating)."""

    def render(self, value: str, record: Cells) -> str:
        return format_html(
            '<a href="{}">{}</a>', reverse("season:player", args=[record["player_id"]]), value
        )

    def value(self, value: str) -> str:
        return value


class NightColumn(PointsColumn):
    """A night's season points; in brackets when "best N" leaves that night out; a dash for
    a night not played. The export keeps the number."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, empty_values=(None,), **kwargs)

    # django-tables2 calls render with the arguments its signature names: this one reads more
    # of them than PointsColumn's.
    def render(  # type: ignore[override]
        self, value: Decimal, record: Cells, bound_column: BoundColumn
    ) -> str:
        if bound_column.name in record["dropped"]:
            return format_html(
                '<span class="dropped">({})<span class="visually-hidden"> {}</span></span>',
                points_text(value),
                _("not counted"),
            )
        return points_text(value)

    def value(self, value: Decimal | float | str | None) -> Decimal | float | str:
        return "" if value is None else super().value(value)


class SeasonTable(CellsOncePerColumn, tables.Table):
    place = PlaceColumn(
        verbose_name=gettext_lazy("Place"), attrs={"th": {"scope": "col"}, "td": {"class": "place"}}
    )
    player = SeasonPlayerColumn(verbose_name=gettext_lazy("Player"), attrs={"th": {"scope": "col"}})
    points = PointsColumn(verbose_name=gettext_lazy("Points"))
    nights = tables.Column(verbose_name=gettext_lazy("Nights"), attrs=NUMBER)
    best = PointsColumn(verbose_name=gettext_lazy("Best night"))

    class Meta:
        template_name = "tournament/table.html"
        attrs = {"class": "standings season-standings"}
        row_attrs = {"class": lambda record: "tied" if record["tied"] else ""}
        empty_text = gettext_lazy("Nobody has played a night of this season yet.")


def season_table(standings: SeasonStandings) -> SeasonTable:
    """The season's table: the fixed columns, then one per night in date order."""
    extra = [
        (
            night_key(night),
            NightColumn(
                verbose_name=heading,
                attrs={
                    "th": {"class": "number night", "scope": "col", "title": night.event.name},
                    "td": {"class": "number"},
                },
            ),
        )
        for night, heading in zip(standings.nights, night_headings(standings.nights), strict=True)
    ]
    return SeasonTable(standings_rows(standings), extra_columns=extra)


def rule_lines(season: Season) -> list[str]:
    """The season's rule in words, as the page and the printed sheet explain it."""
    lines = []
    if season.scoring == Season.Scoring.PLACES:
        scale = ", ".join(
            _("%(place)s: %(points)s") % {"place": ordinal(place), "points": points}
            for place, points in enumerate(season.points_scale, start=1)
        )
        lines.append(
            _("Each night gives season points by place: %(scale)s; 0 after.") % {"scale": scale}
        )
        lines.append(
            _(
                "At a club night, the place is the place at your table (1st = you won your "
                "table), for each game you finished; at a tournament, your final place in its "
                "standings."
            )
        )
        lines.append(_("Players tied on a place share the points of the places they occupy."))
    else:
        lines.append(
            _(
                "Each night gives the tournament points you earned that night, with that "
                "event's own points by place (and its byes)."
            )
        )
    if season.best_of:
        lines.append(
            ngettext(
                "Only each player's best night counts; the others are shown in brackets.",
                "Only each player's best %(count)s nights count; the others are shown in brackets.",
                season.best_of,
            )
            % {"count": season.best_of}
        )
    else:
        lines.append(_("Every night counts."))
    lines.append(
        _(
            "Players level on season points are separated by the number of nights played "
            "(more is better), then by their best single night; level on all three, they "
            "share the place."
        )
    )
    return lines


def table_place_text(table: TablePlace) -> str:
    """ "2nd of 4 at table 3" (", tied" when shared)."""
    text = _("%(place)s of %(field)s at table %(table)s") % {
        "place": ordinal(table.place.place),
        "field": table.place.field,
        "table": table.table_number,
    }
    return text + (_(", tied") if table.place.tied > 1 else "")


def final_place_text(place: Place) -> str:
    """ "3rd of 12" (", tied" when shared): a tournament's final place."""
    text = _("%(place)s of %(field)s") % {"place": ordinal(place.place), "field": place.field}
    return text + (_(", tied") if place.tied > 1 else "")


@dataclass(frozen=True)
class NightSeasonPoints:
    """What one night gave a member in one season: its season points, and whether they
    count (a "best N" season leaves his weaker nights out)."""

    season: Season
    points: str
    counted: bool


def night_season_points(event_id: int, seasons: list[PlayerSeason]) -> list[NightSeasonPoints]:
    """The season points a night gave the member, in each of his seasons that counts it."""
    return [
        NightSeasonPoints(
            item.season,
            points_text(as_decimal(item.line.points[event_id])),
            event_id in item.line.counted,
        )
        for item in seasons
        if event_id in item.line.points
    ]
