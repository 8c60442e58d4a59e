"""Login throttling (django-axes): wrong passwords lock one user name out from one address
for a while, never the same organiser elsewhere, with a clear message in his language. The
user name logs in whatever its case, and its wrong passwords count together in every case."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import PASSWORD, UserFactory
from tournaments.clubs.services.accounts import new_organiser

pytestmark = pytest.mark.django_db

HERE = "203.0.113.7"
ELSEWHERE = "198.51.100.20"


def log_in(client: Client, username: str, password: str, address: str = HERE):
    data = {"username": username, "password": password}
    return client.post(reverse("login"), data, REMOTE_ADDR=address)


def fail(client: Client, username: str, times: int, address: str = HERE):
    for _ in range(times):
        response = log_in(client, username, "wrong password", address)
    return response


def test_the_limit_and_cool_off_are_five_tries_and_fifteen_minutes():
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_COOLOFF_TIME == timedelta(minutes=15)
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]


def test_wrong_passwords_below_the_limit_just_say_the_password_is_wrong(client, organiser):
    response = fail(client, "organiser", settings.AXES_FAILURE_LIMIT - 1)
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    assert log_in(client, "organiser", PASSWORD).status_code == 302


def test_the_fifth_wrong_password_locks_that_name_out_from_that_address(client, organiser):
    response = fail(client, "organiser", settings.AXES_FAILURE_LIMIT)
    assert response.status_code == 429
    html = response.content.decode()
    assert "Too many wrong passwords for organiser from this connection" in html
    assert "blocked for 15 minutes" in html
    assert reverse("password_reset") in html
    # Even the right password is refused from here until the cool-off ends.
    response = log_in(Client(), "organiser", PASSWORD)
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_same_organiser_still_logs_in_from_another_address(client, organiser):
    fail(client, "organiser", settings.AXES_FAILURE_LIMIT)
    response = log_in(Client(), "organiser", PASSWORD, address=ELSEWHERE)
    assert response.status_code == 302
    assert response["Location"] == reverse("organiser:dashboard")


def test_another_organiser_still_logs_in_from_the_same_address(client, organiser):
    UserFactory(username="colleague")
    fail(client, "organiser", settings.AXES_FAILURE_LIMIT)
    assert log_in(Client(), "colleague", PASSWORD).status_code == 302


def test_a_successful_login_clears_the_count(client, organiser):
    fail(client, "organiser", settings.AXES_FAILURE_LIMIT - 1)
    assert log_in(Client(), "organiser", PASSWORD).status_code == 302
    assert fail(client, "organiser", settings.AXES_FAILURE_LIMIT - 1).status_code == 200


def test_the_lockout_ends_after_the_cool_off(client, organiser):
    fail(client, "organiser", settings.AXES_FAILURE_LIMIT)
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert log_in(Client(), "organiser", PASSWORD).status_code == 302


def test_behind_the_proxy_the_address_is_the_one_the_proxy_saw(settings, organiser):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        # The client invents the first entry; the proxy appends the address it saw.
        client.post(
            reverse("login"),
            {"username": "organiser", "password": "wrong"},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR=f"192.0.2.1, {HERE}",
        )
    assert AccessAttempt.objects.get().ip_address == HERE
    # Someone else behind the same proxy, from another address, is not locked out.
    response = client.post(
        reverse("login"),
        {"username": "organiser", "password": PASSWORD},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR=ELSEWHERE,
    )
    assert response.status_code == 302


@pytest.mark.french_default
def test_the_lockout_message_is_in_french(organiser):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    response = fail(client, "organiser", settings.AXES_FAILURE_LIMIT)
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert "Trop de mots de passe erronés pour organiser depuis cette connexion" in html
    assert "15 minutes" in html


@pytest.mark.parametrize("typed", ["organiser", "Organiser", "ORGANISER", " organiser "])
def test_the_user_name_logs_in_whatever_its_case(typed, organiser):
    response = log_in(Client(), typed, PASSWORD)
    assert response.status_code == 302
    assert response["Location"] == reverse("organiser:dashboard")


def test_wrong_passwords_in_every_case_count_against_the_one_account(client, organiser):
    for typed in ("organiser", "Organiser", "ORGANISER", "oRGANISER", "OrGaNiSeR"):
        response = log_in(client, typed, "wrong password")
    assert response.status_code == 429
    assert AccessAttempt.objects.get().username == "organiser"
    assert log_in(Client(), "Organiser", PASSWORD).status_code == 429


def test_two_accounts_differing_only_by_case_each_need_their_exact_spelling(organiser):
    UserFactory(username="ORGANISER", password="another password 2026")
    assert log_in(Client(), "organiser", PASSWORD).status_code == 302
    assert log_in(Client(), "ORGANISER", "another password 2026").status_code == 302
    assert log_in(Client(), "Organiser", PASSWORD).status_code == 200  # which one? neither


def test_a_new_organiser_cannot_take_a_name_in_another_case(organiser):
    with pytest.raises(ValidationError, match="user name organiser is taken"):
        new_organiser(username="Organiser")
