"""The app's URLs, one module per area. No language prefix: printed QR codes stay valid."""

from __future__ import annotations

from django.urls import include, path, register_converter
from django.urls.converters import IntConverter

from tournaments.views import home


class IdConverter(IntConverter):
    """A row id or a number in an address: at most 18 digits, so that a longer one is a
    plain 404 rather than an integer too large for the database (SQLite's are 64-bit)."""

    regex = "[0-9]{1,18}"


# Registered before the area modules below are read: they write <id:event_id>.
register_converter(IdConverter, "id")

urlpatterns = [
    path("", home.home, name="home"),
    path("", include("tournaments.urls.public")),
    path("", include("tournaments.urls.entry")),
    path("manage/", include("tournaments.urls.organiser")),
    path("manage/", include("tournaments.urls.ledger")),
    path("", include("tournaments.urls.sheets")),
    path("", include("tournaments.urls.tournament")),
    path("", include("tournaments.urls.gamefiles")),
    path("", include("tournaments.urls.seasons")),
    path("", include("tournaments.urls.app")),
    path("", include("tournaments.urls.federation")),
    path("", include("tournaments.urls.people")),
    path("", include("tournaments.urls.registrations")),
    path("", include("tournaments.urls.evenings")),
]
