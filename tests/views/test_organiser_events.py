"""The dashboard, a new club, a new event with its variant's options, settings and rules."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests.factories import (
    ClubFactory,
    EventFactory,
    UserFactory,
    make_game,
    organise,
    organisers,
    play,
)
from tests.views.organiser_support import options_post, seen_now, snapshot, tie_breaks_post
from tournaments.models import Club, Event

pytestmark = pytest.mark.django_db


def event_post(club, variant="rami-penalites", **changes) -> dict:
    data = {
        "name": "Soirée de rentrée",
        "date": "2026-09-10",
        "club": club.id,
        "kind": "club_night",
        "variant": variant,
        "entry_fee": "5",
        "language": "fr",
        "seating_method": "swiss",
        "points_scale": "3, 1, 0",
        "bye_points": "3",
        **tie_breaks_post("score", "wins"),
        "prize_places": "50, 30, 20",
        "club_share": "0",
        **options_post(variant),
    }
    data.update(changes)
    return data


def test_the_dashboard_lists_upcoming_events_first(client, club, organiser):
    today = timezone.localdate()
    EventFactory(club=club, name="Hier", date=today - datetime.timedelta(days=1))
    EventFactory(club=club, name="Demain", date=today + datetime.timedelta(days=1))
    EventFactory(club=club, name="Ce soir", date=today)
    EventFactory(name="Ailleurs", date=today)  # another club's
    client.force_login(organiser)
    response = client.get("/manage/")
    page = response.content.decode()
    assert response.status_code == 200
    assert page.index("Ce soir") < page.index("Demain") < page.index("Hier")
    assert "Ailleurs" not in page
    assert "/manage/events/new/" in page


def test_the_dashboard_needs_a_login(client, db):
    response = client.get("/manage/")
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")


def test_the_dashboard_keeps_its_query_count_with_many_events(
    client, club, organiser, django_assert_max_num_queries
):
    client.force_login(organiser)
    for _number in range(2):
        EventFactory(club=club)
    with django_assert_max_num_queries(6):
        client.get("/manage/")
    for _number in range(20):
        EventFactory(club=club)
    with django_assert_max_num_queries(6):
        assert client.get("/manage/").status_code == 200


def test_an_organiser_without_a_club_creates_one_and_organises_it(client, db):
    user = UserFactory()
    client.force_login(user)
    page = client.get("/manage/").content.decode()
    assert "Create your club" in page or "Créez votre club" in page
    response = client.post("/manage/clubs/new/", {"name": "  Les As   de Pique "})
    assert response.status_code == 302
    club = Club.objects.get()
    assert club.name == "Les As de Pique"
    assert organisers(club) == [user]


def test_a_blank_club_name_is_refused(client, db):
    client.force_login(UserFactory())
    response = client.post("/manage/clubs/new/", {"name": "   "})
    assert response.status_code == 400
    assert not Club.objects.exists()


def test_new_event_without_a_club_sends_to_the_dashboard(client, db):
    client.force_login(UserFactory())
    response = client.get("/manage/events/new/")
    assert response.status_code == 302 and response.url == "/manage/"


def test_the_new_event_form_shows_the_variants_options_with_defaults(client, club, organiser):
    client.force_login(organiser)
    response = client.get("/manage/events/new/?variant=gin-rummy")
    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="opt-knock_max"' in page and 'value="10"' in page
    assert 'name="opt-rami_penalty"' not in page
    assert 'hx-get="/manage/events/new/options/"' in page
    # The tournament settings start at the model's defaults.
    assert 'name="points_scale" value="3, 1, 0"' in page
    assert 'name="prize_places" value="50, 30, 20"' in page


def test_the_options_fragment_follows_the_chosen_variant(client, club, organiser):
    client.force_login(organiser)
    response = client.get("/manage/events/new/options/?variant=rami-jokers", HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<fieldset id="variant-options"')
    assert 'name="opt-never_melded_penalty"' in page and 'value="100"' in page
    assert "<html" not in page


def test_without_javascript_showing_the_options_keeps_what_was_typed(client, club, organiser):
    client.force_login(organiser)
    data = event_post(club, variant="gin-rummy", name="Tête-à-tête", show_options="1")
    response = client.post("/manage/events/new/", data)
    page = response.content.decode()
    assert response.status_code == 200
    assert 'value="Tête-à-tête"' in page and 'name="opt-knock_max"' in page
    assert "errorlist" not in page
    assert not Event.objects.exists()


def test_creating_an_event_stores_only_the_options_that_differ(client, club, organiser):
    client.force_login(organiser)
    data = event_post(club, **{"opt-target": "200"})
    response = client.post("/manage/events/new/", data)
    event = Event.objects.get()
    assert response.status_code == 302 and response.url == f"/manage/events/{event.id}/"
    assert event.options == {"target": 200}
    assert event.created_by == organiser and event.entry_fee == 5
    assert event.tie_breaks == ["score", "wins"] and event.prize_places == [50, 30, 20]


def test_an_engine_error_shows_beside_its_option_and_stores_nothing(client, club, organiser):
    client.force_login(organiser)
    data = event_post(club, **{"opt-target": "", "opt-number_of_deals": ""})
    response = client.post("/manage/events/new/", data)
    assert response.status_code == 400
    assert "needs an end" in response.content.decode() or "fin" in response.content.decode()
    data = event_post(club, **{"opt-rami_penalty": "5000"})
    response = client.post("/manage/events/new/", data)
    form = response.context["options"]
    assert "rami_penalty" in form.errors
    assert not Event.objects.exists()


def test_another_clubs_id_is_refused_in_the_new_event_form(client, club, organiser):
    client.force_login(organiser)
    response = client.post("/manage/events/new/", event_post(ClubFactory()))
    assert response.status_code == 400
    assert "club" in response.context["form"].errors
    assert not Event.objects.exists()


def test_bad_tournament_lists_are_refused(client, club, organiser):
    client.force_login(organiser)
    data = event_post(club, kind="tournament", points_scale="3, x", prize_places="80, 30")
    data["tie_breaks_wins"] = "1"  # the same number as the score's
    response = client.post("/manage/events/new/", data)
    errors = response.context["form"].errors
    assert {"points_scale", "prize_places", "tie_breaks"} <= set(errors)
    assert not Event.objects.exists()


def test_the_rules_page_changes_the_options_and_rescores_the_games(client, event, organiser):
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=60, Chloé=20)
    play(game, "going_out", "Anne", Bruno=45, Chloé=20)
    game.refresh_from_db()
    assert game.finished  # Bruno reached 100
    client.force_login(organiser)
    data = {
        "variant": "rami-penalites",
        "reason": "on joue en 200",
        **options_post("rami-penalites", target=200),
        **seen_now(event, "rules"),
    }
    response = client.post(f"/manage/events/{event.id}/rules/", data)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.options == {"target": 200} and not game.finished
    assert event.history.first().history_change_reason == "on joue en 200"


def test_the_rules_page_refuses_rules_a_played_hand_breaks(client, event, organiser):
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=60, Chloé=20)
    client.force_login(organiser)
    before = snapshot()
    data = {"variant": "gin-rummy", "reason": "", **options_post("gin-rummy")}
    data.update(seen_now(event, "rules"))
    response = client.post(f"/manage/events/{event.id}/rules/", data)
    assert response.status_code == 400
    assert response.context["form"].non_field_errors()
    assert snapshot() == before


def test_the_rules_page_shows_the_stored_overrides(client, event, organiser):
    client.force_login(organiser)
    response = client.get(f"/manage/events/{event.id}/rules/")
    assert '<option value="rami-penalites" selected>' in response.content.decode()
    assert response.context["options"]["target"].value() == 100
    event.options = {"target": 150}
    event.save()
    response = client.get(f"/manage/events/{event.id}/rules/")
    assert response.context["options"]["target"].value() == 150


def test_the_settings_page_saves_and_refuses_bad_input(client, event, organiser):
    client.force_login(organiser)
    data = event_post(event.club, name="Soirée d’hiver", confirmation_required="on")
    data.update(seen_now(event))
    data.pop("variant")
    response = client.post(f"/manage/events/{event.id}/settings/", data)
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Soirée d’hiver" and event.confirmation_required
    data.update(entry_fee="-3", **seen_now(event))
    response = client.post(f"/manage/events/{event.id}/settings/", data)
    assert response.status_code == 400
    event.refresh_from_db()
    assert event.entry_fee == 5


def test_pages_are_in_english_too(client, club, organiser):
    client.force_login(organiser)
    client.cookies["django_language"] = "en"
    page = client.get("/manage/events/new/").content.decode()
    assert "Value of an ace" in page and "Default: 11." in page


@pytest.mark.parametrize("url", ["/manage/clubs/new/", "/manage/events/new/"])
def test_visitors_and_table_link_players_cannot_create_clubs_or_events(url, client, game):
    client.get(f"/t/{game.link_token}/")  # a table-link session has no account
    before = snapshot()
    data = {"name": "Club pirate", **event_post(game.event.club)}
    response = client.post(url, data)
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    assert snapshot() == before


def test_the_settings_page_keeps_the_club(client, event, organiser):
    other = ClubFactory()
    organise(other, organiser)
    client.force_login(organiser)
    data = {**event_post(other, name="Déplacée ?"), **seen_now(event)}
    response = client.post(f"/manage/events/{event.id}/settings/", data)
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.club != other and event.name == "Déplacée ?"


def test_saving_a_new_points_scale_rescores_the_tables_already_played(client, event, organiser):
    from tests.factories import make_game, play

    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=100, Chloé=40)
    assert dict(game.seats.values_list("player__name", "tournament_points")) == {
        "Anne": 3,
        "Bruno": 0,
        "Chloé": 1,
    }
    client.force_login(organiser)
    data = {**event_post(event.club, points_scale="5, 2, 1"), **seen_now(event)}
    data.pop("variant")
    assert client.post(f"/manage/events/{event.id}/settings/", data).status_code == 302
    assert dict(game.seats.values_list("player__name", "tournament_points")) == {
        "Anne": 5,
        "Bruno": 1,
        "Chloé": 2,
    }


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("points_scale", "100000, 1, 0", "Tournament points by place can be at most 9999 each."),
        ("bye_points", "20000", "The points for a bye can be at most 9999."),
    ],
)
def test_tournament_points_too_large_to_store_are_refused_in_the_settings(
    field, value, message, client, event, organiser
):
    client.force_login(organiser)
    data = {**event_post(event.club, kind="tournament", **{field: value}), **seen_now(event)}
    data.pop("variant")
    before = snapshot()
    response = client.post(f"/manage/events/{event.id}/settings/", data)
    assert response.status_code == 400
    assert response.context["form"].errors[field] == [message]
    assert snapshot() == before


def test_a_new_tournament_with_too_many_points_is_refused_too(client, club, organiser):
    client.force_login(organiser)
    data = event_post(club, kind="tournament", points_scale="10000")
    response = client.post("/manage/events/new/", data)
    assert response.status_code == 400
    assert not Event.objects.exists()


def test_the_event_service_refuses_a_points_scale_too_large_to_store(club):
    from django.core.exceptions import ValidationError

    from tournaments.events.services.events import create_event

    with pytest.raises(ValidationError) as refused:
        create_event(
            club=club,
            name="Open",
            date=datetime.date(2026, 9, 10),
            variant="gin-rummy",
            kind=Event.Kind.TOURNAMENT,
            points_scale=[10**6, 0],
        )
    assert refused.value.messages == ["Tournament points by place can be at most 9999 each."]
    assert not Event.objects.exists()


def test_a_stored_scale_too_large_refuses_the_hand_that_ends_the_game_not_a_500(
    client, club, organiser
):
    # Stored before the form refused it (or through the admin).
    event = EventFactory(club=club, kind="tournament", variant="gin-rummy")
    Event.objects.filter(pk=event.pk).update(points_scale=[100_000, 0])
    game = make_game(event, players=("Anne", "Bruno"))
    client.force_login(organiser)
    data = {"number": 1, "how": "gin", "ended_by": "1", "mode": "counts", "held_1": "0"}
    response = client.post(f"/games/{game.id}/enter/", {**data, "held_2": "90"})
    assert response.status_code == 400
    assert "go beyond 9999, more than can be stored" in response.content.decode()
    assert not game.hands.exists()
