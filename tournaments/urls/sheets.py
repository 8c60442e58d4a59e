"""URLs of the printed sheets (PDF): blank sheets and the PDFs prepared in the background for
organisers, the rest public."""

from __future__ import annotations

from django.urls import path

from tournaments.views import pdf_jobs, sheets

app_name = "sheets"

event = "sheets/events/<id:event_id>/"
round_ = event + "rounds/<id:number>/"

urlpatterns = [
    path(round_ + "blank.pdf", sheets.round_blank_sheets, name="round_blank"),
    path(event + "tables/<id:game_id>/blank.pdf", sheets.game_blank_sheet, name="game_blank"),
    path(round_ + "seating.pdf", sheets.seating, name="seating"),
    path(event + "results.pdf", sheets.standings, name="standings"),
    path(event + "table-tents.pdf", sheets.table_tents, name="table_tents"),
    path("sheets/games/<id:game_id>/record.pdf", sheets.game_record, name="game_record"),
    # Prepared in the background, for the event's organisers.
    path(event + "prepare/", pdf_jobs.prepare, name="prepare"),
    path(event + "prepared/", pdf_jobs.prepared, name="prepared"),
    path(event + "prepared/<id:job_id>.pdf", pdf_jobs.prepared_file, name="prepared_file"),
]
