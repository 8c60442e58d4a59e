"""URL of a table's game file (organisers only): /games/<id>/export.json."""

from __future__ import annotations

from django.urls import path

from tournaments.views import gamefiles

urlpatterns = [
    path("games/<id:game_id>/export.json", gamefiles.export, name="game_export"),
]
