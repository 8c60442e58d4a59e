"""Rounds: seat every present player at tables the variant allows, close at time."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.factories import EventFactory, PlayerFactory, play
from tournaments.events.services.events import register_player, set_presence
from tournaments.events.services.rounds import close_round, open_round, reseat_round, seat_by_hand
from tournaments.models import Bye, Registration, Seat

pytestmark = pytest.mark.django_db


def event_with(count, **fields):
    event = EventFactory(**fields)
    for i in range(count):
        register_player(event=event, name=f"Joueur {i + 1}")
    return event


def seated(round_):
    return sorted(Seat.objects.filter(game__round=round_).values_list("player__name", flat=True))


def test_a_club_night_seats_everyone_present_in_tables_of_the_variant(
    django_assert_max_num_queries,
):
    event = event_with(7, entry_fee=Decimal("2.50"))
    set_presence(registration=Registration.objects.get(player__name="Joueur 7"), checked_in=False)
    round_ = open_round(event=event, seed=3)
    assert seated(round_) == [f"Joueur {i}" for i in range(1, 7)]
    sizes = sorted(game.seats.count() for game in round_.games.all())
    assert sizes == [3, 3]
    # Each table plays for its players' stakes.
    assert [g.pot for g in round_.games.all()] == [Decimal("7.50"), Decimal("7.50")]


def test_the_same_seed_seats_the_same_way():
    first = event_with(9)
    second = event_with(9)
    tables = []
    for event in (first, second):
        round_ = open_round(event=event, seed=42)
        tables.append(
            [[s.player.name for s in g.seats.select_related("player")] for g in round_.games.all()]
        )
    assert tables[0] == tables[1]


def test_a_round_cannot_open_while_the_last_one_is_open():
    event = event_with(4)
    open_round(event=event, seed=1)
    with pytest.raises(ValidationError, match="still open"):
        open_round(event=event, seed=2)


def test_too_few_players_is_a_clear_error():
    event = event_with(1)
    with pytest.raises(ValidationError, match="Only 1 player is checked in"):
        open_round(event=event)


def test_a_round_robin_says_when_it_is_over():
    event = event_with(4, variant="gin-rummy", kind="tournament", seating_method="round_robin")
    for number in range(1, 4):
        round_ = open_round(event=event, seed=number)
        close_round(round_=round_)
    with pytest.raises(ValidationError, match="has 3 rounds: it is over"):
        open_round(event=event)


def test_gin_rummy_gives_a_bye_to_the_odd_player_out():
    event = event_with(5, variant="gin-rummy", kind="tournament", bye_points=2)
    round_ = open_round(event=event, seed=5)
    assert all(game.seats.count() == 2 for game in round_.games.all())
    bye = Bye.objects.get(round=round_)
    assert bye.points == 2 and len(seated(round_)) == 4


def test_seating_by_hand_checks_the_table_sizes():
    event = EventFactory(variant="gin-rummy")
    a, b, c = (PlayerFactory(club=event.club) for _ in range(3))
    with pytest.raises(ValidationError, match="Table 1 has 3 players"):
        seat_by_hand(event=event, tables=[[a, b, c]])
    with pytest.raises(ValidationError, match="seated twice"):
        seat_by_hand(event=event, tables=[[a, b], [a, c]])
    round_ = seat_by_hand(event=event, tables=[[b, a]])
    assert [s.player for s in round_.games.get().seats.all()] == [b, a]


def test_a_round_can_be_reseated_until_its_first_hand():
    event = event_with(6, options={"target": 100})
    round_ = open_round(event=event, seed=1)
    round_ = reseat_round(round_=round_, seed=2)
    assert round_.number == 1 and len(seated(round_)) == 6
    game = round_.games.first()
    names = [s.player.name for s in game.seats.select_related("player")]
    play(game, "going_out", names[0], **dict.fromkeys(names[1:], 5))
    with pytest.raises(ValidationError, match="cannot be re-seated"):
        reseat_round(round_=round_)


def test_closing_a_round_closes_its_unfinished_games_with_a_winner():
    event = event_with(6, options={"target": 100})
    round_ = open_round(event=event, seed=1)
    game = round_.games.first()
    names = [s.player.name for s in game.seats.select_related("player")]
    play(game, "going_out", names[1], **{n: 30 for n in names if n != names[1]})
    close_round(round_=round_)
    game.refresh_from_db()
    assert game.closed and game.finished and game.winner.name == names[1]
    # The table that played no hand is closed too, but without a result.
    untouched = round_.games.exclude(pk=game.pk).get()
    assert untouched.closed and not untouched.finished and untouched.winner is None
    assert not untouched.seats.exclude(tournament_points=0).exists()
    open_round(event=event, seed=2)  # the next round can open now


def test_seating_by_hand_lets_the_odd_player_sit_out_with_the_bye_points():
    event = EventFactory(variant="gin-rummy", kind="tournament", bye_points=2)
    anne, bruno, jules = (
        PlayerFactory(club=event.club, name=n) for n in ("Anne", "Bruno", "Jules")
    )
    round_ = seat_by_hand(event=event, tables=[[anne, bruno]], byes=[jules])
    assert [s.player for s in round_.games.get().seats.order_by("position")] == [anne, bruno]
    bye = Bye.objects.get(round=round_)
    assert bye.player == jules and bye.points == 2


@pytest.mark.parametrize(
    "tables, byes, message",
    [
        ([["Anne", "Bruno"]], ["Bruno"], "Bruno cannot both play and sit out this round."),
        ([["Anne", "Bruno"]], ["Jules", "Jules"], "Jules sits out twice."),
        ([], ["Jules"], "Seat at least one table."),
    ],
    ids=["playing and sitting out", "sitting out twice", "no table"],
)
def test_seating_by_hand_puts_each_player_in_one_place(tables, byes, message):
    event = EventFactory(variant="gin-rummy")
    players = {n: PlayerFactory(club=event.club, name=n) for n in ("Anne", "Bruno", "Jules")}
    with pytest.raises(ValidationError) as caught:
        seat_by_hand(
            event=event,
            tables=[[players[n] for n in table] for table in tables],
            byes=[players[n] for n in byes],
        )
    assert caught.value.messages == [message]
    assert not event.rounds.exists() and not Bye.objects.exists()


@pytest.mark.parametrize(
    "variant, sizes, message",
    [
        (
            "gin-rummy",
            [2, 1],
            "Table 2 has 1 player. Gin-rummy (2 players) is played by exactly 2 players.",
        ),
        (
            "gin-rami",
            [5],
            "Table 1 has 5 players. Gin-rami (2–4 players, penalty points) is played by 2 to 4 "
            "players.",
        ),
    ],
)
def test_a_table_of_the_wrong_size_is_explained_in_good_grammar(variant, sizes, message):
    event = EventFactory(variant=variant)
    players = iter(PlayerFactory.create_batch(sum(sizes), club=event.club))
    tables = [[next(players) for _seat in range(size)] for size in sizes]
    with pytest.raises(ValidationError) as caught:
        seat_by_hand(event=event, tables=tables)
    assert caught.value.messages == [message]


def test_the_table_size_message_reads_well_in_french():
    event = EventFactory(variant="gin-rummy")
    a, b, c = PlayerFactory.create_batch(3, club=event.club)
    with translation.override("fr"), pytest.raises(ValidationError) as caught:
        seat_by_hand(event=event, tables=[[a, b], [c]])
    assert caught.value.messages == [
        "La table 2 a 1 joueur. Gin-rummy (2 joueurs) se joue à exactement 2 joueurs."
    ]


def meetings(event) -> Counter:
    """How many times each pair of players has sat at one table in the event."""
    pairs: Counter = Counter()
    for game in event.games.prefetch_related("seats"):
        ids = sorted(seat.player_id for seat in game.seats.all())
        pairs.update(combinations(ids, 2))
    return pairs


def test_balanced_mixing_follows_one_plan_over_the_planned_rounds():
    # 32 players at tables of 4 for 10 rounds, the most possible: a schedule where nobody
    # meets anyone twice exists (docs/seating.md); a new draw each round repeated 20 pairs
    # over 9 rounds, and the plan repeated 16 over 10 before it followed the published one.
    event = event_with(32, kind="tournament", seating_method="balanced", planned_rounds=10)
    for _round in range(10):
        close_round(round_=open_round(event=event))
    assert {game.seats.count() for game in event.games.all()} == {4}
    assert max(meetings(event).values()) == 1


def test_re_seating_a_balanced_round_draws_a_new_plan():
    event = event_with(16, kind="tournament", seating_method="balanced", planned_rounds=5)
    first = open_round(event=event)
    again = reseat_round(round_=first)
    assert again.seed != first.seed
    close_round(round_=again)
    # The rounds after it follow the new plan: still nobody meets anyone twice.
    for _round in range(4):
        close_round(round_=open_round(event=event))
    assert max(meetings(event).values()) == 1
