"""The organiser's event page shows the room's join code: a QR code of the event's public page
at the site's address (SITE_URL), the one phones on the venue's Wi-Fi reach."""

from __future__ import annotations

import re

import pytest

from tests.factories import make_game
from tournaments.sheets.render import qr_svg

pytestmark = pytest.mark.django_db

LAN_SITE = "http://192.168.1.23:8000"


def join_section(page: str) -> str:
    return re.search(r'<section class="join-code".*?</section>', page, re.S).group(0)


def test_the_join_code_carries_the_lan_address_even_from_the_laptop_itself(
    client, event, organiser, settings, django_assert_max_num_queries
) -> None:
    settings.SITE_URL = LAN_SITE
    make_game(event)
    client.force_login(organiser)
    with django_assert_max_num_queries(12):  # the round's clock, the PDFs being prepared
        response = client.get(f"/manage/events/{event.id}/", HTTP_HOST="127.0.0.1:8000")
    page = response.content.decode()
    join_url = f"{LAN_SITE}/events/{event.id}/"
    section = join_section(page)
    assert str(qr_svg(join_url)) in section
    assert f'<a class="join-url" href="{join_url}">{join_url}</a>' in section
    assert "127.0.0.1" not in page


def test_the_table_links_to_copy_use_the_lan_address_too(client, event, organiser, settings):
    settings.SITE_URL = LAN_SITE
    game = make_game(event)
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert f'value="{LAN_SITE}/t/{game.link_token}/"' in page


def test_without_a_site_address_the_join_code_uses_the_pages_own(client, event, organiser):
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    assert str(qr_svg(f"http://testserver/events/{event.id}/")) in join_section(page)


def test_the_join_code_needs_no_inline_script_or_style(client, event, organiser) -> None:
    # The site's content security policy allows neither.
    client.force_login(organiser)
    section = join_section(client.get(f"/manage/events/{event.id}/").content.decode())
    assert "<svg" in section
    assert "<script" not in section and "style=" not in section
