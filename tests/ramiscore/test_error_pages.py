"""Error pages: in the site's layout and language, never Django's bare English defaults."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


def test_an_unknown_page_says_so_in_the_sites_layout(client):
    response = client.get("/events/999999/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Page not found" in html and 'class="site-header"' in html


@pytest.mark.french_default
def test_a_table_link_turned_off_tells_the_player_what_to_do_in_french(game):
    game.link_enabled = False
    game.save()
    response = Client().get(f"/t/{game.link_token}/")
    assert response.status_code == 404
    assert "demandez à l’organisateur" in response.content.decode().replace("'", "’")


def test_the_server_error_page_renders_without_a_request_context():
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()
