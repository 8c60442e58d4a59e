"""URLs of the public pages: no login, linked from the printed sheets' QR codes."""

from __future__ import annotations

from django.urls import path

from tournaments.views import public

urlpatterns = [
    path("events/<id:event_id>/", public.event_page, name="event"),
    path("games/<id:game_id>/", public.game_page, name="game"),
    path("games/<id:game_id>/hands.csv", public.game_hands_csv, name="game_hands_csv"),
]
