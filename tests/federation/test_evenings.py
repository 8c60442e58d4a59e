"""A simultaneous evening's services: venues, each running its own players and tables, and
the ranking across them (docs/federation.md)."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.factories import ClubFactory, UserFactory, organise, play
from tournaments.clubs.permissions import Can
from tournaments.clubs.selectors.roles import EVERYTHING, NOTHING, allowed_at
from tournaments.events.services.events import register_player
from tournaments.events.services.rounds import open_round
from tournaments.federation.selectors import evening_ranking, evening_venues, venue_page
from tournaments.federation.services.evenings import (
    close_venue_round,
    create_evening,
    register_at_venue,
    seat_venue,
    set_venue_presence,
)
from tournaments.models import Event, Game, Registration, Role
from tournaments.standings.services import rebuild_event

MONTREUIL = ["Anne", "Bruno", "Chloé", "Denis", "Elise", "Fanny", "Gilles", "Hugo"]
VINCENNES = ["Ivan", "Jeanne", "Karim", "Léa"]

pytestmark = pytest.mark.django_db


def venues(evening):
    montreuil, vincennes = evening.venues.order_by("number")
    return montreuil, vincennes


def seated_evening(evening, organiser, vincennes_organiser):
    montreuil, vincennes = venues(evening)
    register_at_venue(venue=montreuil, names=MONTREUIL, user=organiser)
    register_at_venue(venue=vincennes, names=VINCENNES, user=vincennes_organiser)
    seat_venue(venue=montreuil, user=organiser, seed=1)
    seat_venue(venue=vincennes, user=vincennes_organiser, seed=1)
    return montreuil, vincennes


def finish(game):
    """The game's first seat goes out, the others hold enough to pass the target of 50."""
    seats = [seat.player.name for seat in game.seats.select_related("player")]
    play(game, "going_out", seats[0], **dict.fromkeys(seats[1:], 60))


def test_an_official_creates_an_evening_with_one_venue_per_club(evening, federation):
    assert evening.is_simultaneous and evening.kind == Event.Kind.TOURNAMENT
    assert [(v.number, v.club.name) for v in evening.venues.order_by("number")] == [
        (1, "Club de rami de Montreuil"),
        (2, "Rami club de Vincennes"),
    ]
    assert evening.club.name == "Club de rami de Montreuil"  # venue 1's, for its records


def test_only_an_official_creates_one_and_only_with_clubs_of_the_federation(
    federation, vincennes, organiser, official
):
    other = ClubFactory(name="Club d'ailleurs")
    arguments = {
        "federation": federation,
        "name": "Simultané",
        "date": datetime.date(2026, 12, 4),
        "variant": "rami-penalites",
    }
    with pytest.raises(ValidationError, match="officials"):
        create_evening(clubs=list(federation.clubs.all()), created_by=organiser, **arguments)
    with pytest.raises(ValidationError, match="Club d'ailleurs: not a club of the federation"):
        create_evening(clubs=[vincennes, other], created_by=official, **arguments)
    with pytest.raises(ValidationError, match="at least two clubs"):
        create_evening(clubs=[vincennes], created_by=official, **arguments)


def test_each_venue_seats_its_own_players_at_its_own_numbered_tables(
    evening, organiser, vincennes_organiser
):
    montreuil, vincennes = seated_evening(evening, organiser, vincennes_organiser)
    tables = {
        game.table_number: {seat.player.club_id for seat in game.seats.select_related("player")}
        for game in Game.objects.filter(event=evening)
    }
    by_venue = {
        venue.number: sorted(
            Game.objects.filter(venue=venue).values_list("table_number", flat=True)
        )
        for venue in (montreuil, vincennes)
    }
    assert by_venue == {1: [101, 102], 2: [201]}
    # Nobody crosses: every table's players are of its venue's club.
    for game in Game.objects.filter(event=evening).select_related("venue"):
        assert tables[game.table_number] == {game.venue.club_id}
    assert evening.rounds.count() == 1  # one round 1, shared by the venues


def test_a_venue_organiser_cannot_seat_register_or_close_at_another_venue(
    evening, organiser, vincennes_organiser
):
    montreuil, vincennes = venues(evening)
    register_at_venue(venue=montreuil, names=MONTREUIL[:4], user=organiser)
    with pytest.raises(ValidationError, match="Only the organisers of Rami club de Vincennes"):
        register_at_venue(venue=vincennes, names=["Intrus"], user=organiser)
    with pytest.raises(ValidationError, match="Only the organisers of Club de rami de Montreuil"):
        seat_venue(venue=montreuil, user=vincennes_organiser)
    registration = Registration.objects.get(player__name="Anne")
    with pytest.raises(ValidationError):
        set_venue_presence(
            venue=montreuil, registration=registration, user=vincennes_organiser, checked_in=False
        )
    with pytest.raises(ValidationError, match="another venue"):
        set_venue_presence(
            venue=vincennes, registration=registration, user=vincennes_organiser, checked_in=False
        )
    seat_venue(venue=montreuil, user=organiser)
    with pytest.raises(ValidationError):
        close_venue_round(venue=montreuil, user=vincennes_organiser)
    assert not Game.objects.filter(closed=True).exists()


def test_who_runs_what(evening, organiser, vincennes_organiser, official):
    montreuil, vincennes = venues(evening)
    assert allowed_at(organiser, evening, montreuil) == EVERYTHING
    assert allowed_at(organiser, evening, vincennes) == NOTHING
    assert allowed_at(organiser, evening) == NOTHING  # the evening as a whole: its officials'
    assert allowed_at(official, evening) == allowed_at(official, evening, vincennes) == EVERYTHING
    assert allowed_at(None, evening, montreuil) == NOTHING


def test_a_venues_volunteers_hold_their_roles_at_their_venue_only(evening, club):
    montreuil, vincennes = venues(evening)
    scorer = UserFactory(username="marqueur")
    organise(club, scorer, Role.SCORER)
    door = UserFactory(username="portier")
    organise(club, door, Role.DOOR)
    assert allowed_at(scorer, evening, montreuil) == {Can.SEE_EVENT, Can.KEEP_SCORE}
    assert allowed_at(door, evening, montreuil) == {Can.SEE_EVENT, Can.REGISTER, Can.TAKE_FEES}
    assert allowed_at(scorer, evening, vincennes) == allowed_at(scorer, evening) == NOTHING
    register_at_venue(venue=montreuil, names=["Anne"], user=door)
    with pytest.raises(ValidationError, match="Only the organisers of Club de rami de Montreuil"):
        seat_venue(venue=montreuil, user=door)
    with pytest.raises(ValidationError, match="Only the organisers of Rami club de Vincennes"):
        register_at_venue(venue=vincennes, names=["Bruno"], user=door)
    with pytest.raises(ValidationError, match="Only the organisers of Club de rami de Montreuil"):
        register_at_venue(venue=montreuil, names=["Chloé"], user=scorer)
    assert list(Registration.objects.values_list("player__name", flat=True)) == ["Anne"]


def test_the_event_wide_ways_refuse_an_evening(evening, official):
    with pytest.raises(ValidationError, match="each venue"):
        open_round(event=evening)
    with pytest.raises(ValidationError, match="each venue"):
        register_player(event=evening, name="Quelqu'un")


def test_a_venue_seats_its_next_round_once_its_own_tables_are_over(
    evening, organiser, vincennes_organiser
):
    montreuil, vincennes = seated_evening(evening, organiser, vincennes_organiser)
    with pytest.raises(ValidationError, match="Tables 101, 102 of round 1 are still playing"):
        seat_venue(venue=montreuil, user=organiser)
    for game in Game.objects.filter(venue=montreuil):
        finish(game)
    seat_venue(venue=montreuil, user=organiser)
    assert sorted(Game.objects.filter(round__number=2).values_list("table_number", flat=True)) == [
        101,
        102,
    ]
    # Vincennes still plays round 1: round 1 stays open, its screen shows its own round.
    assert evening.rounds.get(number=1).closed_at is None
    assert venue_page(vincennes).round.number == 1


def test_closing_a_venue_closes_its_tables_only_and_the_round_with_the_last(
    evening, organiser, vincennes_organiser
):
    montreuil, vincennes = seated_evening(evening, organiser, vincennes_organiser)
    close_venue_round(venue=montreuil, user=organiser)
    assert set(Game.objects.filter(closed=True).values_list("venue_id", flat=True)) == {
        montreuil.pk
    }
    assert evening.rounds.get(number=1).closed_at is None
    close_venue_round(venue=vincennes, user=vincennes_organiser)
    assert evening.rounds.get(number=1).closed_at is not None


def test_the_ranking_is_across_venues_with_each_players_club_and_place_at_home(
    evening, organiser, vincennes_organiser
):
    montreuil, vincennes = seated_evening(evening, organiser, vincennes_organiser)
    for game in Game.objects.filter(event=evening):
        finish(game)
    ranking = evening_ranking(evening)
    assert ranking.finished_games == 3
    assert len(ranking.lines) == len(MONTREUIL) + len(VINCENNES)
    winners = [line for line in ranking.lines if line.place == 1]
    assert {line.club for line in winners} == {
        "Club de rami de Montreuil",
        "Rami club de Vincennes",
    }
    at_vincennes = evening_ranking(evening, vincennes).lines
    assert {line.name for line in at_vincennes} == set(VINCENNES)
    assert [line.venue_place for line in at_vincennes][0] == 1
    # The stored sums are what a rebuild from the games gives.
    before = [(line.name, line.points, line.games) for line in ranking.lines]
    rebuild_event(event_id=evening.pk)
    assert [(line.name, line.points, line.games) for line in evening_ranking(evening).lines] == (
        before
    )


def test_the_venues_summary_counts_players_and_tables(evening, organiser, vincennes_organiser):
    seated_evening(evening, organiser, vincennes_organiser)
    summary = {row.venue.number: row for row in evening_venues(evening)}
    assert (summary[1].players, summary[1].present, summary[1].tables, summary[1].playing) == (
        8,
        8,
        2,
        2,
    )
    assert (summary[2].round, summary[2].tables) == (1, 1)


def test_the_standings_version_moves_with_results_and_presence_not_hands(
    evening, organiser, vincennes_organiser
):
    montreuil, _vincennes = seated_evening(evening, organiser, vincennes_organiser)

    def version():
        return Event.objects.values_list("standings_version", flat=True).get(pk=evening.pk)

    game = Game.objects.filter(venue=montreuil).first()
    seats = [seat.player.name for seat in game.seats.select_related("player")]
    before = version()
    play(game, "going_out", seats[0], **dict.fromkeys(seats[1:], 5))  # not over yet
    assert version() == before
    finish(game)
    assert version() > before
