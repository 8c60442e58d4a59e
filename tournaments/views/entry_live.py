"""The entry page's live part, which the page fetches every 10 s (static/js/table.js) so that
a hand saved from another phone, a correction or a hand waiting for confirmation shows
without a reload: the totals, the waiting hands, the hands played and the table's state (the
next hand, the base of a hand typed now). Polled like the public pages: an unchanged table
costs one indexed query and a 304 (`views/polling.py`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Game
from tournaments.play.selectors.games import sheet_of
from tournaments.play.selectors.versions import game_version, link_version
from tournaments.views.entry import Entrant, live_context, organiser_game, table_link_game
from tournaments.web.polling import polled


@polled(game_version, by="game_id")
@organiser_game
def live(request: HttpRequest, game: Game, entrant: Entrant) -> HttpResponse:
    return _live(request, game, entrant)


@polled(link_version, by="token")
@table_link_game
def table_link_live(request: HttpRequest, game: Game, entrant: Entrant) -> HttpResponse:
    return _live(request, game, entrant)


def _live(request: HttpRequest, game: Game, entrant: Entrant) -> HttpResponse:
    context = live_context(entrant, sheet_of(game))
    return render(request, "entry/_live.html", context)
