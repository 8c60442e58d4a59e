"""URLs of the installable web app: its service worker (at the root, so that it serves every
page), its manifest and the offline page."""

from __future__ import annotations

from django.urls import path

from tournaments.views import app

app_name = "app"

urlpatterns = [
    path("sw.js", app.service_worker, name="service_worker"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("offline/", app.offline, name="offline"),
]
