"""Event archives (issue 10 §3): every fact out and back in, byte for byte, with no database
id; derived rows recomputed, never read; a refused archive stores nothing and says why, one
line per problem."""

from __future__ import annotations

import copy
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from tests.archive_support import assert_no_database_ids, export, games_of, rich_event, row_counts
from tests.factories import ClubFactory, UserFactory, organise
from tournaments.archive.services.read import parse_archive_text
from tournaments.archive.services.store import import_event
from tournaments.demo import load_demo
from tournaments.models import Club, Event, RatingUpdate, Standing
from tournaments.play.display.audit import game_changes
from tournaments.play.selectors.history import game_history
from tournaments.standings.selectors import STANDING_SUMS

pytestmark = pytest.mark.django_db


def imported(text: str, **where) -> Event:
    return import_event(document=parse_archive_text(text), **where)


def test_every_demo_event_comes_back_byte_for_byte_into_a_database_with_other_ids(settings):
    settings.DEBUG = True
    load_demo()
    originals = list(Event.objects.order_by("id"))
    texts = [export(event) for event in originals]
    assert len(texts) == 9
    Event.objects.all().delete()
    Club.objects.all().delete()
    get_user_model().objects.all().delete()
    # Rows in the way: every imported row gets another id than it had.
    someone = UserFactory(username="someone-else")
    other = ClubFactory(name="Un autre club")
    organise(other, someone)
    rich_event(other, someone)
    for original, text in zip(originals, texts, strict=True):
        event = imported(text)
        assert event.pk != original.pk
        assert export(event) == text, original.name


def test_the_archive_names_nothing_by_a_database_id(club, organiser):
    document = json.loads(export(rich_event(club, organiser)))
    assert_no_database_ids(document)
    assert document["format"] == "ramiscore-event/1"


def test_an_event_with_every_kind_of_fact_round_trips_with_its_history(club, organiser):
    event = rich_event(club, organiser)
    text = export(event)
    again = imported(text, club=ClubFactory(name="Club voisin"))  # one club per name
    assert json.loads(export(again)) == {**json.loads(text), "club": "Club voisin"}
    for before, after in zip(games_of(event), games_of(again), strict=True):
        assert _changes(before) == _changes(after)
        assert _derived(before) == _derived(after)


def test_the_archive_keeps_who_entered_confirmed_discarded_and_when(club, organiser):
    document = json.loads(export(rich_event(club, organiser)))
    first_round, second_round = document["rounds"]
    assert first_round["byes"] == ["Gérard"]
    assert [c["action"] for c in first_round["clock"]] == ["start", "pause", "resume", "extend"]
    assert {c["by"] for c in first_round["clock"]} == {organiser.username}
    table = first_round["games"][0]
    first = table["hands"][0]
    assert (first["entered_by_seat"], first["confirmed_by_seat"]) == ("Bruno", None)
    assert first["confirmed_by"] == organiser.username  # the organiser's correction vouches
    assert [r["reason"] for r in first["history"]] == ["", "confirmed", "miscounted"]
    assert first["history"][1]["confirmed_by_seat"] == "Chloé"
    reasons = [[r["reason"] for r in hand["history"]] for hand in table["deleted_hands"]]
    assert reasons == [["", "entered twice"], ["", "renumbered", "confirmed", "wrong table"]]
    assert [r["number"] for r in table["deleted_hands"][1]["history"]] == [4, 3, 3, 3]
    assert table["hands"][-1]["history"][0]["reason"] == "it was this table"
    assert second_round["games"][0]["imported"] is True
    assert second_round["games"][0]["variant"] == "gin-rummy"
    withdrawn = {r["player"]: r["withdrawn"] for r in document["registrations"]}
    assert withdrawn["Gérard"] is True and withdrawn["Anne"] is False


def test_totals_ranks_standings_and_ratings_are_recomputed_as_the_original_has_them(settings):
    settings.DEBUG = True
    load_demo()
    for name in ("Tournoi de printemps", "Soirée du jeudi n° 1"):
        original = Event.objects.get(name=name)
        copy_ = imported(export(original), club_name="Club d'ailleurs")
        for before, after in zip(games_of(original), games_of(copy_), strict=True):
            assert _derived(before) == _derived(after)
        assert _standings(original) == _standings(copy_)
    # The first night is the club's first: its ratings do not depend on any earlier one.
    first = Event.objects.filter(name="Soirée du jeudi n° 1").order_by("id")
    assert _ratings(first[0]) == _ratings(first[1])


def test_a_total_written_into_the_archive_is_ignored(club, organiser):
    document = json.loads(export(rich_event(club, organiser)))
    table = document["rounds"][0]["games"][1]
    table["totals"] = {"Denis": 999}
    table["winner"] = "François"
    event = import_event(document=document, club=ClubFactory())
    game = games_of(event)[1]
    totals = dict(game.seats.values_list("player__name", "total"))
    assert 999 not in totals.values()
    assert game.winner.name != "François"


def test_a_refused_archive_stores_nothing_and_says_each_problem_on_one_line(club, organiser):
    document = json.loads(export(rich_event(club, organiser)))
    elsewhere = ClubFactory()
    before = row_counts()
    tampered = copy.deepcopy(document)
    tampered["registrations"] = [r for r in tampered["registrations"] if r["player"] != "Gérard"]
    tampered["rounds"][0]["games"][1]["hands"][1]["number"] = 1
    tampered["rounds"][0]["games"][0]["hands"][0]["held"]["Bruno"] = 500
    tampered["event"]["entry_fee"] = 10
    tampered["rounds"][0]["games"][0]["hands"][1]["confirmed_by_seat"] = "Zoé"
    with pytest.raises(ValidationError) as refused:
        import_event(document=tampered, club=elsewhere)
    assert refused.value.messages == [
        "event: entry_fee must be an amount such as 10.00, not 10.",
        "round 1, table 1: hand 1, player Bruno: 500 is more than 10 cards can be worth (108)",
        "round 1, table 1, hand 2: confirmed_by_seat must be a player of this table, or null, "
        'not "Zoé".',
        "round 1, table 2: hand 1 appears twice.",
        "round 1: Gérard plays but is not among the registrations.",
    ]
    messages = refused.value.messages
    assert all("\n" not in message for message in messages)
    assert row_counts() == before


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"format": "ramiscore/1"}, 'its format must be ramiscore-event/1, not "ramiscore/1"'),
        ([], "its format must be ramiscore-event/1, not null"),
        ({"format": "ramiscore-event/1"}, "the archive: club is missing."),
    ],
)
def test_what_is_no_archive_is_refused_with_one_line(document, message):
    before = row_counts()
    with pytest.raises(ValidationError) as refused:
        import_event(document=document)
    assert message in refused.value.messages[0]
    assert row_counts() == before


def test_text_that_is_not_json_is_refused_with_its_line():
    with pytest.raises(ValidationError, match="not valid JSON \\(line 2\\)"):
        parse_archive_text('{\n"format": ')


def test_an_event_name_already_taken_in_the_club_is_refused_unless_renamed(club, organiser):
    text = export(rich_event(club, organiser))
    before = row_counts()
    with pytest.raises(ValidationError, match="already has an event named Tournoi d’automne"):
        imported(text, club=club)
    assert row_counts() == before
    renamed = imported(text, club=club, rename="Tournoi d’automne (copie)")
    assert renamed.name == "Tournoi d’automne (copie)" and renamed.club == club


def test_the_club_named_in_the_archive_is_used_or_created(club, organiser):
    text = export(rich_event(club, organiser))
    Event.objects.all().delete()
    assert imported(text).club == club  # the same name
    elsewhere = imported(text, club_name="  club   NOUVEAU ")
    assert elsewhere.club.name == "club NOUVEAU"
    assert imported(text, club_name="CLUB nouveau", rename="Encore").club == elsewhere.club


def test_people_the_site_does_not_know_get_an_account_that_cannot_log_in(club, organiser):
    text = export(rich_event(club, organiser))
    Event.objects.all().delete()
    get_user_model().objects.filter(pk=organiser.pk).delete()
    imported(text)
    account = get_user_model().objects.get(username=organiser.username)
    assert not account.is_active and not account.has_usable_password()
    assert not account.memberships.exists()


def _changes(game) -> list[tuple]:
    seats = list(game.seats.select_related("player"))
    changes = game_changes(game_history(game, seats), seats, limit=None)
    return [(c.when, c.who, c.action, c.summary, c.reason, c.details) for c in changes]


def _derived(game) -> dict:
    seats = game.seats.order_by("position").values_list(
        "player__name", "total", "rank", "hands_won", "prize", "tournament_points"
    )
    hands = game.hands.order_by("number").values_list("number", "result", "winner__player__name")
    lines = game.hands.order_by("number").values_list(
        "lines__seat__player__name", "lines__counted", "lines__points", "lines__running_total"
    )
    return {
        "game": (game.finished, game.hands_played, game.winner and game.winner.name),
        "seats": list(seats),
        "hands": list(hands),
        "lines": sorted(lines, key=str),
    }


def _standings(event) -> list[tuple]:
    rows = Standing.objects.filter(event=event).values_list("player__name", *STANDING_SUMS)
    return sorted(rows)


def _ratings(event) -> list[tuple]:
    rows = RatingUpdate.objects.filter(game__event=event).values_list(
        "player__name", "game__table_number", "place", "mu", "sigma"
    )
    return sorted(rows)
