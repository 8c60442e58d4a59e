"""URLs of hand entry: the organisers' pages under /games/, the table link under /t/."""

from __future__ import annotations

from django.urls import path

from tournaments.views import corrections, entry, entry_kept, entry_live

app_name = "entry"

game = "games/<id:game_id>/"
hand = game + "hands/<id:number>/"
link = "t/<str:token>/"  # the table link: no account, this table only
kept = "kept/<str:key>/"  # a hand kept on a phone, by its entry id (docs/offline.md)

urlpatterns = [
    path(game + "enter/", entry.enter, name="enter"),
    path(game + "preview/", entry.preview, name="preview"),
    path(game + "enter/live/", entry_live.live, name="live"),
    path(hand + "confirm/", entry.confirm, name="confirm"),
    # Corrections stay with the organisers.
    path(hand + "correct/", corrections.correct, name="correct"),
    path(hand + "correct/preview/", corrections.correct_preview, name="correct_preview"),
    path(game + "hands/delete-last/", corrections.delete_last, name="delete_last"),
    path(game + kept + "discard/", entry_kept.discard, name="discard_kept"),
    path(link, entry.table_link, name="table_link"),
    path(link + "preview/", entry.table_link_preview, name="table_link_preview"),
    path(link + "live/", entry_live.table_link_live, name="table_link_live"),
    path(link + "hands/<id:number>/confirm/", entry.table_link_confirm, name="table_link_confirm"),
    path(link + kept + "discard/", entry_kept.table_link_discard, name="table_link_discard_kept"),
]
