"""URLs of a simultaneous evening: the official's, each venue's (under /manage/), and the
public ranking across venues."""

from __future__ import annotations

from django.urls import path

from tournaments.views import evenings

venue = "manage/venues/<id:venue_id>/"

urlpatterns = [
    path("federations/<id:federation_id>/evenings/new/", evenings.new_evening, name="new_evening"),
    path("manage/events/<id:event_id>/venues/", evenings.evening, name="evening"),
    path(venue, evenings.venue, name="venue"),
    path(venue + "players/", evenings.add_players, name="venue_players"),
    path(venue + "players/<id:registration_id>/", evenings.presence, name="venue_presence"),
    path(venue + "seat/", evenings.seat, name="venue_seat"),
    path(venue + "close/", evenings.close, name="venue_close"),
    path("events/<id:event_id>/ranking/", evenings.ranking, name="evening_ranking"),
]
