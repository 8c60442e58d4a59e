"""URLs of seasons and club members: public pages, and the organiser's season form."""

from __future__ import annotations

from django.urls import path

from tournaments.views import seasons

app_name = "season"

urlpatterns = [
    path("seasons/<int:season_id>/", seasons.standings, name="standings"),
    path("seasons/<int:season_id>/standings.pdf", seasons.standings_pdf, name="pdf"),
    path("players/<int:player_id>/", seasons.player, name="player"),
    path("manage/clubs/<int:club_id>/seasons/new/", seasons.new_season, name="new"),
    path("manage/seasons/<int:season_id>/", seasons.edit_season, name="edit"),
]
