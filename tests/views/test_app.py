"""The installable web app (issue 18 §3): the service worker's script, the manifest of a
table's page, the site's own offline page."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.views import app

pytestmark = pytest.mark.django_db


def test_the_service_worker_is_served_at_the_root_never_from_a_cache(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    script = response.content.decode()
    assert f'const VERSION = "{app.release()}";' in script
    assert 'const OFFLINE = "/offline/";' in script
    assert '"/static/js/offline.js"' in script and '"/static/css/entry.css"' in script
    assert "print" not in re.search(r"const ASSETS = (.*);", script).group(1)
    assert 'if (request.method !== "GET") return;' in script  # writes go to the server


def test_the_kept_pages_are_the_table_pages_and_the_event_page(game) -> None:
    patterns = [re.compile(pattern) for pattern in app.page_patterns()]

    def kept(path: str) -> bool:
        return any(pattern.match(path) for pattern in patterns)

    assert kept(f"/t/{game.link_token}/")
    assert kept(reverse("entry:enter", kwargs={"game_id": game.pk}))
    assert kept(reverse("game", kwargs={"game_id": game.pk}))
    assert kept(reverse("event", kwargs={"event_id": game.event_id}))
    assert not kept(f"/t/{game.link_token}/live/")  # the live part is always fresh
    assert not kept("/manage/")
    assert not kept(reverse("organiser:event", kwargs={"event_id": game.event_id}))


def test_a_release_that_changes_a_phones_files_is_a_new_version(monkeypatch) -> None:
    app.release.cache_clear()
    before = app.release()
    monkeypatch.setattr(app, "phone_assets", lambda: ["js/offline.js", "js/site.js"])
    app.release.cache_clear()
    try:
        assert app.release() != before
    finally:
        monkeypatch.undo()
        app.release.cache_clear()
    assert app.release() == before  # the same files, the same version


def test_a_tables_manifest_opens_its_page_in_its_own_window(client: Client, game) -> None:
    start = f"/t/{game.link_token}/"
    response = client.get("/manifest.webmanifest", {"start": start})
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == manifest["id"] == start
    assert manifest["display"] == "standalone" and manifest["scope"] == "/"
    assert manifest["name"] == "Table 1 · Soirée du jeudi"
    assert manifest["short_name"] == "Table 1"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert sizes == {"192x192", "512x512"}


def test_a_manifest_for_any_other_address_opens_the_home_page(client: Client) -> None:
    for start in ("https://elsewhere.example/", "/manage/", "/nowhere/"):
        manifest = client.get("/manifest.webmanifest", {"start": start}).json()
        assert manifest["start_url"] == "/" and manifest["name"] == "Ramiscore"


def test_every_page_links_its_manifest(client: Client, game) -> None:
    html = client.get(reverse("game", kwargs={"game_id": game.pk})).content.decode()
    assert f'<link rel="manifest" href="/manifest.webmanifest?start=/games/{game.pk}/">' in html
    assert 'data-service-worker="/sw.js"' in html


@pytest.mark.parametrize(
    ("language", "title"), [("fr", "Pas de connexion"), ("en", "No connection")]
)
def test_the_offline_page_reads_in_french_and_english(language: str, title: str) -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get("/offline/")
    assert response.status_code == 200
    assert f"<h1>{title}</h1>" in response.content.decode()
