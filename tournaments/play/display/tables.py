"""A game's hands as a django-tables2 table: the table page's CSV export."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.play.display.scoreboard import hand_views
from tournaments.play.selectors.games import GameSheet
from tournaments.words.exports import SpreadsheetSafe


class HandHistoryTable(SpreadsheetSafe, tables.Table):
    """A game hand by hand; one counted, points and total column per player, in seat order."""

    hand = tables.Column(verbose_name=gettext_lazy("Hand"))
    ended_by = tables.Column(verbose_name=gettext_lazy("Ended by"))
    how = tables.Column(verbose_name=gettext_lazy("How"))
    won_by = tables.Column(verbose_name=gettext_lazy("Won by"))
    provisional = tables.Column(verbose_name=gettext_lazy("Provisional"))

    class Meta:
        orderable = False
        empty_text = gettext_lazy("No hand played yet.")


def hand_history_table(sheet: GameSheet) -> HandHistoryTable:
    """The table of a game's hands, with the players' columns added after the fixed ones."""
    players = sheet.players
    extra = []
    for index, name in enumerate(players):
        extra += [
            (
                f"counted_{index}",
                tables.Column(verbose_name=_("%(player)s counted") % {"player": name}),
            ),
            (
                f"points_{index}",
                tables.Column(verbose_name=_("%(player)s points") % {"player": name}),
            ),
            (
                f"total_{index}",
                tables.Column(verbose_name=_("%(player)s total") % {"player": name}),
            ),
        ]
    rows = []
    for view in hand_views(sheet):
        row = {
            "hand": view.number,
            "ended_by": view.ended_by,
            "how": view.how,
            # Every hand's winner: a spreadsheet reads a column, not the page's sentence,
            # which names him only when he is not the player who ended it (an undercut).
            "won_by": view.winner,
            "provisional": _("yes") if view.provisional else "",
        }
        for index, cell in enumerate(view.cells):
            row[f"counted_{index}"] = "" if cell.counted is None else cell.counted
            row[f"points_{index}"] = cell.points
            row[f"total_{index}"] = cell.running_total
        rows.append(row)
    return HandHistoryTable(rows, extra_columns=extra)
