"""Roles given by invitation, withdrawn at once; screen links; signing up with the address
confirmed."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from tests.factories import UserFactory, make_game, organise, play
from tournaments.clubs.services.invitations import invite
from tournaments.clubs.services.roles import create_screen_link, withdraw_role
from tournaments.models import Hand, Invitation, Membership, Role

pytestmark = pytest.mark.django_db


def people_page(club) -> str:
    return f"/manage/clubs/{club.id}/people/"


def test_an_invitation_shown_as_a_qr_code_makes_an_account_with_its_role(
    organiser_client, club, event
):
    response = organiser_client.post(
        people_page(club) + "invite/", {"role": "door", "event": event.id, "valid_for": "day"}
    )
    assert response.status_code == 302
    offered = Invitation.objects.get()
    page = organiser_client.get(people_page(club)).content.decode()
    assert f"/join/{offered.token}/" in page and "<svg" in page
    volunteer = Client()
    response = volunteer.post(
        f"/join/{offered.token}/",
        {"username": "paul", "password1": "porte-d-entree-42", "password2": "porte-d-entree-42"},
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    held = Membership.objects.get(user__username="paul")
    assert (held.role, held.event, held.granted_by) == ("door", event, offered.created_by)
    assert volunteer.get(f"/manage/events/{event.id}/").status_code == 200
    assert volunteer.get(f"/manage/events/{event.id}/settings/").status_code == 403


def test_an_invitation_works_once(club, event, organiser):
    offered = invite(club=club, role=Role.SCORER, valid_for=datetime.timedelta(hours=1))
    first, second = Client(), Client()
    first.force_login(UserFactory(username="anne"))
    second.force_login(UserFactory(username="bruno"))
    assert first.post(f"/join/{offered.token}/").status_code == 302
    assert second.post(f"/join/{offered.token}/").status_code == 410
    assert [m.user.username for m in Membership.objects.filter(role="scorer")] == ["anne"]


def test_an_expired_invitation_is_refused(club):
    offered = invite(club=club, role=Role.SCORER, valid_for=datetime.timedelta(hours=1))
    Invitation.objects.filter(pk=offered.pk).update(expires_at=timezone.now())
    client = Client()
    client.force_login(UserFactory(username="anne"))
    assert client.post(f"/join/{offered.token}/").status_code == 410
    assert not Membership.objects.filter(role="scorer").exists()


def test_an_invitation_by_e_mail_sends_its_link(organiser_client, club):
    organiser_client.post(
        people_page(club) + "invite/",
        {"role": "scorer", "email": "claire@example.org", "valid_for": "week"},
    )
    (sent,) = mail.outbox
    assert sent.to == ["claire@example.org"]
    assert f"/join/{Invitation.objects.get().token}/" in sent.body


def test_a_withdrawn_role_is_refused_on_the_next_page(organiser, club, event):
    scorer = UserFactory(username="marc")
    held = organise(club, scorer, Role.SCORER)
    game = make_game(event)
    client = Client()
    client.force_login(scorer)
    assert client.get(f"/games/{game.id}/enter/").status_code == 200
    withdraw_role(membership=held, by=organiser)
    assert client.get(f"/games/{game.id}/enter/").status_code == 403
    held.refresh_from_db()
    assert held.withdrawn_by == organiser


def test_withdrawing_asks_first_then_acts(organiser_client, club):
    held = organise(club, UserFactory(username="marc"), Role.DOOR)
    url = people_page(club) + f"{held.id}/withdraw/"
    assert organiser_client.get(url).status_code == 200
    assert Membership.objects.active().filter(pk=held.pk).exists()
    assert organiser_client.post(url).status_code == 302
    assert not Membership.objects.active().filter(pk=held.pk).exists()


def test_the_last_organiser_of_a_club_stays(organiser, club):
    held = Membership.objects.get(user=organiser, club=club)
    with pytest.raises(ValidationError):
        withdraw_role(membership=held, by=organiser)


def test_a_scorers_hand_counts_as_confirmed(club, hands_confirmed):
    scorer = UserFactory(username="marc")
    organise(club, scorer, Role.SCORER)
    game = make_game(hands_confirmed)
    play(game, "going_out", "Anne", user=scorer, Bruno=10, Chloé=20)
    assert not Hand.objects.get().is_provisional


def test_a_role_for_one_event_opens_that_event_only(club, event):
    other = make_game().event  # another club's
    same_club = make_game(event.__class__.objects.create(club=club, name="B", date=event.date))
    scorer = UserFactory(username="marc")
    organise(club, scorer, Role.SCORER, event)
    client = Client()
    client.force_login(scorer)
    assert client.get(f"/manage/events/{event.id}/").status_code == 200
    assert client.get(f"/games/{same_club.id}/enter/").status_code == 403
    assert client.get(f"/manage/events/{other.id}/").status_code == 403


def test_a_screen_link_shows_the_clubs_event_of_the_day(club, event, organiser):
    event.date = timezone.localdate()
    event.save()
    link = create_screen_link(club=club, by=organiser)
    response = Client().get(f"/tv/{link.token}/")
    assert response.status_code == 302
    assert response.url == f"/events/{event.id}/screen/?tv={link.token}"
    page = Client().get(response.url).content.decode()
    assert f'url=/tv/{link.token}/"' in page
    withdraw_role(membership=link, by=organiser)
    assert Client().get(f"/tv/{link.token}/").status_code == 404


def test_a_screen_link_waits_for_the_next_event(club, organiser):
    link = create_screen_link(club=club, by=organiser)
    response = Client().get(f"/tv/{link.token}/")
    assert response.status_code == 200
    assert "No event today" in response.content.decode()


def test_sign_up_is_closed_unless_the_site_opens_it(client):
    assert client.get("/accounts/signup/").status_code == 404


SIGN_UP = {
    "username": "lucie",
    "email": "lucie@example.org",
    "password1": "un-club-de-rami",
    "password2": "un-club-de-rami",
}


def test_signing_up_confirms_the_address_then_the_account_works(client, settings):
    settings.SIGNUP_OPEN = True
    assert client.post("/accounts/signup/", SIGN_UP).url == "/accounts/signup/sent/"
    user = get_user_model().objects.get(username="lucie")
    assert not user.is_active
    assert not client.login(username="lucie", password=SIGN_UP["password1"])
    (sent,) = mail.outbox
    link = re.search(r"https?://\S+/accounts/signup/\S+/", sent.body).group(0)
    path = link.split("://", 1)[1].split("/", 1)[1]
    response = client.get("/" + path)
    assert response.url == "/manage/"
    assert get_user_model().objects.get(username="lucie").is_active
    assert client.get("/manage/").status_code == 200
    assert Client().get("/" + path).status_code == 400  # used once


def test_an_address_already_used_gets_a_note_not_a_second_account(client, settings):
    settings.SIGNUP_OPEN = True
    UserFactory(username="lucie-old", email="lucie@example.org")
    response = client.post("/accounts/signup/", SIGN_UP)
    assert response.url == "/accounts/signup/sent/"
    assert not get_user_model().objects.filter(username="lucie").exists()
    (sent,) = mail.outbox
    assert "already has an account" in sent.body


def test_sign_ups_from_one_address_are_limited(client, settings):
    settings.SIGNUP_OPEN = True
    settings.SIGNUPS_PER_ADDRESS = 1
    client.post("/accounts/signup/", SIGN_UP)
    again = {**SIGN_UP, "username": "lucie2", "email": "l2@example.org"}
    assert client.post("/accounts/signup/", again).status_code == 429


def test_a_wrong_confirmation_link_says_so(client):
    assert client.get("/accounts/signup/MQ/nope/").status_code == 400
