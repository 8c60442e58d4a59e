"""URLs of the tournament pages: standings, a player's games, the rounds (all public)."""

from __future__ import annotations

from django.urls import path

from tournaments.views import tournament

app_name = "tournament"

event = "events/<id:event_id>/"

urlpatterns = [
    path(event + "tournament/", tournament.overview, name="overview"),
    path(event + "standings/", tournament.standings, name="standings"),
    path(event + "players/<id:player_id>/", tournament.player, name="player"),
]
