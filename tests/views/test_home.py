from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from tests.factories import ClubFactory, EventFactory

pytestmark = pytest.mark.django_db


@pytest.mark.french_default
def test_it_says_what_ramiscore_is_in_french_by_default(
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    client = Client()  # no Accept-Language: the site's own default
    with django_assert_max_num_queries(2):  # the upcoming events, the current seasons
        response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert "Scores et tournois pour les soirées de club de cartes" in html
    assert "rami" in html


def test_it_links_anonymous_visitors_to_the_organiser_login(client: Client) -> None:
    response = client.get(reverse("home"))
    assert f'href="{reverse("login")}"' in response.content.decode()
    assert f'action="{reverse("logout")}"' not in response.content.decode()


def test_it_serves_its_own_stylesheet_and_htmx_not_a_cdn(client: Client) -> None:
    html = client.get(reverse("home")).content.decode()
    assert 'href="/static/css/site.css"' in html
    assert 'src="/static/js/vendor/htmx.min.js"' in html
    assert "https://" not in html


def test_switching_to_english_shows_the_page_in_english(
    client: Client, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    response = client.post(reverse("set_language"), {"language": "en", "next": reverse("home")})
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    with django_assert_max_num_queries(2):
        html = client.get(reverse("home")).content.decode()
    assert '<html lang="en">' in html
    assert "Scores and tournaments for card club nights" in html


def test_it_greets_a_logged_in_organiser_and_offers_logout(
    client: Client,
    organiser: AbstractBaseUser,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    client.force_login(organiser)
    with django_assert_max_num_queries(4):
        html = client.get(reverse("home")).content.decode()
    assert "organiser" in html
    assert f'action="{reverse("logout")}"' in html
    assert f'href="{reverse("admin:index")}"' not in html.split("</nav>")[0]


def test_it_shows_the_admin_link_to_staff(client: Client, staff: AbstractBaseUser) -> None:
    client.force_login(staff)
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("admin:index")}"' in html.split("</nav>")[0]


def test_it_only_answers_get(client: Client) -> None:
    assert client.post(reverse("home")).status_code == 405


def test_it_offers_a_logged_in_organiser_a_button_to_his_events(
    client: Client, organiser: AbstractBaseUser
) -> None:
    client.force_login(organiser)
    main = client.get(reverse("home")).content.decode().split("<main")[1]
    assert f'<a class="button" href="{reverse("organiser:dashboard")}">My events</a>' in main


def test_visitors_get_no_my_events_button(client: Client) -> None:
    main = client.get(reverse("home")).content.decode().split("<main")[1]
    assert reverse("organiser:dashboard") not in main


@pytest.mark.parametrize("logged_in", [False, True])
def test_it_lists_todays_and_upcoming_events_soonest_first(
    logged_in: bool, client: Client, organiser: AbstractBaseUser
) -> None:
    today = timezone.localdate()
    club = ClubFactory(name="Les As de Montreuil")
    later = EventFactory(club=club, name="Tournoi d’automne", date=today + datetime.timedelta(9))
    tonight = EventFactory(club=club, name="Soirée du jeudi", date=today)
    EventFactory(club=club, name="La semaine dernière", date=today - datetime.timedelta(7))
    if logged_in:
        client.force_login(organiser)
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("event", kwargs={"event_id": tonight.id})}"' in html
    assert f'href="{reverse("event", kwargs={"event_id": later.id})}"' in html
    assert html.index("Soirée du jeudi") < html.index("Tournoi d’automne")
    assert "La semaine dernière" not in html
    assert "Les As de Montreuil" in html and "<strong>today</strong>" in html


def test_it_says_when_no_event_is_planned(client: Client) -> None:
    assert "No event is planned yet." in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize("count", [2, 20])
def test_the_event_list_takes_one_query_however_many_events(
    count: int, client: Client, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    today = timezone.localdate()
    for number in range(count):
        EventFactory(name=f"Soirée {number}", date=today + datetime.timedelta(number))
    with django_assert_max_num_queries(2):  # and one for the seasons
        html = client.get(reverse("home")).content.decode()
    assert html.count('<a href="/events/') == 2 * min(count, 12)  # its page, its screen
