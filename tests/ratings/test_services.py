"""Club ratings: openskill over finishing orders, in date order, recomputed from the facts
when a result appears, changes or goes; and seating by rating."""

from __future__ import annotations

import datetime
import random

import pytest
from django.core.management import call_command

from tests.factories import EventFactory, PlayerFactory, make_game, play
from tests.views.organiser_support import seen_now
from tournaments.events.services.rounds import open_round
from tournaments.models import Event, Hand, Player, RatingUpdate, Registration, Round
from tournaments.play.facts import HandFacts
from tournaments.play.services.entry import close_game, correct_hand, delete_last_hand
from tournaments.ranking.ratings import START, rate_table, shown_rating
from tournaments.ratings.selectors import current_ratings, player_rating
from tournaments.ratings.services import recompute_ratings

pytestmark = pytest.mark.django_db

NEWCOMER = shown_rating(*START)


def finish(game, winner: str, **held) -> None:
    """Hands won by `winner`, the others holding `held`, until the game is over (rami à
    pénalités to 50: penalty points, lowest total wins)."""
    while True:
        game.refresh_from_db()
        if game.finished:
            return
        play(game, "going_out", winner, **held)


def night(club, day: int, players=("Anne", "Bruno", "Chloé"), **fields) -> Event:
    return EventFactory(
        club=club,
        date=datetime.date(2026, 10, day),
        options={"target": 50},
        **fields,
    )


def ratings_by_name(club) -> dict[str, int]:
    players = Player.objects.filter(club=club)
    found = current_ratings(players.values_list("id", flat=True))
    return {player.name: found[player.id] for player in players}


def test_tied_players_with_equal_ratings_get_equal_updates_between_the_winner_and_the_last():
    after = rate_table([START] * 4, [1, 2, 2, 4])
    assert after[1] == pytest.approx(after[2])
    assert after[0][0] > after[1][0] > after[3][0]


def test_tied_winners_gain_more_than_the_third():
    # openskill 6.2 alone gives the third as much as the tied winners.
    after = rate_table([START] * 4, [1, 1, 3, 4])
    assert after[0][0] == pytest.approx(after[1][0])
    assert after[0][0] > after[2][0] > after[3][0]


def test_places_must_match_the_players():
    with pytest.raises(ValueError):
        rate_table([START, START], [1])


def test_a_finished_game_rates_its_players_from_the_finishing_order(club):
    game = make_game(night(club, 1))
    play(game, "going_out", "Anne", Bruno=10, Chloé=20)
    assert not RatingUpdate.objects.exists()  # in play: nothing rated yet
    finish(game, "Anne", Bruno=10, Chloé=20)
    ratings = ratings_by_name(club)
    assert ratings["Anne"] > ratings["Bruno"] > ratings["Chloé"]
    assert RatingUpdate.objects.filter(game=game).count() == 3
    assert dict(RatingUpdate.objects.values_list("player__name", "place")) == {
        "Anne": 1,
        "Bruno": 2,
        "Chloé": 3,
    }


def test_correcting_a_finished_game_recomputes_it_and_every_later_game(club):
    first = make_game(night(club, 1))
    finish(first, "Anne", Bruno=10, Chloé=20)
    later = make_game(night(club, 8))
    finish(later, "Bruno", Anne=10, Chloé=20)
    before_later = dict(RatingUpdate.objects.filter(game=later).values_list("player__name", "mu"))
    # Hand 1 of the first night was in fact won by Chloé.
    hand = Hand.objects.get(game=first, number=1)
    seats = {seat.player.name: seat for seat in first.seats.select_related("player")}
    facts = HandFacts("going_out", seats["Chloé"], {seats["Anne"].id: 40, seats["Bruno"].id: 10})
    correct_hand(hand=hand, facts=facts, reason="wrong winner")
    after_later = dict(RatingUpdate.objects.filter(game=later).values_list("player__name", "mu"))
    assert after_later != before_later  # the later night follows the corrected one
    # The same as rebuilding everything from the facts.
    stored = sorted(RatingUpdate.objects.values_list("player_id", "game_id", "mu", "sigma"))
    recompute_ratings(club=club)
    rebuilt = sorted(RatingUpdate.objects.values_list("player_id", "game_id", "mu", "sigma"))
    assert rebuilt == stored


def test_a_game_that_is_no_longer_finished_loses_its_rating(club):
    game = make_game(night(club, 1))
    finish(game, "Anne", Bruno=10, Chloé=20)
    delete_last_hand(game=game, reason="typed twice")
    game.refresh_from_db()
    assert not game.finished
    assert not RatingUpdate.objects.filter(game=game).exists()
    assert ratings_by_name(club)["Anne"] == NEWCOMER


def test_games_are_rated_in_date_order_whatever_the_order_they_are_entered(club):
    late = make_game(night(club, 20))
    finish(late, "Bruno", Anne=10, Chloé=20)
    early = make_game(night(club, 2))
    finish(early, "Anne", Bruno=10, Chloé=20)  # entered afterwards, played before
    history = [point.event_id for point in player_rating(Player.objects.get(name="Anne")).history]
    assert history == [early.event_id, late.event_id]
    stored = sorted(RatingUpdate.objects.values_list("player_id", "game_id", "mu"))
    recompute_ratings(club=club)
    assert sorted(RatingUpdate.objects.values_list("player_id", "game_id", "mu")) == stored


def test_a_game_closed_at_time_is_rated_from_its_totals(club):
    game = make_game(night(club, 1))
    play(game, "going_out", "Chloé", Anne=30, Bruno=10)
    close_game(game=game)
    assert dict(RatingUpdate.objects.values_list("player__name", "place")) == {
        "Chloé": 1,
        "Bruno": 2,
        "Anne": 3,
    }


def test_an_event_moved_to_another_date_takes_its_new_place_in_the_order(club, client, organiser):
    first = make_game(night(club, 1))
    finish(first, "Anne", Bruno=10, Chloé=20)
    second = make_game(night(club, 8))
    finish(second, "Bruno", Anne=10, Chloé=20)
    client.force_login(organiser)
    event = second.event
    response = client.post(
        f"/manage/events/{event.id}/settings/",
        {
            "name": event.name,
            "date": "2026-09-20",
            "kind": "club_night",
            "entry_fee": "0",
            "language": "fr",
            "seating_method": "swiss",
            "points_scale": "3, 1, 0",
            "bye_points": "3",
            "tie_breaks": "score",
            "prize_places": "100",
            "club_share": "0",
            **seen_now(event),
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    history = player_rating(Player.objects.get(name="Anne")).history
    assert [point.event_id for point in history] == [second.event_id, first.event_id]


def test_the_command_rebuilds_every_rating(club, capsys):
    game = make_game(night(club, 1))
    finish(game, "Anne", Bruno=10, Chloé=20)
    stored = sorted(RatingUpdate.objects.values_list("player_id", "mu", "sigma"))
    RatingUpdate.objects.all().delete()
    call_command("recompute_ratings")
    assert sorted(RatingUpdate.objects.values_list("player_id", "mu", "sigma")) == stored
    assert "1 games rated, 3 rating updates" in capsys.readouterr().out


def test_the_shown_rating_is_conservative_and_starts_at_1000():
    assert NEWCOMER == 1000
    assert shown_rating(25, 2) == 1000 + 25 * 19


STRONG = [f"Fort {i}" for i in range(4)]
WEAK = [f"Faible {i}" for i in range(4)]


def rated_strong_and_weak(club) -> None:
    """Four players who each won a night against one of four who each came last."""
    for day, (a, b) in enumerate(zip(STRONG, WEAK, strict=True), start=1):
        game = make_game(night(club, day), players=(a, b, f"Autre {day}"))
        finish(game, a, **{b: 20, f"Autre {day}": 10})


def first_round(club, method: str, seed_by_rating: bool) -> list[set[str]]:
    """Round 1 of a tournament of the eight, seated by `method`: each table's names."""
    event = EventFactory(
        club=club,
        kind="tournament",
        seating_method=method,
        seed_by_rating=seed_by_rating,
        date=datetime.date(2026, 11, 1),
    )
    for name in WEAK + STRONG:
        Registration.objects.create(
            event=event, player=Player.objects.get(club=club, name=name), checked_in=True
        )
    round_ = open_round(event=event, seed=5)
    return [
        set(game.seats.values_list("player__name", flat=True))
        for game in round_.games.order_by("table_number")
    ]


def test_swiss_round_1_seats_players_of_similar_rating_together(club):
    """Eight players at tables of 4: with seating by rating, the four best rated sit at
    table 1; without it, the seating ignores the ratings."""
    rated_strong_and_weak(club)
    assert first_round(club, "swiss", seed_by_rating=True)[0] == set(STRONG)
    assert first_round(club, "swiss", seed_by_rating=False)[0] != set(STRONG)


def test_a_newcomer_is_rated_as_one(club):
    newcomer = PlayerFactory(club=club, name="Zoé")
    assert current_ratings([newcomer.id]) == {newcomer.id: NEWCOMER}


def test_balanced_round_1_deals_the_rated_players_round_the_tables(club):
    """Eight players at tables of 4, seated by rating with balanced mixing: like cards dealt
    out and back, each table gets two of the four best rated and two of the others."""
    rated_strong_and_weak(club)
    for names in first_round(club, "balanced", seed_by_rating=True):
        assert len(names & set(STRONG)) == 2, names


# A tournament day: each table finishing is rated on top of the ratings so far -------------

DAY_PLAYERS = ["Anne", "Bruno", "Chloé", "Dan", "Eve", "Fanny", "Gilles", "Hugo", "Inès"]


def tournament_day(club, rounds: int, seed: int) -> list[list]:
    """A tournament of nine at three tables of three, `rounds` rounds seated at random:
    the games of each round, none played yet."""
    rng = random.Random(seed)
    event = night(club, 3, kind="tournament")
    played = []
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number)
        names = rng.sample(DAY_PLAYERS, len(DAY_PLAYERS))
        played.append(
            [
                make_game(event, players=names[i : i + 3], table_number=i // 3 + 1, round_=round_)
                for i in range(0, len(names), 3)
            ]
        )
    return played


def finish_at_random(game, rng: random.Random) -> None:
    """The game to its end, each hand won by a random player, the others holding 5 to 25."""
    names = list(game.seats.values_list("player__name", flat=True))
    while not game.finished:
        winner = rng.choice(names)
        play(game, "going_out", winner, **{n: rng.randint(5, 25) for n in names if n != winner})
        game.refresh_from_db()


def stored_and_rebuilt(club) -> tuple[list, list]:
    fields = ("player_id", "game_id", "place", "mu", "sigma")
    stored = sorted(RatingUpdate.objects.values_list(*fields))
    recompute_ratings(club=club)
    return stored, sorted(RatingUpdate.objects.values_list(*fields))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tables_finishing_in_any_order_are_rated_as_a_rebuild_would_rate_them(club, seed):
    """Tables finish in a random order within each round, and one table of round 1 only
    after round 3: the ratings stored as they went are those a rebuild from the facts gives."""
    rng = random.Random(seed)
    rounds = tournament_day(club, 3, seed)
    late = rounds[0].pop(rng.randrange(3))
    for games in rounds:
        for game in rng.sample(games, len(games)):
            finish_at_random(game, rng)
    finish_at_random(late, rng)  # rated before the games of rounds 2 and 3: they follow it
    stored, rebuilt = stored_and_rebuilt(club)
    assert len(stored) == 9 * 3
    assert stored == rebuilt  # to the last bit: the same ratings in, the same sums


def test_a_table_finishing_in_the_round_in_play_leaves_the_day_s_other_ratings_in_place(club):
    rng = random.Random(4)
    first, second = tournament_day(club, 2, seed=4)
    for game in first:
        finish_at_random(game, rng)
    kept = set(RatingUpdate.objects.values_list("id", "mu"))
    for game in second:
        finish_at_random(game, rng)
    # Round 1's rows are still those written when it was played: nothing was rated again.
    assert kept <= set(RatingUpdate.objects.values_list("id", "mu"))
    assert RatingUpdate.objects.count() == 18


def test_another_event_of_the_day_and_a_player_at_two_tables_of_a_round_rate_as_a_rebuild(club):
    """What the quick way must leave to a recompute: a club night of the same day, ordered
    before the tournament, finishing after it; and a player at two tables of one round (a
    game file imported into the round)."""
    rng = random.Random(7)
    same_day = make_game(night(club, 3), players=("Anne", "Bruno", "Chloé"))
    first, second = tournament_day(club, 2, seed=7)
    for game in first:
        finish_at_random(game, rng)
    round_2 = second[0].round
    twice = ("Anne", "Zoé", "Yves")  # Anne is also at a table of round 2
    again = make_game(round_2.event, players=twice, table_number=4, round_=round_2)
    for game in [*second, again]:
        finish_at_random(game, rng)
    finish_at_random(same_day, rng)
    stored, rebuilt = stored_and_rebuilt(club)
    assert len(stored) == 9 * 2 + 3 + 3
    assert stored == rebuilt
