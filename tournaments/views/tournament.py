"""Public tournament pages: standings (sortable, exported, live while a round is in play), a
player's games, and the tournament page with the current round's seating and past rounds.
Each answers a poll of an unchanged page with a 304 from the event's version (polling.py)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.cache import patch_vary_headers

from tournaments.events.display.tournament import mark_matches, points_scale_lines
from tournaments.events.selectors.tournaments import player_tournament, rounds_with_games
from tournaments.models import Event, Player
from tournaments.play.selectors.versions import event_version
from tournaments.prizes.display import allocation_rules, prize_lines
from tournaments.ranking import leaders
from tournaments.standings.display import standings_table
from tournaments.standings.selectors import (
    event_standings,
    event_standings_page,
    kept_standings_page,
)
from tournaments.web.downloads import standings_page
from tournaments.web.permissions import public_view
from tournaments.web.polling import HtmxRequest, polled, without_session

# Seconds between two refreshes of the standings while a round is in play.
REFRESH_EVERY = 20
TOP = 10


def tournament_or_404(event_id: int) -> Event:
    """The tournament with its club: 404 for an unknown id or a club night."""
    return get_object_or_404(
        Event.objects.select_related("club"), pk=event_id, kind=Event.Kind.TOURNAMENT
    )


@polled(event_version, by="event_id", coalesce=True)
@public_view
def standings(request: HtmxRequest, event_id: int) -> HttpResponse:
    """The standings; `?_export=csv|xlsx` downloads them; htmx polls the table alone."""
    event = tournament_or_404(event_id)
    # Shared by the phones; an organiser sees every change at once.
    page = kept_standings_page(event) if without_session(request) else event_standings_page(event)
    context = {
        "event": event,
        "standings": page,
        "points_rules": points_scale_lines(event),
        "refresh_every": REFRESH_EVERY,
        "updated_at": timezone.localtime(),
        # Every prize with its winner and why; how they are given, when there are categories.
        "prize_lines": prize_lines(page.prizes, page.rows),
        "prize_rules": allocation_rules(event) if page.prizes.categories else [],
    }
    template = "tournament/_standings.html" if request.htmx else "tournament/standings.html"
    response = standings_page(request, standings_table(page), event.name, template, context)
    # Same address, two answers (the page, or the table alone for htmx): caches must tell.
    patch_vary_headers(response, ("HX-Request",))
    return response


@polled(event_version, by="event_id", coalesce=True)
@public_view
def player(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    """One player's games round by round, his byes and his place."""
    event = tournament_or_404(event_id)
    card = player_tournament(event, get_object_or_404(Player, pk=player_id, club_id=event.club_id))
    if card is None:
        raise Http404("This player does not play in this tournament.")
    context = {"event": event, "card": card}
    return render(request, "tournament/player.html", context)


@polled(event_version, by="event_id", coalesce=True)
@public_view
def overview(request: HttpRequest, event_id: int) -> HttpResponse:
    """The round in play (find your table by name), the leaders, and the past rounds."""
    event = tournament_or_404(event_id)
    rounds = rounds_with_games(event)
    current = rounds[0] if rounds and not rounds[0].round.is_closed else None
    query = " ".join(request.GET.get("q", "").split())[:80]
    context = {
        "event": event,
        "current": current,
        "query": query,
        # Every table is on the page, those without the name `hidden`: the script shows them
        # again as the search changes, and without JavaScript the attribute alone does it.
        "shown": mark_matches(current.games, query) if current else 0,
        "past": [r for r in rounds if r is not current],
        # No standings before the first round: every player would be level on nothing.
        "leaders": leaders(event_standings(event), TOP) if rounds else [],
    }
    return render(request, "tournament/overview.html", context)
