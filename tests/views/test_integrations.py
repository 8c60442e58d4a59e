"""The club's API page: an organiser makes a token (its secret shown once), revokes it after
a question, adds a webhook (never to a private address), reads its log and sends a delivery
again; nobody else gets in."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import ClubFactory, UserFactory
from tournaments.models import ApiToken, WebhookDelivery, WebhookSubscription

pytestmark = pytest.mark.django_db


def page(club) -> str:
    return reverse("organiser:api", kwargs={"club_id": club.pk})


def test_a_token_s_secret_is_shown_once_then_never_again(
    organiser_client, club, django_assert_max_num_queries
):
    answer = organiser_client.post(
        page(club),
        {"token-name": "Club website", "token-scopes": ["read"], "token-days": "30"},
    )
    assert answer.status_code == 200
    token = ApiToken.objects.get()
    secret = answer.context["secret"]
    assert secret.startswith(token.prefix)
    assert secret in answer.content.decode()
    assert answer["Cache-Control"] == "no-store"
    with django_assert_max_num_queries(8):
        again = organiser_client.get(page(club))
    assert secret not in again.content.decode()
    assert "Club website" in again.content.decode()


def test_a_refused_token_says_why_and_makes_nothing(organiser_client, club):
    answer = organiser_client.post(
        page(club), {"token-name": "Bot", "token-scopes": [], "token-days": "900"}
    )
    assert answer.status_code == 200
    assert not ApiToken.objects.exists()
    errors = answer.context["token_form"].errors
    assert "scopes" in errors and "days" in errors


def test_revoking_asks_first_then_stops_the_token(organiser_client, club, organiser):
    from tournaments.integrations.services.tokens import create_token, token_for

    made = create_token(club=club, name="Old bot", scopes=["read"], days=3, user=organiser)
    url = reverse("organiser:revoke_token", kwargs={"club_id": club.pk, "token_id": made.token.pk})
    question = organiser_client.get(url)
    assert "Revoke the token “Old bot”?" in question.content.decode()
    assert token_for(made.secret) is not None
    organiser_client.post(url)
    assert token_for(made.secret) is None


def test_a_webhook_to_a_private_address_is_refused_beside_its_field(organiser_client, club):
    answer = organiser_client.post(
        page(club),
        {"webhook-url": "http://192.168.1.10/hook", "webhook-happenings": ["round.seated"]},
    )
    assert answer.status_code == 200
    assert "private or local one" in str(answer.context["webhook_form"].errors["url"])
    assert not WebhookSubscription.objects.exists()


def test_the_log_shows_each_attempt_and_a_delivery_is_sent_again(
    organiser_client, club, organiser, settings, game, django_capture_on_commit_callbacks
):
    from tests.factories import play
    from tournaments.integrations.services import webhooks

    settings.WEBHOOKS_ALLOW_PRIVATE = True
    hook = webhooks.subscribe(
        club=club, url="http://127.0.0.1:9/closed", happenings=["hand.confirmed"], user=organiser
    )
    with django_capture_on_commit_callbacks(execute=True):
        play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    log_url = reverse("organiser:webhook_log", kwargs={"club_id": club.pk, "webhook_id": hook.pk})
    log = organiser_client.get(log_url)
    assert "hand.confirmed" in log.content.decode()
    assert "ConnectionRefusedError" in log.content.decode()
    delivery = WebhookDelivery.objects.get()
    resend = reverse(
        "organiser:resend",
        kwargs={"club_id": club.pk, "webhook_id": hook.pk, "delivery_id": delivery.pk},
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert organiser_client.post(resend).status_code == 302
    assert delivery.tries.count() == 2
    assert delivery.tries.last().resent_by == organiser


@pytest.mark.parametrize("who", ["anonymous", "another club's organiser"])
def test_nobody_else_reaches_the_club_s_api_page(client, club, who):
    if who == "anonymous":
        answer = client.get(page(club))
        assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
        return
    stranger = UserFactory(username="stranger")
    ClubFactory().organisers.add(stranger)
    client.force_login(stranger)
    assert client.get(page(club)).status_code == 403
    assert client.post(page(club), {"token-name": "x", "token-scopes": ["read"]}).status_code == 403
    assert not ApiToken.objects.exists()
