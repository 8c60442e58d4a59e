"""The new-event form and the settings page: the tournament settings only for a tournament
(hidden by the page's script for a club night, all there without JavaScript), and a label for
each field that no other field shares, in French as in English."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.test import Client

from tournaments.models.events import VARIANT_NAMES

pytestmark = pytest.mark.django_db


def labels(html: str) -> list[str]:
    """What each field is called on the page: its label, or its fieldset's legend."""
    found = re.findall(r"<(?:label|legend)\b[^>]*>(.*?)</(?:label|legend)>", html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", text).split()) for text in found]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("variant", list(VARIANT_NAMES))
def test_no_two_fields_of_the_new_event_form_share_a_label(language, variant, club, organiser):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organiser)
    html = client.get(f"/manage/events/new/?variant={variant}").content.decode()
    form = html.split('<form method="post" action="/manage/events/new/"')[1]
    shared = [label for label, count in Counter(labels(form)).items() if count > 1]
    assert shared == []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_no_two_fields_of_the_settings_page_share_a_label(language, event, organiser):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organiser)
    html = client.get(f"/manage/events/{event.id}/settings/").content.decode()
    shared = [label for label, count in Counter(labels(html)).items() if count > 1]
    assert shared == []


@pytest.mark.parametrize("url", ["/manage/events/new/", "/manage/events/{id}/settings/"])
def test_the_tournament_settings_are_all_there_without_javascript_and_marked_for_the_script(
    url, client, event, organiser
):
    client.force_login(organiser)
    html = client.get(url.format(id=event.id)).content.decode()
    # Not folded away: a fieldset the page's script hides while "club night" is chosen.
    fieldset = html.split('<fieldset class="tournament-settings"')[1].split("</form>")[0]
    assert 'data-shown-for-kind="tournament"' in fieldset
    assert "hidden" not in fieldset.split(">")[0]
    for name in ("seating_method", "planned_rounds", "points_scale", "prize_places"):
        assert f'name="{name}"' in fieldset
    assert 'src="/static/js/organiser.js"' in html
