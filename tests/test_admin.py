from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

pytestmark = pytest.mark.django_db


def test_the_admin_asks_anonymous_visitors_to_log_in(client: Client) -> None:
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))


@pytest.mark.french_default
def test_the_admin_login_page_renders(client: Client) -> None:
    response = client.get(reverse("admin:login"))
    assert response.status_code == 200
    assert "Administration de Ramiscore" in response.content.decode()


def test_the_admin_index_renders_for_staff(
    client: Client,
    staff: AbstractBaseUser,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    client.force_login(staff)
    with django_assert_max_num_queries(5):
        response = client.get(reverse("admin:index"))
    assert response.status_code == 200
    assert reverse("admin:auth_user_changelist") in response.content.decode()


def test_an_organiser_without_staff_status_is_kept_out_of_the_admin(
    client: Client, organiser: AbstractBaseUser
) -> None:
    client.force_login(organiser)
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302
