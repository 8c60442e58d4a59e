"""The organiser's guide (docs/guide-organisateur.md): a page of the site, linked from every
page's footer and from the organiser's events."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.page import parse

pytestmark = pytest.mark.django_db


def test_the_guide_walks_the_evening_from_the_laptop_to_the_printed_results(
    client, django_assert_max_num_queries
):
    with django_assert_max_num_queries(0):
        response = client.get(reverse("guide"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    page = parse(response.content)
    guide = page.find("article", "guide")
    assert guide.attrs["lang"] == "fr"  # in French on an English page too
    headings = [heading.text() for heading in guide.find_all("h2")]
    assert headings[0] == "1. À la maison, quelques jours avant"
    assert headings[-1] == "Si les téléphones n’arrivent pas à se connecter"
    text = guide.text()
    assert "il faut Internet" in text and "SITE_URL=http://" in text
    assert "<script" not in response.content.decode().split("<main")[1]


def test_every_page_links_the_guide(client, organiser):
    assert f'href="{reverse("guide")}"' in client.get(reverse("home")).content.decode()
    client.force_login(organiser)
    dashboard = client.get(reverse("organiser:dashboard")).content.decode()
    assert dashboard.split("<main")[1].count(f'href="{reverse("guide")}"') == 1
