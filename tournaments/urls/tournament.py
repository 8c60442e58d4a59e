"""URLs of the tournament pages: standings, a player's games, the rounds (all public)."""

from __future__ import annotations

from django.urls import path

from tournaments.views import tournament

app_name = "tournament"

urlpatterns = [
    path("events/<id:event_id>/tournament/", tournament.overview, name="overview"),
    path("events/<id:event_id>/standings/", tournament.standings, name="standings"),
    path(
        "events/<id:event_id>/players/<id:player_id>/",
        tournament.player,
        name="player",
    ),
]
