"""URLs of a federation's pages (its officials'), and of an event's results by licence."""

from __future__ import annotations

from django.urls import path

from tournaments.views import federation

app_name = "federation"

home = "federations/<id:federation_id>/"

urlpatterns = [
    path(home, federation.home, name="home"),
    path(home + "members/", federation.import_members, name="import"),
    path(home + "people/", federation.people, name="people"),
    path(home + "people/<id:person_id>/", federation.person, name="person"),
    path(home + "merge/", federation.merge, name="merge"),
    path(home + "merges/<id:merge_id>/undo/", federation.undo, name="undo"),
    path(home + "ranking/", federation.ranking, name="ranking"),
    path(home + "ranking/<id:person_id>/", federation.rating, name="rating"),
    path("federations/ranking-method/", federation.method, name="method"),
    path("events/<id:event_id>/results.csv", federation.results_csv, name="results_csv"),
    path("events/<id:event_id>/results.json", federation.results_json, name="results_json"),
]
