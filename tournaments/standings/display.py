"""The standings as a django-tables2 table: sortable on the page, exported to CSV and XLSX;
its columns (place, points, prize) are shared by the seasons' standings."""

from __future__ import annotations

from decimal import Decimal

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.ranking import Cells, rows_as_dicts
from tournaments.standings.selectors import StandingsPage
from tournaments.words.exports import Money, SpreadsheetSafe
from tournaments.words.formats import money, money_header, plain_number, points
from tournaments.words.tables import CellsOncePerColumn
from tournaments.words.tie_breaks import tie_break_label_lazy

NUMBER = {"th": {"class": "number", "scope": "col"}, "td": {"class": "number"}}
# Tie-break names are long ("opponents' points (Buchholz)"): a wider header wraps less.
TIE_BREAK = {"th": {"class": "number tie-break", "scope": "col"}, "td": {"class": "number"}}


class PointsColumn(tables.Column):
    """Points or a tie-break value: 4,5 on the page, 4.5 in an export."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("attrs", NUMBER)
        super().__init__(*args, **kwargs)

    def render(self, value: Decimal | float | str) -> str:
        return points(value)

    def value(self, value: Decimal | float | str) -> Decimal | float | str:
        return plain_number(value)


class PrizeColumn(tables.Column):
    """A prize, to the cent; a dash for the players out of the money. Exported as `Money`,
    the currency in the header."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("attrs", NUMBER)
        super().__init__(*args, empty_values=(None,), **kwargs)

    @property
    def export_header(self) -> str:
        return money_header(self.verbose_name)

    def render(self, value: Decimal) -> str:
        return money(value) if value else "–"

    def value(self, value: Decimal) -> Money:
        return Money(value)


class PlaceColumn(tables.Column):
    """The place; "3=" when players share it (the export keeps the number)."""

    def render(self, value: int, record: Cells) -> str:
        if record["tied"]:
            return format_html(
                '{}=<span class="visually-hidden"> {}</span>', value, gettext_lazy("(tied)")
            )
        return str(value)

    def value(self, value: int) -> int:
        return value


class PlayerColumn(tables.Column):
    """The name, a link to the player's page (made for the rows shown, not every row)."""

    def render(self, value: str, record: Cells, table: StandingsTable) -> str:
        url = table.player_url(record["player_id"])
        if record["withdrawn"]:
            return format_html(
                '<a href="{}">{}</a> <span class="badge">{}</span>',
                url,
                value,
                gettext_lazy("withdrawn"),
            )
        return format_html('<a href="{}">{}</a>', url, value)

    def value(self, value: str) -> str:
        return value


class StandingsTable(CellsOncePerColumn, SpreadsheetSafe, tables.Table):
    place = PlaceColumn(
        verbose_name=gettext_lazy("Place"), attrs={"th": {"scope": "col"}, "td": {"class": "place"}}
    )
    player = PlayerColumn(verbose_name=gettext_lazy("Player"), attrs={"th": {"scope": "col"}})
    points = PointsColumn(verbose_name=gettext_lazy("Points"))
    games = tables.Column(verbose_name=gettext_lazy("Games"), attrs=NUMBER)
    # The tie-break registry's name: the same words in the header and under "How ties are
    # broken", where "games won" may be a tie-break.
    wins = tables.Column(verbose_name=capfirst(tie_break_label_lazy("wins")), attrs=NUMBER)
    byes = tables.Column(verbose_name=gettext_lazy("Byes"), attrs=NUMBER)
    prize = PrizeColumn(verbose_name=gettext_lazy("Prize"))
    # Exports only (the page says it above the table): whose points may still change.
    provisional = tables.Column(verbose_name=gettext_lazy("Provisional"), visible=False)

    class Meta:
        template_name = "tournament/table.html"
        attrs = {"class": "standings"}
        sequence = ("place", "player", "points", "games", "wins", "...", "byes", "prize")
        row_attrs = {"class": lambda record: "tied" if record["tied"] else ""}
        empty_text = gettext_lazy("No player has registered yet.")


def standings_table(standings: StandingsPage) -> StandingsTable:
    """The table for one tournament: the tie-breaks' columns in the event's order, named as
    the list under the table names them; no byes or prize column when there are none."""
    event = standings.event
    rows = rows_as_dicts(standings.rows, standings.tie_breaks)
    for row in rows:
        row["withdrawn"] = row["player_id"] in standings.withdrawn
        row["provisional"] = _("yes") if row["player_id"] in standings.undecided.players else ""
    extra = [
        (f"tb_{key}", PointsColumn(verbose_name=capfirst(label), attrs=TIE_BREAK))
        for key, label in standings.tie_breaks
        # "games won" as a tie-break is the Wins column, moved to its place among them.
        if key != "wins"
    ]
    keys = [key for key, _label in standings.tie_breaks]
    tie_columns = ["wins" if key == "wins" else f"tb_{key}" for key in keys]
    wins = [] if "wins" in keys else ["wins"]
    sequence = [
        *["place", "player", "points", "games", *wins, *tie_columns, "byes", "prize"],
        "provisional",
    ]
    exclude = [] if standings.undecided else ["provisional"]
    if not standings.has_byes:
        exclude.append("byes")
    if not standings.pool.pool:
        exclude.append("prize")
    table = StandingsTable(rows, extra_columns=extra, exclude=exclude, sequence=sequence)
    # One reverse() for the page, not one per row: the address with the player's id in it.
    marker = 987654321
    address = reverse("tournament:player", args=[event.id, marker])
    table.player_url = lambda player_id: address.replace(str(marker), str(player_id))
    return table
