"""URLs of the public pages: no login, linked from the printed sheets' QR codes."""

from __future__ import annotations

from django.urls import path

from tournaments.views import guide, public, screen

urlpatterns = [
    path("events/<id:event_id>/", public.event_page, name="event"),
    path("games/<id:game_id>/", public.game_page, name="game"),
    path("games/<id:game_id>/hands.csv", public.game_hands_csv, name="game_hands_csv"),
    # The projector screen in the room, and the round clock that a table's phones poll.
    path("events/<id:event_id>/screen/", screen.screen, name="screen"),
    path("games/<id:game_id>/clock/", public.game_clock, name="game_clock"),
    # The organiser's guide (docs/guide-organisateur.md), linked from every page's footer.
    path("guide/", guide.guide, name="guide"),
]
