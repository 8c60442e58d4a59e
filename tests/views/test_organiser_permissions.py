"""Every organiser page that writes, for every identity: visitors and table-link players are
sent to log in, another club's organiser gets 403 — and nothing changes for any of them; the
club's organiser and a site administrator get through."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import make_game, play
from tests.views.organiser_support import (
    ALLOWED,
    REFUSED,
    assert_refused,
    client_as,
    options_post,
    seen_now,
    snapshot,
    tie_breaks_post,
)
from tournaments.events.services.events import register_player
from tournaments.events.services.rounds import close_round
from tournaments.models import Event, Game, Registration, Round

pytestmark = pytest.mark.django_db


@dataclass
class Action:
    name: str
    url: Callable[[Event, Game], str]
    data: Callable[[Event, Game], dict]
    done: Callable[[Event, Game], bool]
    prepare: Callable[[Event, Game], None] = lambda event, game: None


def _close_first_round(event, game):
    close_round(round_=game.round)


def _game_file():
    document = {"format": "ramiscore/1", "variant": "rummy", "players": ["Xavier", "Yvonne"]}
    return SimpleUploadedFile("game.json", json.dumps(document).encode(), "application/json")


ACTIONS = [
    Action(
        "add player",
        lambda e, g: f"/manage/events/{e.id}/players/",
        lambda e, g: {"name": "Zoé"},
        lambda e, g: e.registrations.filter(player__name="Zoé").exists(),
    ),
    Action(
        "check out",
        lambda e, g: f"/manage/events/{e.id}/players/{e.registrations.first().id}/",
        lambda e, g: {"action": "check_out"},
        lambda e, g: not e.registrations.first().checked_in,
    ),
    Action(
        "open a round",
        lambda e, g: f"/manage/events/{e.id}/rounds/",
        lambda e, g: {"method": "random"},
        lambda e, g: e.rounds.count() == 2,
        _close_first_round,
    ),
    Action(
        "seat by hand",
        lambda e, g: f"/manage/events/{e.id}/rounds/by-hand/",
        lambda e, g: {"tables": "1", "table_1": "Anne\nBruno\nChloé\nDenis"},
        lambda e, g: e.rounds.count() == 2,
        _close_first_round,
    ),
    Action(
        "seat again",
        lambda e, g: f"/manage/events/{e.id}/rounds/1/reseat/",
        lambda e, g: {},
        lambda e, g: not Game.objects.filter(pk=g.pk).exists(),
    ),
    Action(
        "close the round",
        lambda e, g: f"/manage/events/{e.id}/rounds/1/close/",
        lambda e, g: {},
        lambda e, g: Round.objects.get(pk=g.round_id).is_closed,
    ),
    Action(
        "close a table",
        lambda e, g: f"/manage/events/{e.id}/tables/{g.id}/close/",
        lambda e, g: {},
        lambda e, g: Game.objects.get(pk=g.pk).closed,
        lambda e, g: play(g, "going_out", "Anne", Bruno=10, Chloé=20, Denis=5),
    ),
    Action(
        "reopen a table",
        lambda e, g: f"/manage/events/{e.id}/tables/{g.id}/reopen/",
        lambda e, g: {},
        lambda e, g: not Game.objects.get(pk=g.pk).closed,
        lambda e, g: Game.objects.filter(pk=g.pk).update(closed=True),
    ),
    Action(
        "turn the link off",
        lambda e, g: f"/manage/events/{e.id}/tables/{g.id}/link/",
        lambda e, g: {"enabled": "0"},
        lambda e, g: not Game.objects.get(pk=g.pk).link_enabled,
    ),
    Action(
        "new link",
        lambda e, g: f"/manage/events/{e.id}/tables/{g.id}/link/renew/",
        lambda e, g: {},
        lambda e, g: Game.objects.get(pk=g.pk).link_token != g.link_token,
    ),
    Action(
        "change the rules",
        lambda e, g: f"/manage/events/{e.id}/rules/",
        lambda e, g: {
            "variant": "rami-penalites",
            **options_post("rami-penalites", target=150),
            **seen_now(e, "rules"),
        },
        lambda e, g: Event.objects.get(pk=e.pk).options.get("target") == 150,
    ),
    Action(
        "event settings",
        lambda e, g: f"/manage/events/{e.id}/settings/",
        lambda e, g: {
            "name": "Soirée renommée",
            "date": "2026-12-01",
            "club": e.club_id,
            "kind": "club_night",
            "entry_fee": "5",
            "language": "fr",
            "seating_method": "random",
            "points_scale": "3, 1, 0",
            "bye_points": "3",
            **tie_breaks_post("score"),
            "prize_places": "100",
            "club_share": "0",
            **seen_now(e),
        },
        lambda e, g: Event.objects.get(pk=e.pk).name == "Soirée renommée",
    ),
    Action(
        "import a game",
        lambda e, g: f"/manage/events/{e.id}/import/",
        lambda e, g: {"file": _game_file()},
        lambda e, g: e.games.count() == 2,
    ),
]


@pytest.fixture
def setting(event):
    """The event with four present players, and round 1 seated with one table (no hand)."""
    for name in ("Anne", "Bruno", "Chloé", "Denis"):
        register_player(event=event, name=name)
    game = make_game(event, players=("Anne", "Bruno", "Chloé", "Denis"), pot=20)
    return event, game


def prepared(action, who, setting, organiser):
    """The action's setting prepared, and a client logged in as `who`."""
    event, game = setting
    action.prepare(event, game)
    return event, game, client_as(who, event, organiser)


@pytest.mark.parametrize("who", REFUSED)
@pytest.mark.parametrize("action", ACTIONS, ids=[a.name for a in ACTIONS])
def test_refused_identities_change_nothing(action, who, setting, organiser):
    event, game, client = prepared(action, who, setting, organiser)
    before = snapshot()
    response = client.post(action.url(event, game), action.data(event, game))
    assert_refused(response, who)
    assert snapshot() == before
    assert not action.done(event, game)


@pytest.mark.parametrize("who", ALLOWED)
@pytest.mark.parametrize("action", ACTIONS, ids=[a.name for a in ACTIONS])
def test_the_clubs_organiser_and_an_admin_get_through(action, who, setting, organiser):
    event, game, client = prepared(action, who, setting, organiser)
    response = client.post(action.url(event, game), action.data(event, game))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert response.url.startswith(f"/manage/events/{event.id}/")
    assert action.done(event, game)


READ_PAGES = [
    lambda e, g: f"/manage/events/{e.id}/",
    lambda e, g: f"/manage/events/{e.id}/settings/",
    lambda e, g: f"/manage/events/{e.id}/rules/",
    lambda e, g: f"/manage/events/{e.id}/import/",
    lambda e, g: f"/manage/events/{e.id}/rounds/by-hand/",
    lambda e, g: f"/manage/events/{e.id}/rounds/1/reseat/",
    lambda e, g: f"/manage/events/{e.id}/rounds/1/close/",
    lambda e, g: f"/manage/events/{e.id}/tables/{g.id}/close/",
    lambda e, g: f"/manage/events/{e.id}/tables/{g.id}/link/renew/",
    lambda e, g: f"/games/{g.id}/export.json",
]


@pytest.mark.parametrize("who", REFUSED + ALLOWED)
@pytest.mark.parametrize("page", range(len(READ_PAGES)))
def test_organiser_pages_and_confirmations_are_private(page, who, setting, organiser):
    event, game = setting
    client = client_as(who, event, organiser)
    before = snapshot()
    response = client.get(READ_PAGES[page](event, game))
    if who in ALLOWED:
        assert response.status_code == 200
    else:
        assert_refused(response, who)
    assert snapshot() == before  # a confirmation page asks, it does not act


@pytest.mark.parametrize(
    "url",
    [
        "/manage/events/999/",
        "/manage/events/{event}/tables/999/close/",
        "/manage/events/{event}/rounds/9/close/",
        "/manage/events/{event}/players/999/",
        "/games/999/export.json",
    ],
)
def test_unknown_ids_are_404(url, setting, client, organiser):
    event, game = setting
    client.force_login(organiser)
    url = url.format(event=event.id)
    response = client.post(url, {"action": "check_in"}) if "players" in url else client.get(url)
    assert response.status_code == 404


def test_a_table_of_another_event_is_404_even_for_its_organiser(setting, client, organiser):
    event, game = setting
    other = make_game(Event.objects.create(club=event.club, name="Autre", date=event.date))
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/tables/{other.id}/close/")
    assert response.status_code == 404
    assert not Game.objects.get(pk=other.pk).closed


def test_registrations_of_another_event_are_404(setting, client, organiser):
    event, game = setting
    other = Event.objects.create(club=event.club, name="Autre", date=event.date)
    registration = register_player(event=other, name="Anne")
    client.force_login(organiser)
    url = f"/manage/events/{event.id}/players/{registration.id}/"
    assert client.post(url, {"action": "check_out"}).status_code == 404
    assert Registration.objects.get(pk=registration.pk).checked_in
