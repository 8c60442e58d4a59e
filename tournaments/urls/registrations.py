"""URLs of registration: signing up (public), a player's personal link (/r/), the door
(organisers and the door's volunteers, under /manage/)."""

from __future__ import annotations

from django.urls import path

from tournaments.views import registrations

door = "manage/events/<id:event_id>/door/"

urlpatterns = [
    path("events/<id:event_id>/register/", registrations.sign_up, name="sign_up_for_event"),
    path("r/<str:token>/", registrations.personal, name="registration"),
    path(door, registrations.door, name="door"),
    path(door + "scanned/", registrations.scanned, name="door_scanned"),
    path(door + "walk-in/", registrations.walk_in, name="door_walk_in"),
    path(door + "<id:registration_id>/in/", registrations.check_in, name="door_check_in"),
    path(
        "manage/events/<id:event_id>/registrations/<id:registration_id>/approve/",
        registrations.approve,
        name="approve_registration",
    ),
    path(
        "manage/events/<id:event_id>/registrations/<id:registration_id>/new-link/",
        registrations.renew,
        name="renew_registration_link",
    ),
]
