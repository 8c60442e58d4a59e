"""Game files in and out: export → import → export is identical; bad files store nothing."""

from __future__ import annotations

import copy
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, PlayerFactory, UserFactory, make_game, play
from tests.rules.vectors import load_vectors, one_of_each_kind
from tournaments.events.services.gamefiles import export_game, import_game
from tournaments.models import Game, Hand, HandLine, Player, Registration, Round
from tournaments.play.services.entry import close_game
from tournaments.rules import read_game, write_game

pytestmark = pytest.mark.django_db

# The engine runs every vector (tests/rules); here, one of each kind goes through the database.
VALID = one_of_each_kind([v for v in load_vectors() if not v.get("expected_error")])
# And E07: its first hand is valid, its second not; nothing of either is stored.
INVALID = one_of_each_kind([v for v in load_vectors() if v.get("expected_error")]) + [
    v for v in load_vectors() if v["id"] == "E07"
]


@pytest.mark.parametrize("vector", VALID, ids=[v["id"] for v in VALID])
def test_export_import_export_is_identical_for_a_valid_vector_of_each_kind(vector, club):
    event = EventFactory(club=club)
    game = import_game(event=event, document=vector["game"])
    first = export_game(game)
    # What the engine reads from the vector is what the database gives back.
    assert first == write_game(read_game(vector["game"]))
    again = import_game(event=EventFactory(club=club), document=first)
    assert export_game(again) == first


def test_a_game_played_through_the_services_exports_and_imports_identically(event):
    game = make_game(event, pot=15)
    play(game, "going_out", "Anne", Bruno=30, Chloé="KD 7S 3H")
    play(game, "rami_sec", "Bruno", Anne=12, Chloé=40)
    play(game, "going_out", "Chloé", Anne=50, Bruno=45)
    close_game(game=game)
    game.refresh_from_db()
    first = export_game(game)
    assert first["closed"] is True and first["pot"] == "15.00"
    assert first["hands"][0]["held"] == {"Bruno": 30, "Chloé": "KD 7S 3H"}
    other = EventFactory(club=event.club)
    imported = import_game(event=other, document=first)
    assert export_game(imported) == first
    # The derived rows are those of the original game.
    totals = dict(imported.seats.values_list("player__name", "total"))
    assert totals == dict(game.seats.values_list("player__name", "total"))
    imported.refresh_from_db()
    assert imported.finished and imported.winner.name == game.winner.name


def test_import_creates_members_seats_hands_lines_and_registrations(club):
    event = EventFactory(club=club, variant="gin-rummy")
    PlayerFactory(club=club, name="Anne")  # an existing member is reused, not doubled
    user = UserFactory()
    document = {
        "format": "ramiscore/1",
        "variant": "gin-rummy",
        "players": ["anne", "Bruno"],
        "pot": "20",
        "hands": [
            {"how": "knock", "ended_by": "anne", "held": {"anne": 5, "Bruno": 25}},
            {"how": "draw"},
        ],
    }
    game = import_game(event=event, document=document, user=user)
    assert Player.objects.filter(club=club).count() == 2
    assert [s.player.name for s in game.seats.order_by("position")] == ["Anne", "Bruno"]
    assert game.pot == Decimal("20.00") and game.table_number == 1
    assert game.round.number == 1 and game.hands_played == 2
    hands = list(game.hands.order_by("number"))
    assert hands[0].entered_by == user and hands[0].ended_by.player.name == "Anne"
    assert HandLine.objects.filter(hand=hands[0]).count() == 2
    assert Registration.objects.filter(event=event, checked_in=True).count() == 2
    assert export_game(game)["players"] == ["Anne", "Bruno"]
    assert hands[0].history.first().history_change_reason == "imported"


def test_import_goes_to_the_open_round_at_the_next_table(event):
    make_game(event)  # round 1, table 1, still open
    document = {"format": "ramiscore/1", "variant": "rummy", "players": ["X", "Y"], "hands": []}
    game = import_game(event=event, document=document)
    assert (game.round.number, game.table_number) == (1, 2)
    assert game.variant == "rummy"  # an imported game keeps its own rules


def test_import_into_a_given_round_creates_it_only_if_it_is_the_next(event):
    document = {"format": "ramiscore/1", "variant": "rummy", "players": ["X", "Y"], "hands": []}
    with pytest.raises(ValidationError, match="no round 3"):
        import_game(event=event, document=document, round_number=3)
    game = import_game(event=event, document=document, round_number=1)
    assert game.round.number == 1
    Round.objects.filter(pk=game.round_id).update(closed_at="2026-01-01T20:00Z")
    again = import_game(event=event, document={**document, "players": ["Z", "W"]})
    assert again.round.number == 2  # the only round is closed: a new one


def test_import_refuses_a_player_already_at_a_table_of_the_round(event):
    make_game(event)
    document = {
        "format": "ramiscore/1",
        "variant": "rummy",
        "players": ["Anne", "Zoé"],
        "hands": [],
    }
    with pytest.raises(ValidationError, match="Anne already plays at table 1"):
        import_game(event=event, document=document)
    assert Game.objects.count() == 1


def test_names_that_would_be_one_member_are_refused(event):
    document = {"format": "ramiscore/1", "variant": "rummy", "players": ["Léa", "LÉA"]}
    with pytest.raises(ValidationError, match="same club member"):
        import_game(event=event, document=document)


@pytest.mark.parametrize("vector", INVALID, ids=[v["id"] for v in INVALID])
def test_an_invalid_file_stores_nothing(vector, event):
    with pytest.raises(ValidationError) as raised:
        import_game(event=event, document=vector["game"])
    assert raised.value.messages
    assert not Game.objects.exists() and not Hand.objects.exists()
    assert not Player.objects.exists() and not Round.objects.exists()


def test_problems_name_their_hand_and_player(event):
    document = {
        "format": "ramiscore/1",
        "variant": "rami-penalites",
        "players": ["A", "B", "C"],
        "hands": [
            {"how": "going_out", "ended_by": "A", "held": {"B": 10, "C": 5}},
            {"how": "going_out", "ended_by": "A", "held": {"B": 999, "C": 5}},
        ],
    }
    with pytest.raises(ValidationError) as raised:
        import_game(event=event, document=document)
    assert any("hand 2" in m and "B" in m for m in raised.value.messages)


def test_export_does_not_change_the_document_it_was_imported_from(event):
    vector = next(v for v in VALID if v["game"]["variant"] == "gin-rummy")
    document = copy.deepcopy(vector["game"])
    import_game(event=event, document=document)
    assert document == vector["game"]


def test_an_imported_game_is_stored_as_rescoring_would_store_it(event, organiser):
    from tournaments.play.services.scoring import refresh_game

    vector = next(v for v in VALID if v["id"] == "GG01")  # a gin-rummy match, bonuses and all
    game = import_game(event=event, document=vector["game"], user=organiser)

    def stored():
        return (
            list(game.hands.order_by("number").values_list("number", "result", "winner")),
            list(
                HandLine.objects.filter(hand__game=game)
                .order_by("hand__number", "seat__position")
                .values_list("held_count", "held_cards", "counted", "points", "running_total")
            ),
        )

    before = stored()
    refresh_game(game)
    assert stored() == before
    hands = len(vector["game"]["hands"])
    assert HandLine.objects.filter(hand__game=game).count() == hands * game.seats.count()
    history = Hand.history.filter(game_id=game.id)
    assert history.count() == hands
    assert {(h.history_change_reason, h.history_user_id) for h in history} == {
        ("imported", organiser.id)
    }
    assert HandLine.history.filter(hand__game_id=game.id).count() == hands * 2


def test_the_largest_pot_of_a_game_file_is_what_the_pot_column_holds():
    from tournaments.rules.gamefile import LARGEST_POT

    column = Game._meta.get_field("pot")
    assert LARGEST_POT == 10**column.max_digits - 1  # in cents: 99999999.99
    assert column.decimal_places == 2
