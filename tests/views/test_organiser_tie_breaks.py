"""Tie-breaks are chosen from the registry, each with what it measures: a numbered select
per tie-break ("not used", 1, 2…), no English code words to type. The event still stores the
ordered list of keys."""

from __future__ import annotations

import pytest

from tests.factories import EventFactory
from tests.views.organiser_support import seen_now, tie_breaks_post
from tests.views.test_organiser_events import event_post
from tournaments.models import Event
from tournaments.ranking import TIE_BREAKS

pytestmark = pytest.mark.django_db


def settings_url(event) -> str:
    return f"/manage/events/{event.id}/settings/"


def settings_post(event, **changes) -> dict:
    """The settings as a browser posts them: every tie-break "not used" unless changed."""
    changes = {**tie_breaks_post(), **seen_now(event), **changes}
    return event_post(event.club, kind="tournament", **changes)


@pytest.fixture
def tournament(club):
    return EventFactory(club=club, kind="tournament", tie_breaks=["wins", "score"])


def test_every_tie_break_is_listed_with_its_explanation_and_its_place(
    client, organiser, tournament, django_assert_max_num_queries
):
    client.force_login(organiser)
    with django_assert_max_num_queries(8):
        html = client.get(settings_url(tournament)).content.decode()
    assert 'name="tie_breaks"' not in html  # nothing to type
    for key, tie_break in TIE_BREAKS.items():
        assert f'name="tie_breaks_{key}"' in html
        assert tie_break.explanation.replace("'", "&#x27;") in html
    wins = html.split('name="tie_breaks_wins"')[1].split("</select>")[0]
    score = html.split('name="tie_breaks_score"')[1].split("</select>")[0]
    buchholz = html.split('name="tie_breaks_opponents_points"')[1].split("</select>")[0]
    assert '<option value="1" selected>' in wins and '<option value="2" selected>' in score
    assert '<option value="" selected>' in buchholz
    # Each select is labelled by the tie-break's name and described by its explanation.
    assert '<label for="id_tie_breaks_2">Games won</label>' in html
    assert 'aria-describedby="id_tie_breaks_2-why"' in html


def test_the_numbers_give_the_stored_order(client, organiser, tournament):
    client.force_login(organiser)
    data = settings_post(
        tournament,
        tie_breaks_opponents_points="1",
        tie_breaks_score="3",
        tie_breaks_wins="2",
        tie_breaks_head_to_head="",
    )
    response = client.post(settings_url(tournament), data)
    assert response.status_code == 302
    assert Event.objects.get(pk=tournament.pk).tie_breaks == ["opponents_points", "wins", "score"]


def test_gaps_in_the_numbers_keep_the_order(client, organiser, tournament):
    client.force_login(organiser)
    data = settings_post(tournament, tie_breaks_head_to_head="5", tie_breaks_wins="2")
    assert client.post(settings_url(tournament), data).status_code == 302
    assert Event.objects.get(pk=tournament.pk).tie_breaks == ["wins", "head_to_head"]


def test_no_tie_break_at_all_is_allowed(client, organiser, tournament):
    client.force_login(organiser)
    assert client.post(settings_url(tournament), settings_post(tournament)).status_code == 302
    assert Event.objects.get(pk=tournament.pk).tie_breaks == []


def test_two_tie_breaks_with_the_same_number_are_refused_naming_both(client, organiser, tournament):
    client.force_login(organiser)
    data = settings_post(tournament, **{**tie_breaks_post("score"), "tie_breaks_wins": "1"})
    response = client.post(settings_url(tournament), data)
    assert response.status_code == 400
    assert response.context["form"].errors["tie_breaks"] == [
        "Cumulative score and games won both have number 1: give each tie-break its own number."
    ]
    assert Event.objects.get(pk=tournament.pk).tie_breaks == ["wins", "score"]
    # The page shows back what was chosen.
    html = response.content.decode()
    assert (
        '<option value="1" selected>'
        in html.split('name="tie_breaks_wins"')[1].split("</select>")[0]
    )


@pytest.mark.parametrize("number", ["0", "7", "x", "-1"])
def test_a_number_outside_the_list_is_refused(client, organiser, tournament, number):
    client.force_login(organiser)
    data = settings_post(tournament, tie_breaks_score=number)
    response = client.post(settings_url(tournament), data)
    assert response.status_code == 400 and "tie_breaks" in response.context["form"].errors


def test_the_choice_reads_in_french(client, organiser, tournament):
    client.force_login(organiser)
    html = client.get(settings_url(tournament), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Départages, dans l’ordre" in html or "Départages" in html
    assert '<option value="">non utilisé</option>' in html
    assert "Le nombre de parties qu’il a finies premier à sa table." in html
