"""URLs of a club's people: roles and invitations, its members' personal data (organisers,
under /manage/clubs/), an invitation's link (/join/), a TV's screen link (/tv/)."""

from __future__ import annotations

from django.urls import path

from tournaments.views import people, privacy

app_name = "people"

club = "manage/clubs/<id:club_id>/"

urlpatterns = [
    path(club + "people/", people.people, name="people"),
    path(club + "people/invite/", people.new_invitation, name="invite"),
    path(club + "people/<id:membership_id>/withdraw/", people.withdraw, name="withdraw"),
    path(club + "invitations/<id:invitation_id>/cancel/", people.cancel, name="cancel"),
    path(club + "screens/", people.new_screen, name="new_screen"),
    path(club + "members/", privacy.members, name="members"),
    path(club + "members/<id:player_id>/export/", privacy.export, name="export_member"),
    path(club + "members/<id:player_id>/erase/", privacy.erase_member, name="erase_member"),
    path("join/<str:token>/", people.join, name="join"),
    path("tv/<str:token>/", people.screen, name="screen"),
]
