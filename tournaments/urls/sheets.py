"""URLs of the printed sheets (PDF): blank sheets for organisers, the rest public."""

from __future__ import annotations

from django.urls import path

from tournaments.views import sheets

app_name = "sheets"

event = "sheets/events/<id:event_id>/"
round_ = event + "rounds/<id:number>/"

urlpatterns = [
    path(round_ + "blank.pdf", sheets.round_blank_sheets, name="round_blank"),
    path(event + "tables/<id:game_id>/blank.pdf", sheets.game_blank_sheet, name="game_blank"),
    path(round_ + "seating.pdf", sheets.seating, name="seating"),
    path(event + "results.pdf", sheets.standings, name="standings"),
    path("sheets/games/<id:game_id>/record.pdf", sheets.game_record, name="game_record"),
]
