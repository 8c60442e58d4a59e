"""The installable web app (docs/offline.md): its manifest, its service worker and the site's
own offline page.

The service worker keeps the pages a phone follows at a table (the table link's entry page,
an organiser's, the table's and the event's public pages) as they were last loaded, and opens
them from there when the network is gone, marked with the time they date from; a page never
visited opens the offline page instead. Pages are asked from the network first, always: a
phone online never gets a kept copy unless the server gives no answer within a few seconds,
writes (POST) and everything else (the live parts, organiser pages) never go through its
cache. Its script carries the release's version, a digest of the static files: a new release
is a new script, which the browser installs on the next visit and which drops the old cache.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import Resolver404, resolve, reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.models import Event, Game
from tournaments.web.offline import COPY_HEADER
from tournaments.web.permissions import public_view

# The pages a phone keeps to open offline, by URL name, and the placeholder values that
# turn their addresses into the patterns the service worker matches.
KEPT_PAGES: dict[str, dict[str, Any]] = {
    "entry:table_link": {"token": "TOKEN"},
    "entry:enter": {"game_id": 0},
    "game": {"game_id": 0},
    "event": {"event_id": 0},
    "table_tent": {"event_id": 0, "table": 0, "signature": "TOKEN"},
}
PLACEHOLDERS = {"TOKEN": "[^/]+", "0": "[0-9]+"}
# Static files the kept pages need, fetched when the service worker installs: the print
# stylesheets and the projector's never serve a phone at a table.
NOT_FOR_PHONES = ("css/print", "css/projector", "js/projector")
THEME = "#0b5d3b"  # the felt green of the site's header and icon
PAPER = "#f7f5ef"


@require_safe
@public_view
def service_worker(request: HttpRequest) -> HttpResponse:
    context = {
        "version": release(),
        "offline_url": reverse("app:offline"),
        "static_prefix": settings.STATIC_URL
        if settings.STATIC_URL.startswith("/")
        else "/" + settings.STATIC_URL,
        "assets": _js([static(name) for name in phone_assets()]),
        "pages": _js(page_patterns()),
        # Hashed names (the manifest storage): a file never changes under its name.
        "hashed": "true" if _hashed_static() else "false",
        "copy_header": COPY_HEADER,
    }
    response = render(request, "app/sw.js", context, content_type="text/javascript")
    patch_cache_control(response, no_cache=True)  # the browser checks it on every visit
    return response


@require_safe
@public_view
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app's manifest for the page it is linked from (`?start=` its address): added
    to the home screen, a table's page opens in its own window with the club's icon."""
    start = request.GET.get("start", "/")
    name, short_name = app_names(start)
    start = start if name else "/"
    icons = [
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("icons/icon-512-maskable.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    data = {
        "id": start,
        "name": name or "Ramiscore",
        "short_name": short_name or "Ramiscore",
        "start_url": start,
        "scope": "/",
        "display": "standalone",
        "lang": get_language(),
        "theme_color": THEME,
        "background_color": PAPER,
        "icons": icons,
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_safe
@public_view
def offline(request: HttpRequest) -> HttpResponse:
    """What a phone shows for a page it never opened while the network is gone."""
    return render(request, "app/offline.html")


def app_names(path: str) -> tuple[str, str]:
    """The app's name and short name for a kept page ("Table 3 · Soirée du jeudi",
    "Table 3"); empty for any other address."""
    try:
        match = resolve(path.split("?")[0])
    except Resolver404:
        return "", ""
    if match.view_name not in KEPT_PAGES:
        return "", ""
    kwargs = match.kwargs
    if match.view_name == "event":
        event = Event.objects.filter(pk=kwargs["event_id"]).first()
        return (event.name, event.name) if event else ("", "")
    if "token" in kwargs:
        game = Game.objects.filter(link_token=kwargs["token"]).select_related("event").first()
    elif "game_id" in kwargs:
        game = Game.objects.filter(pk=kwargs["game_id"]).select_related("event").first()
    else:
        number = kwargs["table"]
        table = _("Table %(table)s") % {"table": number}
        event = Event.objects.filter(pk=kwargs["event_id"]).first()
        return (f"{table} · {event.name}", table) if event else ("", "")
    if game is None:
        return "", ""
    table = _("Table %(table)s") % {"table": game.table_number}
    return f"{table} · {game.event.name}", table


def page_patterns() -> list[str]:
    """The kept pages' addresses as the service worker matches them (regular expressions)."""
    patterns = []
    for name, kwargs in KEPT_PAGES.items():
        path = re.escape(reverse(name, kwargs=kwargs))
        for placeholder, pattern in PLACEHOLDERS.items():
            path = path.replace(placeholder, pattern)
        patterns.append(f"^{path}$")
    return patterns


def phone_assets() -> list[str]:
    """The static files (by name) the kept pages use: stylesheets, scripts, icons."""
    names = []
    for folder in ("css", "js", "js/vendor", "icons"):
        found = finders.find(folder)
        if not found:
            continue
        for path in sorted(Path(found).iterdir()):
            name = f"{folder}/{path.name}"
            if path.is_file() and not name.startswith(NOT_FOR_PHONES):
                names.append(name)
    return [*names, "favicon.svg"]


@cache
def release() -> str:
    """A digest of the static files and of the service worker's own template: it changes
    with any release that changes what a phone keeps."""
    digest = hashlib.sha256()
    template = Path(settings.BASE_DIR) / "templates" / "app" / "sw.js"
    for path in [template, *(_static_path(name) for name in phone_assets())]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _hashed_static() -> bool:
    staticfiles = settings.STORAGES["staticfiles"]
    assert isinstance(staticfiles, dict)  # settings.py's STORAGES
    return "Manifest" in staticfiles["BACKEND"]


def _static_path(name: str) -> Path:
    found = finders.find(name)
    assert isinstance(found, str), name  # phone_assets lists files the finders found
    return Path(found)


def _js(value: object) -> str:
    """A value as JSON that is safe inside a script (as json_script escapes it)."""
    return json.dumps(value).replace("<", "\\u003C").replace(">", "\\u003E").replace("&", "\\u0026")
