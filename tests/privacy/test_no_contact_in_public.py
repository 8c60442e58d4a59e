"""A member's e-mail and phone never appear on a public page, a PDF, a CSV export or the
projector."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.utils import timezone
from pypdf import PdfReader

from tests.factories import make_game, play
from tournaments.events.services.events import register_player
from tournaments.models import Player, Season

pytestmark = pytest.mark.django_db

EMAIL, PHONE = "anne.secret@example.org", "06 98 76 54 32"


def test_no_public_address_shows_a_members_contact(event, club):
    event.kind = "tournament"
    event.registration_open = True
    event.save()
    for name in ("Anne", "Bruno", "Chloé"):
        register_player(event=event, name=name)
    Player.objects.filter(name="Anne").update(email=EMAIL, phone=PHONE, consent_at=timezone.now())
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    anne = Player.objects.get(name="Anne")
    season = Season.objects.create(club=club, name="S", starts_on=event.date, ends_on=event.date)
    registration = event.registrations.get(player=anne)
    client = Client()
    pages = [
        "/",
        f"/events/{event.id}/",
        f"/events/{event.id}/screen/",
        f"/events/{event.id}/register/",
        f"/events/{event.id}/tournament/",
        f"/events/{event.id}/standings/",
        f"/events/{event.id}/standings/?_export=csv",
        f"/events/{event.id}/players/{anne.id}/",
        f"/games/{game.id}/",
        f"/games/{game.id}/hands.csv",
        f"/players/{anne.id}/",
        f"/seasons/{season.id}/",
        f"/r/{registration.token}/",
    ]
    pdfs = {  # whether the PDF names her (the season's night is still in play)
        f"/sheets/events/{event.id}/results.pdf": True,
        f"/sheets/games/{game.id}/record.pdf": True,
        f"/sheets/events/{event.id}/rounds/1/seating.pdf": True,
        f"/seasons/{season.id}/standings.pdf": False,
    }
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        text = b"".join(response) if response.streaming else response.content
        assert EMAIL.encode() not in text and PHONE.encode() not in text, url
    for url, names_her in pdfs.items():
        response = client.get(url)
        assert response.status_code == 200, url
        body = b"".join(response.streaming_content) if response.streaming else response.content
        text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
        assert names_her <= ("Anne" in text), url
        assert EMAIL not in text and PHONE not in text, url
