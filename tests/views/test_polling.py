"""Polling phones: an unchanged public page answers 304 for one query, whoever asks, and
every kind of change gives the event's pages (and the table's, where it shows) a new ETag."""

from __future__ import annotations

import gzip
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import EventFactory, UserFactory, correct, play
from tournaments.events.services import events, gamefiles, recompute, rounds
from tournaments.events.services.clock import start_clock
from tournaments.models import Event, Game, Hand, Registration
from tournaments.play.services import entry
from tournaments.play.services.undo import undo_change

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(club):
    """A tournament of six players seated at two tables, one hand played at each."""
    event = EventFactory(
        club=club, kind="tournament", variant="rami-penalites", options={"target": 100}
    )
    for name in ("Anne", "Bruno", "Chloé", "Dan", "Eve", "Fanny"):
        events.register_player(event=event, name=name)
    round_ = rounds.open_round(event=event, seed=1)
    for game in round_.games.all():
        names = [seat.player.name for seat in game.seats.select_related("player")]
        play(game, "going_out", names[0], **dict.fromkeys(names[1:], 10))
    return event


def pages(event: Event) -> list[str]:
    """Every polled page of a tournament."""
    game = event.games.order_by("table_number").first()
    player = event.registrations.first().player_id
    return [
        reverse("event", args=[event.pk]),
        reverse("game", args=[game.pk]),
        reverse("tournament:standings", args=[event.pk]),
        reverse("tournament:overview", args=[event.pk]),
        reverse("tournament:player", args=[event.pk, player]),
    ]


@pytest.mark.parametrize("fragment", [False, True], ids=["page", "htmx fragment"])
@pytest.mark.parametrize("who", ["anonymous", "organiser"])
def test_an_unchanged_page_polled_is_a_304_for_one_query(
    tournament, organiser, fragment, who, django_assert_num_queries
):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if who == "organiser":
        client.force_login(organiser)
    headers = {"HTTP_HX_REQUEST": "true"} if fragment else {}
    for address in pages(tournament):
        first = client.get(address, **headers)
        assert first.status_code == 200 and first["ETag"], address
        # The version, and nothing else: no session, no user, no template, no standings.
        with django_assert_num_queries(1):
            again = client.get(address, HTTP_IF_NONE_MATCH=first["ETag"], **headers)
        assert again.status_code == 304, address
        assert again["ETag"] == first["ETag"] and "no-cache" in again["Cache-Control"]
        assert not again.content


def test_a_fragment_is_rendered_once_per_version_for_every_anonymous_phone(
    tournament, organiser, django_assert_num_queries
):
    # The pages whose live part htmx polls (the others answer htmx with the whole page, whose
    # forms hold each visitor's own CSRF token: never shared).
    for address in pages(tournament)[:3]:
        first = Client().get(address, HTTP_HX_REQUEST="true")
        with django_assert_num_queries(1):  # another phone: the version, then the cache
            second = Client().get(address, HTTP_HX_REQUEST="true")
        assert second.status_code == 200 and second.content == first.content, address
        assert second["ETag"] == first["ETag"]
    # An organiser's page is his own (his session, his links): rendered for him.
    client = Client()
    client.force_login(organiser)
    with CaptureQueriesContext(connection) as queries:
        mine = client.get(address, HTTP_HX_REQUEST="true")
    assert len(queries) > 1 and mine["ETag"] != first["ETag"]


def test_a_shared_fragment_goes_compressed_to_phones_that_take_gzip(
    tournament, django_assert_num_queries
):
    address = reverse("game", args=[tournament.games.order_by("table_number")[0].pk])
    plain = Client().get(address, HTTP_HX_REQUEST="true")
    assert "Content-Encoding" not in plain and "Accept-Encoding" in plain["Vary"]
    for attempt in ("rendered", "kept"):
        if attempt == "rendered":
            cache.clear()
        phone = Client(HTTP_ACCEPT_ENCODING="gzip, deflate, br")
        packed = phone.get(address, HTTP_HX_REQUEST="true")
        assert packed["Content-Encoding"] == "gzip", attempt
        assert gzip.decompress(packed.content) == plain.content, attempt
        assert len(packed.content) * 3 < len(plain.content), attempt
        # The same data in other bytes: the weak form of its tag, which a poll holds.
        assert packed["ETag"] == "W/" + plain["ETag"], attempt
        with django_assert_num_queries(1):
            again = phone.get(address, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=packed["ETag"])
        assert again.status_code == 304 and again["ETag"] == packed["ETag"], attempt
    head = Client(HTTP_ACCEPT_ENCODING="gzip").head(address, HTTP_HX_REQUEST="true")
    assert head.status_code == 200 and not head.content
    assert int(head["Content-Length"]) == len(packed.content)
    # Kept compressed, sent plain to a phone that does not take gzip.
    assert Client().get(address, HTTP_HX_REQUEST="true").content == plain.content


def test_what_holds_a_visitors_own_is_never_compressed(tournament, organiser):
    # His CSRF token is in the page: a compressed length could give it away (BREACH).
    client = Client(HTTP_ACCEPT_ENCODING="gzip")
    client.force_login(organiser)
    for address in pages(tournament):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            assert "Content-Encoding" not in client.get(address, **headers), address
    whole = Client(HTTP_ACCEPT_ENCODING="gzip").get(pages(tournament)[0])
    assert "Content-Encoding" not in whole  # a whole page: its forms' tokens


def test_a_phone_holding_the_compressed_event_page_gets_its_304_from_what_was_shared(
    tournament, settings, django_assert_num_queries
):
    settings.POLL_COALESCE_SECONDS = 2  # the event-wide answer shared for 2 s (the site's)
    address = reverse("event", args=[tournament.pk])
    phone = Client(HTTP_ACCEPT_ENCODING="gzip")
    first = phone.get(address, HTTP_HX_REQUEST="true")
    assert first["ETag"].startswith('W/"') and first["Content-Encoding"] == "gzip"
    with django_assert_num_queries(0):  # the answer shared a moment ago says it: no query
        again = phone.get(address, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]


def test_the_event_page_polled_by_many_phones_is_compressed_once(tournament, monkeypatch):
    from tournaments.web import polling

    made, compress = [], gzip.compress
    monkeypatch.setattr(
        polling.gzip, "compress", lambda *a, **k: made.append(1) or compress(*a, **k)
    )
    address = reverse("event", args=[tournament.pk])
    answers = [
        Client(HTTP_ACCEPT_ENCODING="gzip").get(address, HTTP_HX_REQUEST="true")
        for _phone in range(5)
    ]
    assert len(made) == 1  # made and compressed once, for the five phones
    assert len({gzip.decompress(a.content) for a in answers}) == 1
    assert all(a["Content-Encoding"] == "gzip" for a in answers)


def test_a_whole_page_is_never_shared(tournament, django_assert_max_num_queries):
    address = reverse("tournament:overview", args=[tournament.pk])
    first = Client().get(address, HTTP_HX_REQUEST="true")
    second = Client().get(address, HTTP_HX_REQUEST="true")
    token = 'name="csrfmiddlewaretoken" value="'
    mine, theirs = (r.content.decode().split(token)[1][:64] for r in (first, second))
    assert mine != theirs  # each visitor's own form token, rendered for him


def test_the_etag_tells_apart_what_else_the_page_depends_on(tournament, organiser, client):
    address = reverse("tournament:standings", args=[tournament.pk])
    anonymous = client.get(address)["ETag"]
    assert client.get(address, HTTP_HX_REQUEST="true")["ETag"] != anonymous
    assert client.get(address, HTTP_ACCEPT_LANGUAGE="fr")["ETag"] != anonymous
    assert client.get(address + "?sort=player")["ETag"] != anonymous
    client.force_login(organiser)  # he sees his own links: another version of the page
    assert client.get(address)["ETag"] != anonymous
    other = Client()
    other.force_login(organiser)
    assert other.get(address)["ETag"] != client.get(address)["ETag"]  # another session


def test_a_stale_etag_gets_the_page_and_an_unknown_page_its_404(tournament, client):
    address = reverse("event", args=[tournament.pk])
    response = client.get(address, HTTP_IF_NONE_MATCH='"stale"')
    assert response.status_code == 200 and response.content
    unknown = reverse("event", args=[tournament.pk + 1000])
    assert client.get(unknown, HTTP_IF_NONE_MATCH='"stale"').status_code == 404


def test_a_polled_page_is_only_read(tournament, client):
    # Every polled page answers GET and HEAD; anything else is refused, not run.
    for address in pages(tournament):
        assert client.head(address).status_code == 200
        assert client.post(address).status_code == 405
        assert client.delete(address).status_code == 405


def test_a_message_waiting_in_its_cookie_gets_the_page(tournament, client):
    address = reverse("event", args=[tournament.pk])
    tag = client.get(address)["ETag"]
    client.cookies["messages"] = "something to show"
    assert client.get(address, HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_an_instance_loaded_before_a_change_does_not_write_its_version_back(tournament):
    stale = Event.objects.get(pk=tournament.pk)
    _play(tournament.games.first())
    moved = Event.objects.get(pk=tournament.pk).version
    stale.name = "Renamed"
    stale.save()
    assert Event.objects.get(pk=tournament.pk).version == moved


def _play(game: Game, winner: int = 0, points: int = 5):
    names = [seat.player.name for seat in game.seats.select_related("player")]
    held = {name: points for i, name in enumerate(names) if i != winner}
    return play(game, "going_out", names[winner], **held)


def _table(event: Event) -> Game:
    return event.games.order_by("-round__number", "table_number").first()


def _hand_entered(event):
    _play(_table(event))


def _hand_corrected(event):
    hand = Hand.objects.filter(game=_table(event)).order_by("number").last()
    names = [seat.player.name for seat in hand.game.seats.select_related("player")]
    correct(hand, "going_out", names[1], reason="typo", **{names[0]: 7, names[2]: 3})


def _hand_deleted(event):
    entry.delete_last_hand(game=_table(event), reason="entered twice")


def _hand_confirmed(event):
    Event.objects.filter(pk=event.pk).update(confirmation_required=True)
    event.refresh_from_db()
    game = _table(event)
    hand = _play(game)
    _snapshot_after_setup(event)
    confirmer = game.seats.order_by("position").last()  # a player of the table
    entry.confirm_hand(hand=hand, user=UserFactory(username="second"), confirmed_by_seat=confirmer)


def _change_undone(event):
    game = _table(event)
    _hand_corrected(event)
    _snapshot_after_setup(event)
    record = Hand.history.filter(game_id=game.pk).order_by("-history_date").first()
    undo_change(game=game, history_id=record.history_id, reason="it was right")


def _table_closed(event):
    entry.close_game(game=_table(event))


def _table_reopened(event):
    game = _table(event)
    entry.close_game(game=game)
    _snapshot_after_setup(event)
    entry.reopen_game(game=game)


def _round_closed(event):
    round_ = event.rounds.get()
    for game in round_.games.all():
        entry.close_game(game=game)  # every table done: closing the round changes the round
    _snapshot_after_setup(event)
    rounds.close_round(round_=round_)


def _round_seated(event):
    rounds.close_round(round_=event.rounds.get())
    _snapshot_after_setup(event)
    rounds.open_round(event=event, seed=2)


def _round_seated_by_hand(event):
    rounds.close_round(round_=event.rounds.get())
    _snapshot_after_setup(event)
    players = [r.player for r in event.registrations.select_related("player")]
    rounds.seat_by_hand(event=event, tables=[players[:3], players[3:]])


def _round_reseated(event):
    rounds.close_round(round_=event.rounds.get())
    round_ = rounds.open_round(event=event, seed=2)
    _snapshot_after_setup(event)
    rounds.reseat_round(round_=round_, seed=3)


def _clock_started(event):
    start_clock(round_=event.rounds.get(), minutes=45)


def _player_registered(event):
    events.register_player(event=event, name="Gaston")


def _player_checked_out(event):
    registration = Registration.objects.filter(event=event).first()
    events.set_presence(registration=registration, checked_in=False)


def _rules_changed(event):
    events.change_rules(event=event, variant=event.variant, options={"target": 150})


def _settings_saved(event):
    events.save_settings(event=event, changes={"name": "Grand tournoi", "entry_fee": Decimal(5)})


def _game_imported(event):
    document = {
        "format": "ramiscore/1",
        "variant": "rami-penalites",
        "players": ["Hélène", "Igor"],
        "hands": [{"how": "going_out", "ended_by": "Hélène", "held": {"Igor": 12}}],
    }
    gamefiles.import_game(event=event, document=document)


def _event_recomputed(event):
    recompute.recompute_event(event)


# What happens to the pages of a tournament (round 1 in play, a hand at each table).
# Writes that set something up first call _snapshot_after_setup: only the last change is
# measured.
WRITES = {
    "a hand entered": (_hand_entered, True),
    "a hand corrected": (_hand_corrected, True),
    "the last hand deleted": (_hand_deleted, True),
    "a hand confirmed": (_hand_confirmed, True),
    "a change undone": (_change_undone, True),
    "a table closed": (_table_closed, True),
    "a table reopened": (_table_reopened, True),
    "a round closed": (_round_closed, False),
    "a round seated": (_round_seated, False),
    "a round seated by hand": (_round_seated_by_hand, False),
    "a round re-seated": (_round_reseated, False),
    "the round's clock started": (_clock_started, True),
    "a player registered": (_player_registered, False),
    "a player checked out": (_player_checked_out, False),
    "the rules changed": (_rules_changed, True),
    "the settings saved": (_settings_saved, True),
    "a game file imported": (_game_imported, False),
    "the event recomputed": (_event_recomputed, True),
}

_snapshots: dict[int, dict[str, str]] = {}


def _tags(event: Event) -> dict[str, str]:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    first_table = reverse("game", args=[event.games.order_by("pk").first().pk])
    return {
        "event": client.get(reverse("event", args=[event.pk]))["ETag"],
        "standings": client.get(reverse("tournament:standings", args=[event.pk]))["ETag"],
        "table": client.get(first_table)["ETag"],
    }


def _snapshot_after_setup(event: Event) -> None:
    _snapshots[event.pk] = _tags(event)


@pytest.mark.parametrize("write", list(WRITES), ids=list(WRITES))
def test_every_kind_of_change_gives_the_pages_a_new_etag(tournament, write):
    change, shows_on_the_table = WRITES[write]
    _snapshot_after_setup(tournament)
    change(Event.objects.get(pk=tournament.pk))
    before, after = _snapshots.pop(tournament.pk), _tags(tournament)
    assert after["event"] != before["event"]
    assert after["standings"] != before["standings"]
    if shows_on_the_table:
        # The first table of the event (all tables, for the event's own settings).
        assert after["table"] != before["table"]


def test_a_rendering_with_the_visitors_own_csrf_token_or_session_is_not_shared(rf):
    from django.contrib.sessions.backends.db import SessionStore
    from django.http import HttpResponse
    from django.middleware.csrf import get_token

    from tournaments.web.polling import _same_for_everyone

    request = rf.get("/", HTTP_HX_REQUEST="true")
    request.session = SessionStore()
    assert _same_for_everyone(request, HttpResponse("the tables"))
    get_token(request)  # a form in the page: the token is this visitor's
    assert not _same_for_everyone(request, HttpResponse("the tables"))
    other = rf.get("/", HTTP_HX_REQUEST="true")
    other.session = SessionStore()
    other.session["device"] = "a phone"  # a session started for him
    assert not _same_for_everyone(other, HttpResponse("the tables"))
