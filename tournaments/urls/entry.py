"""URLs of hand entry: the organisers' pages under /games/, the table link under /t/."""

from __future__ import annotations

from django.urls import path

from tournaments.views import corrections, entry

app_name = "entry"

urlpatterns = [
    path("games/<id:game_id>/enter/", entry.enter, name="enter"),
    path("games/<id:game_id>/preview/", entry.preview, name="preview"),
    path("games/<id:game_id>/hands/<id:number>/confirm/", entry.confirm, name="confirm"),
    path("games/<id:game_id>/hands/<id:number>/correct/", corrections.correct, name="correct"),
    path(
        "games/<id:game_id>/hands/<id:number>/correct/preview/",
        corrections.correct_preview,
        name="correct_preview",
    ),
    path("games/<id:game_id>/hands/delete-last/", corrections.delete_last, name="delete_last"),
    # The table link: no account, this table only; corrections stay with the organisers.
    path("t/<str:token>/", entry.table_link, name="table_link"),
    path("t/<str:token>/preview/", entry.table_link_preview, name="table_link_preview"),
    path(
        "t/<str:token>/hands/<id:number>/confirm/",
        entry.table_link_confirm,
        name="table_link_confirm",
    ),
]
