"""Public pages (no login): an event's tables and a table's game, refreshed live while in play.

While something is still in play each page polls itself with htmx: the same view answers an
htmx request with only the live fragment, and that fragment stops polling once play is over.
A poll of an unchanged page is answered 304 from its version (web/polling.py).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.clubs.permissions import Can
from tournaments.clubs.selectors.roles import may_on_game
from tournaments.events.selectors.events import event_overview, past_rounds_games
from tournaments.models import Event, Game
from tournaments.play.display.audit import game_changes
from tournaments.play.display.charts import game_chart
from tournaments.play.display.scoreboard import current_game_scores, game_card, hand_views
from tournaments.play.display.tables import hand_history_table
from tournaments.play.selectors.games import GameSheet, game_sheet
from tournaments.play.selectors.history import game_history
from tournaments.play.selectors.versions import event_version, game_version
from tournaments.rules import make_variant
from tournaments.views.clock import clock_for, game_clock_context
from tournaments.web.downloads import csv_download
from tournaments.web.fragments import table_cards
from tournaments.web.permissions import public_view
from tournaments.web.polling import HtmxRequest, polled, shared_fragment
from tournaments.words.formats import money
from tournaments.words.variants import options_line

POLL_EVERY = "every 10s"


@polled(event_version, by="event_id", coalesce=True)
@public_view
def event_page(request: HtmxRequest, event_id: int) -> HttpResponse:
    """An event: the current round's tables with totals and progress, and past rounds."""
    try:
        overview = event_overview(event_id)
    except Event.DoesNotExist:
        raise Http404(_("There is no such event.")) from None
    event = overview.event
    round_ = overview.current_round
    context: dict[str, object] = {
        "event": event,
        "round": round_,
        "cards": table_cards(overview.tables, event),
        "event_url": reverse("event", kwargs={"event_id": event.pk}),
        # Poll while a table of the current round is still playing.
        "live": round_ is not None
        and not round_.is_closed
        and any(not table.finished for table in overview.tables),
        "poll_every": POLL_EVERY,
    }
    if request.htmx:
        return _fragment(request, "public/_event_tables.html", context)
    past = past_rounds_games(overview.rounds[:-1])
    context |= {
        "options": options_line(
            event.variant_name(),
            make_variant(event.variant, event.options),
            *_entry_fee(event),
        ),
        "past_rounds": _by_round(past),
        "is_tournament": event.is_tournament,
    }
    return _fragment(request, "public/event.html", context)


@polled(game_version, by="game_id")
@public_view
def game_page(request: HtmxRequest, game_id: int) -> HttpResponse:
    """A table: hand by hand history, totals, progress, chart, winner, prizes, changes.

    Its live part is the fragment the phones poll, made once per version of the table for
    every visitor without a session (polling.shared_fragment): a table of many hands costs
    them what a short one does."""
    if request.htmx:
        return _live(request, game_id)
    try:
        game = Game.objects.select_related("event__club", "round").get(pk=game_id)
    except Game.DoesNotExist:
        raise Http404(_("There is no such table.")) from None
    live = shared_fragment(
        request, game_page, {"game_id": game_id}, lambda: _live(request, game_id)
    )
    context = {
        "game": game,
        "event": game.event,
        "options": _options(game),
        "live_part": mark_safe(live.decode()),  # rendered by our own template
        "entry_url": (_entry_url(game) if may_on_game(request.user, Can.KEEP_SCORE, game) else ""),
    }
    return _fragment(request, "public/game.html", context)


def _live(request: HttpRequest, game_id: int) -> HttpResponse:
    return _fragment(request, "public/_game_live.html", _game_context(_sheet_or_404(game_id)))


@polled(game_version, by="game_id")
@public_view
def game_clock(request: HttpRequest, game_id: int) -> HttpResponse:
    """A table's round clock, the fragment its entry page polls: the table's version, which
    a change of the clock moves too (services.clock)."""
    try:
        game = Game.objects.select_related("round").get(pk=game_id)
    except Game.DoesNotExist:
        raise Http404(_("There is no such table.")) from None
    context = game_clock_context(game) | {"poll_every": POLL_EVERY}
    return render(request, "clock/_game_clock.html", context)


@polled(game_version, by="game_id", everyone=True)
@public_view
def game_hands_csv(request: HttpRequest, game_id: int) -> HttpResponse:
    """The hand history as a CSV file (one row per hand, three columns per player): made
    once per version of the table for every visitor without a session."""
    sheet = _sheet_or_404(game_id)
    game = sheet.game
    return csv_download(
        hand_history_table(sheet).as_values(),
        pgettext("file name", "hands"),
        game.event.name,
        pgettext("file name", "table"),
        game.table_number,
    )


def _sheet_or_404(game_id: int) -> GameSheet:
    try:
        return game_sheet(game_id)
    except Game.DoesNotExist:
        raise Http404(_("There is no such table.")) from None


def _game_context(sheet: GameSheet) -> dict:
    game = sheet.game
    card = game_card(game, sheet.seats, current_game_scores(sheet))
    prizes = sorted(
        (line for line in card.players if line.prize),
        key=lambda line: line.rank or 0,
    )
    return {
        "game": game,
        "event": game.event,
        "card": card,
        "options": _options(game),
        "players": sheet.players,
        "hands": hand_views(sheet),
        "prizes": prizes,
        # Drawn small so that its text stays legible when a phone shrinks it.
        "chart": game_chart(sheet, width=400, height=260),
        "changes": game_changes(game_history(game, sheet.seats, set_aside=True), sheet.seats),
        "live": card.live,
        "poll_every": POLL_EVERY,
        # The round's time left while the table plays.
        "clock": clock_for(game.round) if card.live else None,
    }


def _options(game: Game) -> str:
    extra = [_("pot %(amount)s") % {"amount": money(game.pot)}] if game.pot is not None else []
    return options_line(game.variant_name(), game.rules(), *extra)


def _entry_url(game: Game) -> str:
    try:
        return reverse("entry:enter", kwargs={"game_id": game.pk})
    except NoReverseMatch:
        return f"/games/{game.pk}/enter/"


def _entry_fee(event: Event) -> list[str]:
    if not event.entry_fee:
        return []
    return [_("entry fee %(amount)s") % {"amount": money(event.entry_fee)}]


def _by_round(games: list[Game]) -> list[tuple]:
    """Past rounds' games grouped by round, in order: [(round, [games])]."""
    grouped: dict = {}
    for game in games:
        grouped.setdefault(game.round, []).append(game)
    return list(grouped.items())


def _fragment(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    response = render(request, template, context)
    # The same URL answers with a page or a fragment: caches must keep them apart.
    patch_vary_headers(response, ["HX-Request"])
    return response
