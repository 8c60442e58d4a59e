"""Players sign up for an event: places, the waiting list promoted in order, approval, the
closing time, a returning member recognised, the personal link."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.factories import PlayerFactory
from tournaments.events.services.events import register_player
from tournaments.events.services.rounds import seating_players
from tournaments.models import Player, Registration
from tournaments.registrations import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(event):
    event.registration_open = True
    event.date = timezone.localdate() + datetime.timedelta(days=7)
    event.save()
    return event


def statuses(event) -> dict[str, str]:
    rows = event.registrations.active().select_related("player")
    return {r.player.name: r.status for r in rows}


def test_past_the_places_players_wait_and_get_a_place_in_order(open_event):
    open_event.capacity = 2
    open_event.save()
    anne = services.sign_up(event=open_event, name="Anne")
    for name in ("Bruno", "Chloé", "Denis"):
        services.sign_up(event=open_event, name=name)
    assert statuses(open_event) == {
        "Anne": "placed",
        "Bruno": "placed",
        "Chloé": "waiting",
        "Denis": "waiting",
    }
    promoted = services.withdraw(registration=anne)
    assert [r.player.name for r in promoted] == ["Chloé"]
    assert statuses(open_event) == {"Bruno": "placed", "Chloé": "placed", "Denis": "waiting"}


def test_with_approval_each_sign_up_waits_for_the_organiser(open_event):
    open_event.registration_approved = True
    open_event.capacity = 1
    open_event.save()
    anne = services.sign_up(event=open_event, name="Anne")
    bruno = services.sign_up(event=open_event, name="Bruno")
    assert statuses(open_event) == {"Anne": "pending", "Bruno": "pending"}
    services.approve(registration=anne, approved=True)
    services.approve(registration=bruno, approved=True)
    assert statuses(open_event) == {"Anne": "placed", "Bruno": "waiting"}


def test_sign_up_closes_at_its_time(open_event):
    open_event.registration_closes_at = timezone.now() - datetime.timedelta(minutes=1)
    open_event.save()
    with pytest.raises(ValidationError):
        services.sign_up(event=open_event, name="Anne")


def test_sign_up_needs_the_event_to_open_it(event):
    with pytest.raises(ValidationError):
        services.sign_up(event=event, name="Anne")


def test_a_returning_member_is_recognised_by_name_or_e_mail(open_event):
    anne = PlayerFactory(club=open_event.club, name="Anne Martin", email="anne@example.org")
    by_mail = services.sign_up(
        event=open_event, name="Anne M.", email="ANNE@example.org", consent=True
    )
    assert by_mail.player == anne
    other = open_event.__class__.objects.create(
        club=open_event.club, name="B", date=open_event.date, registration_open=True
    )
    assert services.sign_up(event=other, name="anne martin").player == anne
    assert Player.objects.filter(club=open_event.club).count() == 1


def test_a_public_form_never_replaces_a_members_contact(open_event):
    PlayerFactory(club=open_event.club, name="Anne", email="anne@example.org")
    services.sign_up(event=open_event, name="Anne", email="other@example.org", consent=True)
    assert Player.objects.get(name="Anne").email == "anne@example.org"


def test_contact_details_need_consent(open_event):
    with pytest.raises(ValidationError):
        services.sign_up(event=open_event, name="Anne", phone="06 12 34 56 78")
    registration = services.sign_up(
        event=open_event, name="Anne", phone="06 12 34 56 78", consent=True
    )
    assert registration.player.phone == "06 12 34 56 78"
    assert registration.player.consent_at is not None


def test_signing_up_twice_keeps_one_registration(open_event):
    first = services.sign_up(event=open_event, name="Anne")
    assert services.sign_up(event=open_event, name="ANNE") == first
    assert Registration.objects.count() == 1


def test_the_sign_up_page_leads_to_the_personal_page_and_mails_it(open_event, client):
    response = client.post(
        f"/events/{open_event.id}/register/",
        {"name": "Anne", "email": "anne@example.org", "consent": "on"},
    )
    registration = Registration.objects.get()
    assert response.url == f"/r/{registration.token}/"
    page = client.get(response.url).content.decode()
    assert "You have a place." in page and "<svg" in page
    assert "anne@example.org" not in page
    (sent,) = mail.outbox
    assert f"/r/{registration.token}/" in sent.body


def test_a_closed_event_shows_why_and_stores_nothing(event, client):
    response = client.post(f"/events/{event.id}/register/", {"name": "Anne"})
    assert "not open" in response.content.decode()
    assert not Registration.objects.exists()


def test_bad_input_is_a_400_with_the_reason(open_event, client):
    response = client.post(
        f"/events/{open_event.id}/register/", {"name": "Anne", "email": "anne@example.org"}
    )
    assert response.status_code == 400
    assert "Tick the box" in response.content.decode()


def test_the_personal_link_withdraws_after_asking(open_event, client):
    registration = services.sign_up(event=open_event, name="Anne")
    url = f"/r/{registration.token}/"
    assert "Withdraw from this event?" in client.get(url + "?withdraw").content.decode()
    assert not Registration.objects.get().withdrawn
    client.post(url, {"action": "withdraw"})
    assert Registration.objects.get().withdrawn


def test_a_renewed_personal_link_stops_working(open_event, client):
    registration = services.sign_up(event=open_event, name="Anne")
    old = registration.token
    services.renew_link(registration=registration)
    assert client.get(f"/r/{old}/").status_code == 404
    assert client.get(f"/r/{registration.token}/").status_code == 200
    assert len(re.sub(r"[^A-Za-z0-9_-]", "", registration.token)) >= 22  # 128 bits


def test_seating_takes_the_checked_in_players_with_a_place(open_event):
    open_event.capacity = 2
    open_event.save()
    anne = services.sign_up(event=open_event, name="Anne")
    bruno = services.sign_up(event=open_event, name="Bruno")
    services.sign_up(event=open_event, name="Chloé")  # waiting
    services.check_in(registration=anne)
    assert [p.name for p in seating_players(open_event)] == ["Anne"]
    services.check_in(registration=bruno)
    register_player(event=open_event, name="Denis")  # a walk-in
    assert sorted(p.name for p in seating_players(open_event)) == ["Anne", "Bruno", "Denis"]


def test_withdrawing_before_the_first_round_promotes_and_tells_the_next(
    open_event, organiser_client
):
    open_event.capacity = 1
    open_event.save()
    anne = services.sign_up(event=open_event, name="Anne")
    services.sign_up(event=open_event, name="Bruno", email="bruno@example.org", consent=True)
    organiser_client.post(
        f"/manage/events/{open_event.id}/players/{anne.id}/", {"action": "withdraw"}
    )
    assert statuses(open_event) == {"Bruno": "placed"}
    (sent,) = mail.outbox
    assert sent.to == ["bruno@example.org"] and "You have a place" in sent.body
