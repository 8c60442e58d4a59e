"""Pages of the tournaments app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from tournaments.events.selectors.events import upcoming_events
from tournaments.seasons.selectors.standings import current_seasons
from tournaments.web.permissions import public_view


@require_GET
@public_view
def home(request: HttpRequest) -> HttpResponse:
    """Say what Ramiscore is, lead players to today's events and organisers to theirs."""
    today = timezone.localdate()
    context = {"events": upcoming_events(today), "today": today, "seasons": current_seasons(today)}
    return render(request, "home.html", context)
