"""The federation ranking: every rated game of its clubs in date order, one person whichever
club he plays in; moved on game by game as a rebuild would; as of any date; explained line by
line."""

from __future__ import annotations

import datetime

import pytest

from tests.factories import EventFactory, make_game, play
from tournaments.federation.selectors import federation_ranking, rating_lines
from tournaments.federation.services.people import merge_players
from tournaments.federation.services.ranking import game_rated, rebuild_ranking
from tournaments.models import FederationRating, Player

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 10, 1)


def night(club, day: datetime.date, players: tuple[str, ...], winner: str):
    event = EventFactory(club=club, date=day, options={"target": 10})
    game = make_game(event, players=players)
    others = [name for name in players if name != winner]
    play(game, "going_out", winner, **{others[0]: 6, others[1]: 12})
    game.refresh_from_db()
    return game


def rows(federation) -> list[tuple]:
    return sorted(
        FederationRating.objects.filter(federation=federation).values_list(
            "person_id", "game_id", "place", "rating", "change"
        )
    )


def season_of_games(club, vincennes) -> list:
    return [
        night(club, DAY, ("Anne", "Bruno", "Chloé"), "Anne"),
        night(vincennes, DAY + datetime.timedelta(1), ("Anne", "Denis", "Émile"), "Denis"),
        night(club, DAY + datetime.timedelta(7), ("Bruno", "Chloé", "Anne"), "Chloé"),
        night(vincennes, DAY + datetime.timedelta(8), ("Denis", "Émile", "Anne"), "Anne"),
    ]


def test_rating_game_by_game_gives_what_a_rebuild_gives(federation, club, vincennes):
    games = season_of_games(club, vincennes)
    for game in games:
        assert game_rated(game)
    step_by_step = rows(federation)
    rebuild_ranking(federation=federation)
    assert rows(federation) == step_by_step
    assert len(step_by_step) == 12


def test_one_person_in_two_clubs_has_one_rating_that_goes_on_from_club_to_club(
    federation, club, vincennes, official
):
    games = season_of_games(club, vincennes)
    anne = list(Player.objects.filter(name="Anne").order_by("club_id"))
    merge_players(federation=federation, players=anne, user=official)
    rebuild_ranking(federation=federation)
    person = Player.objects.get(pk=anne[0].pk).person
    lines = rating_lines(person)
    assert [line.event.club.name for line in lines] == [
        "Club de rami de Montreuil",
        "Rami club de Vincennes",
        "Club de rami de Montreuil",
        "Rami club de Vincennes",
    ]
    assert lines[0].before == 1000
    for earlier, later in zip(lines, lines[1:], strict=False):
        assert later.before == earlier.after  # one rating, game after game
    for line in lines:
        assert line.after == line.before + line.change
    assert [line.place for line in lines] == [1, 2, 3, 1]
    assert lines[0].opponents == ["Bruno", "Chloé"]
    assert len(games) == 4


def test_the_ranking_can_be_read_as_of_any_date(federation, club, vincennes):
    season_of_games(club, vincennes)
    rebuild_ranking(federation=federation)
    early = federation_ranking(federation, on=DAY)
    assert {row.name for row in early} == {"Anne", "Bruno", "Chloé"}
    assert early[0].name == "Anne" and early[0].place == 1
    today = federation_ranking(federation)
    assert len(today) == 6  # Anne of Montreuil and Anne of Vincennes are two people here
    assert [row.rating for row in today] == sorted((row.rating for row in today), reverse=True)


def test_a_corrected_old_result_is_rated_again_from_its_date(federation, club, vincennes):
    from tests.factories import correct

    games = season_of_games(club, vincennes)
    for game in games:
        game_rated(game)
    first = games[0]
    hand = first.hands.get()
    correct(hand, "going_out", "Bruno", reason="wrong winner", Anne=6, Chloé=12)
    game_rated(first)
    after_correction = rows(federation)
    rebuild_ranking(federation=federation)
    assert rows(federation) == after_correction
    bruno = Player.objects.get(club=club, name="Bruno").person
    assert rating_lines(bruno)[0].place == 1


def test_a_game_outside_any_federation_is_not_rated(db):
    game = night(EventFactory().club, DAY, ("A", "B", "C"), "A")
    assert game_rated(game) is False
    assert not FederationRating.objects.exists()


def test_a_game_finishing_at_a_federation_s_club_moves_the_ranking_in_the_background(
    federation, club, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as sent:
        game = night(club, DAY, ("Anne", "Bruno", "Chloé"), "Anne")
    assert sent  # the rating waits for the hand's transaction to commit
    assert FederationRating.objects.filter(game=game).count() == 3
    assert federation_ranking(federation)[0].name == "Anne"
