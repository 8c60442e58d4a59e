from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def test_the_login_page_renders_a_labelled_form(
    client: Client, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    with django_assert_max_num_queries(0):
        response = client.get(reverse("login"))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<label for="id_username">' in html
    assert '<label for="id_password">' in html


def test_an_organiser_logs_in_and_lands_on_his_events(
    client: Client, organiser: AbstractBaseUser
) -> None:
    response = client.post(
        reverse("login"), {"username": "organiser", "password": PASSWORD}, follow=True
    )
    assert response.redirect_chain == [(reverse("organiser:dashboard"), 302)]
    assert response.context["user"] == organiser


def test_logging_in_from_a_page_goes_back_to_it(
    client: Client, organiser: AbstractBaseUser
) -> None:
    data = {"username": "organiser", "password": PASSWORD, "next": "/manage/events/new/"}
    response = client.post(reverse("login"), data)
    assert response.status_code == 302 and response["Location"] == "/manage/events/new/"


def test_a_wrong_password_is_refused_with_a_message(
    client: Client, organiser: AbstractBaseUser
) -> None:
    response = client.post(reverse("login"), {"username": "organiser", "password": "nope"})
    assert response.status_code == 200
    assert not response.context["user"].is_authenticated
    assert 'class="errorlist' in response.content.decode()


def test_logging_out_takes_a_post(client: Client, organiser: AbstractBaseUser) -> None:
    client.force_login(organiser)
    assert client.get(reverse("logout")).status_code == 405
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert "_auth_user_id" not in client.session
