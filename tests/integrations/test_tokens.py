"""API tokens: shown once, kept hashed, scoped to a club or one event, with an expiry, and
revoked at once."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.factories import EventFactory
from tournaments.integrations.services.tokens import create_token, revoke_token, token_for
from tournaments.models import ApiToken

pytestmark = pytest.mark.django_db


def test_a_token_is_stored_hashed_and_its_secret_is_only_given_once(club, organiser):
    made = create_token(club=club, name="Site", scopes=["read"], days=30, user=organiser)
    stored = ApiToken.objects.get()
    assert made.secret.startswith("rms_") and len(made.secret) > 40
    assert stored.digest == hashlib.sha256(made.secret.encode()).hexdigest()
    assert made.secret not in str(ApiToken.objects.values().get())
    assert stored.prefix == made.secret[:8]
    assert token_for(made.secret) == stored


def test_a_revoked_or_expired_token_no_longer_opens_anything(club, organiser):
    revoked = create_token(club=club, name="Old bot", scopes=["read"], days=30, user=organiser)
    revoke_token(token=revoked.token, user=organiser)
    assert token_for(revoked.secret) is None
    assert ApiToken.objects.get(pk=revoked.token.pk).revoked_by == organiser
    expired = create_token(club=club, name="Expired", scopes=["read"], days=1, user=organiser)
    ApiToken.objects.filter(pk=expired.token.pk).update(expires_at=timezone.now() - timedelta(1))
    assert token_for(expired.secret) is None
    assert token_for("rms_not-a-token") is None
    assert token_for("something else") is None


@pytest.mark.parametrize(
    ("name", "scopes", "days", "says"),
    [
        ("", ["read"], 30, "Give the token a name"),
        ("Bot", [], 30, "Choose what the token may do"),
        ("Bot", ["admin"], 30, "Choose what the token may do"),
        ("Bot", ["read"], 0, "A token lasts from 1 to 366 days."),
        ("Bot", ["read"], 400, "A token lasts from 1 to 366 days."),
    ],
)
def test_a_token_is_refused_with_a_sentence(club, organiser, name, scopes, days, says):
    with pytest.raises(ValidationError) as refused:
        create_token(club=club, name=name, scopes=scopes, days=days, user=organiser)
    assert any(says in message for message in refused.value.messages)
    assert not ApiToken.objects.exists()


def test_a_token_for_one_event_must_name_an_event_of_its_club(club, organiser):
    elsewhere = EventFactory()
    with pytest.raises(ValidationError):
        create_token(
            club=club, name="Bot", scopes=["read"], days=3, user=organiser, event=elsewhere
        )


def test_the_last_use_is_noted_without_writing_on_every_request(
    club, organiser, django_assert_num_queries
):
    made = create_token(club=club, name="Site", scopes=["read"], days=3, user=organiser)
    with django_assert_num_queries(2):  # found, then its first use noted
        token_for(made.secret)
    with django_assert_num_queries(1):  # found; used a moment ago
        token_for(made.secret)
