"""Every page carries a Content-Security-Policy and a Permissions-Policy, and gives them
nothing to refuse: no inline script, no inline style, no style attribute."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from ramiscore.security import permissions_policy_header
from tests.factories import play
from tests.views.tournament_data import build

pytestmark = pytest.mark.django_db

EXPECTED_CSP = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def directives(header: str) -> dict[str, str]:
    parts = (part.strip().split(" ", 1) for part in header.split(";") if part.strip())
    return dict(parts)


@pytest.fixture
def pages(game, organiser) -> list[str]:
    """One address of each kind of page: public, organiser, tournament, accounts, errors."""
    play(game, "going_out", "Anne", Bruno=30, Chloé=12)
    tournament_event, _people = build(6, 1)
    return [
        reverse("home"),
        reverse("login"),
        reverse("password_reset"),
        reverse("event", args=[game.event_id]),
        reverse("game", args=[game.id]),
        reverse("game_hands_csv", args=[game.id]),
        reverse("entry:enter", args=[game.id]),
        reverse("organiser:dashboard"),
        reverse("organiser:event", args=[game.event_id]),
        reverse("password_change"),
        reverse("tournament:standings", args=[tournament_event.id]),
        reverse("tournament:overview", args=[tournament_event.id]),
        "/no-such-page/",
    ]


def test_every_page_answers_with_the_content_security_policy(client: Client, organiser, pages):
    client.force_login(organiser)
    for url in pages:
        response = client.get(url)
        assert response.status_code in (200, 404), url
        assert directives(response["Content-Security-Policy"]) == EXPECTED_CSP, url


def test_every_page_refuses_the_browser_features_the_site_never_uses(
    client: Client, organiser, pages
):
    client.force_login(organiser)
    for url in pages:
        policy = client.get(url)["Permissions-Policy"]
        for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
            assert f"{feature}=()" in policy, url
        # Copying a table's link on the organiser's page needs the clipboard.
        assert "clipboard-write" not in policy


def test_the_permissions_policy_header_lists_each_feature_with_its_allowed_origins():
    policy = {"camera": (), "fullscreen": ("self",)}
    assert permissions_policy_header(policy) == "camera=(), fullscreen=(self)"


def test_htmx_is_told_not_to_inject_styles_or_run_code(client: Client):
    html = client.get(reverse("home")).content.decode()
    assert '"includeIndicatorStyles": false' in html
    assert '"allowEval": false' in html and '"allowScriptTags": false' in html
