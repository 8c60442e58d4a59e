"""The app's URLs, one module per area. No language prefix: printed QR codes stay valid."""

from __future__ import annotations

from django.urls import include, path

from tournaments.views import home

urlpatterns = [
    path("", home.home, name="home"),
    path("", include("tournaments.urls.public")),
    path("", include("tournaments.urls.entry")),
    path("manage/", include("tournaments.urls.organiser")),
    path("", include("tournaments.urls.sheets")),
    path("", include("tournaments.urls.tournament")),
    path("", include("tournaments.urls.gamefiles")),
    path("", include("tournaments.urls.seasons")),
]
