"""The organiser's prize pages: categories set up one form each (three in three submissions),
changed with why, removed after a question; a member's private details; who may see them;
and the results page listing every prize with its winner and why."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, organise
from tests.prizes.support import played
from tests.views.identities import client_for
from tournaments.models import Event, PrizeCategory
from tournaments.prizes.services import change_player_facts, save_category

pytestmark = pytest.mark.django_db


def prizes_url(event) -> str:
    return reverse("organiser:prizes", kwargs={"event_id": event.id})


@pytest.fixture
def field(club):
    event, people = played(
        ["Bruno", "Denis", "Anne", "Chloé"], club=club, prize_places=[50, 30, 10]
    )
    for name in ("Anne", "Chloé"):
        change_player_facts(player=people[name], gender="woman", birth_date=None, birth_year=2009)
    return event, people


def test_three_categories_are_set_up_in_three_submissions(organiser_client, field):
    event, people = field
    posts = [
        {"kind": "women", "name": "Best woman", "prizes": "20\nune bouteille"},
        {
            "kind": "age",
            "name": "Under 18",
            "age_under": "18",
            "reference_date": "2026-09-01",
            "prizes": "5 %",
        },
        {"kind": "named", "name": "Helpers", "players": "bruno\nDenis", "prizes": "Un trophée"},
    ]
    for post in posts:
        response = organiser_client.post(prizes_url(event), post)
        assert response.status_code == 302, response.context["form"].errors
    found = list(PrizeCategory.objects.order_by("position"))
    assert [c.name for c in found] == ["Best woman", "Under 18", "Helpers"]
    assert found[0].prizes == [
        {"kind": "fixed", "value": "20.00"},
        {"kind": "in_kind", "value": "une bouteille"},
    ]
    assert found[1].prizes == [{"kind": "share", "value": "5"}]
    assert set(found[2].players.all()) == {people["Bruno"], people["Denis"]}
    page = organiser_client.get(prizes_url(event)).content.decode()
    assert "3rd overall; the 1st and 2nd are not in the category." in page


def test_prizes_are_typed_the_organisers_way_in_french(organiser_client, field):
    event, _people = field
    organiser_client.post(
        prizes_url(event),
        {"kind": "women", "prizes": "2,5 %\n20,50 €\nune coupe"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert PrizeCategory.objects.get().prizes == [
        {"kind": "share", "value": "2.5"},
        {"kind": "fixed", "value": "20.50"},
        {"kind": "in_kind", "value": "une coupe"},
    ]


def test_a_refused_category_says_why_and_keeps_what_was_typed(organiser_client, field):
    event, _people = field
    response = organiser_client.post(
        prizes_url(event), {"kind": "age", "name": "Jeunes", "prizes": "5 %"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Give the ages: at least, under, or both." in html
    assert 'value="Jeunes"' in html
    assert not PrizeCategory.objects.exists()


def test_an_unknown_name_in_a_list_is_refused(organiser_client, field):
    event, _people = field
    response = organiser_client.post(
        prizes_url(event), {"kind": "named", "players": "Anne\nZoé", "prizes": "cup"}
    )
    assert response.status_code == 400
    assert "No member of the club is called Zoé." in response.content.decode()


def test_changing_a_category_asks_why_and_keeps_it(organiser_client, field, organiser):
    event, _people = field
    category = save_category(
        event=event, name="Best woman", kind="women", prizes=[{"kind": "fixed", "value": "20"}]
    )
    url = reverse(
        "organiser:prize_category", kwargs={"event_id": event.id, "category_id": category.id}
    )
    page = organiser_client.get(url).content.decode()
    assert "20.00" in page  # the prizes as typed
    refused = organiser_client.post(url, {"kind": "women", "name": "Best woman", "prizes": "25"})
    assert refused.status_code == 400
    organiser_client.post(
        url, {"kind": "women", "name": "Best woman", "prizes": "25", "reason": "a sponsor"}
    )
    latest = PrizeCategory.history.filter(id=category.id).latest("history_date")
    assert (latest.prizes, latest.history_change_reason, latest.history_user) == (
        [{"kind": "fixed", "value": "25.00"}],
        "a sponsor",
        organiser,
    )


def test_removing_a_category_asks_first_with_why(organiser_client, field):
    event, _people = field
    category = save_category(
        event=event, name="Best woman", kind="women", prizes=[{"kind": "fixed", "value": "20"}]
    )
    url = reverse(
        "organiser:remove_prize_category", kwargs={"event_id": event.id, "category_id": category.id}
    )
    question = organiser_client.get(url)
    assert "Remove “Best woman”?" in question.content.decode()
    assert PrizeCategory.objects.exists()
    organiser_client.post(url, {"reason": ""})
    assert PrizeCategory.objects.exists()
    organiser_client.post(url, {"reason": "no sponsor"})
    assert not PrizeCategory.objects.exists()


@pytest.mark.parametrize("who", ["anonymous", "other_organiser", "treasurer", "door"])
def test_only_those_who_may_change_the_event_see_its_prizes_and_a_members_details(
    who, field, organiser
):
    event, people = field
    if who in ("treasurer", "door"):
        volunteer = UserFactory(username=who)
        organise(event.club, volunteer, who)
        client = Client()
        client.force_login(volunteer)
    else:
        client = client_for(who, organiser)
    urls = [
        prizes_url(event),
        reverse(
            "organiser:member", kwargs={"club_id": event.club_id, "player_id": people["Anne"].id}
        ),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == (302 if who == "anonymous" else 403), url
    response = client.post(prizes_url(event), {"kind": "women", "prizes": "20"})
    assert not PrizeCategory.objects.exists()


def test_a_members_details_are_saved_and_the_organiser_goes_back(organiser_client, field):
    event, people = field
    url = reverse(
        "organiser:member", kwargs={"club_id": event.club_id, "player_id": people["Bruno"].id}
    )
    back = f"/manage/events/{event.id}/#player-1"
    response = organiser_client.post(
        url, {"gender": "man", "birth_year": "1958", "birth_date": "", "next": back}
    )
    assert response.status_code == 302 and response.url == back
    people["Bruno"].refresh_from_db()
    assert (people["Bruno"].gender, people["Bruno"].birth_year) == ("man", 1958)
    elsewhere = organiser_client.post(
        url, {"gender": "", "birth_year": "", "next": "https://evil.example/"}
    )
    assert elsewhere.url == reverse("people:members", kwargs={"club_id": event.club_id})


def test_a_bad_birth_is_refused_on_the_members_page(organiser_client, field):
    event, people = field
    url = reverse(
        "organiser:member", kwargs={"club_id": event.club_id, "player_id": people["Bruno"].id}
    )
    response = organiser_client.post(
        url, {"gender": "", "birth_year": "1991", "birth_date": "1990-02-03"}
    )
    assert response.status_code == 400
    assert (
        "The year of birth (1991) is not the year of the date (1990)." in response.content.decode()
    )


def test_the_event_page_links_each_player_to_his_details(organiser_client, field):
    event, people = field
    html = organiser_client.get(
        reverse("organiser:event", kwargs={"event_id": event.id})
    ).content.decode()
    assert f"/manage/clubs/{event.club_id}/members/{people['Anne'].id}/?next=" in html


def test_the_results_page_lists_every_prize_with_its_winner_and_why(client, field):
    event, _people = field
    save_category(
        event=event,
        name="Best woman",
        kind="women",
        prizes=[{"kind": "fixed", "value": "20"}, {"kind": "in_kind", "value": "a bottle"}],
    )
    html = client.get(reverse("tournament:standings", args=[event.id])).content.decode()
    assert "Best woman" in html and "a bottle" in html
    assert "3rd overall; the 1st and 2nd are not in the category." in html
    assert "A player wins one prize at most" in html


@pytest.mark.parametrize("players", [4, 20])
def test_the_prizes_page_takes_the_same_queries_whatever_the_size(
    players, organiser_client, club, django_assert_max_num_queries
):
    event, people = played([f"Joueur {i:02}" for i in range(players)], club=club, table_size=4)
    save_category(event=event, name="W", kind="women", prizes=[{"kind": "fixed", "value": "20"}])
    save_category(
        event=event, name="N", kind="newcomers", prizes=[{"kind": "fixed", "value": "20"}]
    )
    save_category(
        event=event,
        name="R",
        kind="rating",
        rating_under=1100,
        prizes=[{"kind": "fixed", "value": "20"}],
    )
    # Session and user, event, clubs of the form, the standings and prizes (entrants,
    # categories and their players, registrations, sums, head-to-head, facts).
    with django_assert_max_num_queries(16):
        response = organiser_client.get(prizes_url(event))
    assert response.status_code == 200


def test_a_club_nights_page_has_no_prizes_link(organiser_client, event):
    html = organiser_client.get(
        reverse("organiser:event", kwargs={"event_id": event.id})
    ).content.decode()
    assert prizes_url(event) not in html
    assert Event.objects.get(pk=event.pk).kind == "club_night"
