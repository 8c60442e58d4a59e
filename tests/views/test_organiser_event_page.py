"""The organiser's event page: players, rounds, tables and their links, in constant queries."""

from __future__ import annotations

import pytest

from tests.factories import make_game, play
from tournaments.events.services.events import register_player, set_presence
from tournaments.events.services.rounds import close_round
from tournaments.models import Event, Round
from tournaments.play.services.links import set_table_link
from tournaments.views.sheets import IN_REQUEST_TABLES

pytestmark = pytest.mark.django_db


def fill(event, tables: int, round_number: int = 1) -> list:
    """`tables` tables of four players (registered) in a round, each with one hand played."""
    round_, _created = Round.objects.get_or_create(event=event, number=round_number)
    games = []
    for number in range(1, tables + 1):
        names = [f"Joueur {round_number}-{number}-{seat}" for seat in range(4)]
        for name in names:
            register_player(event=event, name=name)
        game = make_game(event, players=names, table_number=number, round_=round_)
        play(game, "going_out", names[0], **{names[1]: 10, names[2]: 5, names[3]: 2})
        games.append(game)
    return games


def test_it_shows_players_tables_and_each_tables_links(client, event, organiser):
    games = fill(event, 2)
    registration = event.registrations.get(player__name="Joueur 1-1-0")
    set_presence(registration=registration, withdrawn=True)
    set_table_link(game=games[1], enabled=False)
    client.force_login(organiser)
    response = client.get(f"/manage/events/{event.id}/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Joueur 1-2-3" in page and 'list="club-members"' in page
    assert '<option value="Joueur 1-1-0">' in page  # the club's members to pick from
    assert f"/games/{games[0].id}/" in page and f"/games/{games[0].id}/enter/" in page
    assert f"http://testserver/t/{games[0].link_token}/" in page
    assert games[1].link_token not in page  # a link turned off is not shown
    assert f"/games/{games[0].id}/export.json" in page
    assert f"/manage/events/{event.id}/tables/{games[0].id}/close/" in page
    # A round in play: no new round until it is closed; it can be closed.
    assert f"/manage/events/{event.id}/rounds/1/close/" in page
    assert f'action="/manage/events/{event.id}/rounds/"' not in page
    # Hands were entered: the round cannot be seated again.
    assert f"/manage/events/{event.id}/rounds/1/reseat/" not in page


def test_it_offers_to_seat_when_no_round_is_open(client, event, organiser):
    for name in ("Anne", "Bruno", "Chloé"):
        register_player(event=event, name=name)
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    assert f'action="/manage/events/{event.id}/rounds/"' in page
    assert f"/manage/events/{event.id}/rounds/by-hand/" in page


def test_a_round_without_hands_can_be_seated_again(client, event, organiser):
    make_game(event)
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    assert f"/manage/events/{event.id}/rounds/1/reseat/" in page


def test_past_rounds_are_folded_away(client, event, organiser):
    games = fill(event, 1)
    close_round(round_=games[0].round)
    fill(event, 1, round_number=2)
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    assert '<details class="round" id="round-1">' in page
    assert '<div class="round" id="round-2">' in page
    assert page.index('id="round-2"') < page.index('id="round-1"')


def test_the_add_field_gets_the_focus_after_an_add(client, event, organiser):
    client.force_login(organiser)
    assert " autofocus" not in client.get(f"/manage/events/{event.id}/").content.decode()
    page = client.get(f"/manage/events/{event.id}/?added=1").content.decode()
    assert " autofocus" in page


@pytest.mark.parametrize("tables", [2, 20])
def test_the_query_count_does_not_grow_with_tables_and_players(
    tables, client, event, organiser, django_assert_max_num_queries
):
    fill(event, tables)
    games = fill(event, tables, round_number=2)
    play(
        games[0],
        "going_out",
        "Joueur 2-1-0",
        **{"Joueur 2-1-1": 3, "Joueur 2-1-2": 3, "Joueur 2-1-3": 3},
    )
    client.force_login(organiser)
    with django_assert_max_num_queries(12):  # one of them for the open round's clock
        response = client.get(f"/manage/events/{event.id}/")
    assert response.status_code == 200
    assert response.content.decode().count('class="table-card"') == 2 * tables


def test_a_rounds_sheets_are_printed_from_one_place(client, event, organiser):
    fill(event, 2)
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    printing = page.split('id="printing"')[1].split("</section>")[0]
    blank = f"/sheets/events/{event.id}/rounds/1/blank.pdf"
    # Both copies, who sits where and the results, each once, all in the printing part.
    assert printing.count(f'href="{blank}"') == 1
    assert printing.count(f'href="{blank}?copy=players"') == 1
    assert page.count(f"/sheets/events/{event.id}/rounds/1/seating.pdf") == 1
    assert page.count(f"/sheets/events/{event.id}/results.pdf") == 1
    assert page.count(blank) == 2
    # A small round downloads at once: nothing to prepare in the background.
    assert f"/sheets/events/{event.id}/prepare/" not in page


def test_a_large_rounds_sheets_are_prepared_in_the_background_from_the_same_place(
    client, event, organiser
):
    fill(event, IN_REQUEST_TABLES + 1)
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    printing = page.split('id="printing"')[1].split("</section>")[0]
    assert f'action="/sheets/events/{event.id}/prepare/"' in printing
    assert 'value="sheets"' in printing and 'value="players_sheets"' in printing
    assert f"/sheets/events/{event.id}/rounds/1/blank.pdf" not in page
    assert page.count(f'action="/sheets/events/{event.id}/prepare/"') == 1


def planned(event, rounds: int):
    """The event as a tournament of `rounds` planned rounds, all played and closed."""
    event.kind, event.planned_rounds = Event.Kind.TOURNAMENT, rounds
    event.save()
    for number in range(1, rounds + 1):
        close_round(round_=fill(event, 1, round_number=number)[0].round)
    return event


def test_after_its_planned_rounds_a_tournament_is_finished_and_offers_its_results(
    client, event, organiser
):
    planned(event, 2)
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    finished = page.split('class="finished"')[1].split("</div>")[0]
    assert "The tournament is finished." in finished
    assert f'href="/events/{event.id}/standings/"' in finished
    assert f'href="/sheets/events/{event.id}/results.pdf"' in finished
    # No "Seat round 3" beside it: a further round is asked for on its own page.
    assert f'action="/manage/events/{event.id}/rounds/"' not in page
    assert "Seat round 3" not in page
    assert f'href="/manage/events/{event.id}/rounds/further/"' in finished


def test_a_tournament_with_rounds_to_play_is_not_finished(client, event, organiser):
    planned(event, 1)
    event.planned_rounds = 2
    event.save()
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.id}/").content.decode()
    assert 'class="finished"' not in page and "Seat round 2" in page


def test_a_further_round_asks_first_then_is_seated_on_purpose(client, event, organiser):
    planned(event, 2)
    client.force_login(organiser)

    question = client.get(f"/manage/events/{event.id}/rounds/further/")
    assert question.status_code == 200
    form = question.content.decode().split("<form")[-1]  # after the site header's
    assert f'action="/manage/events/{event.id}/rounds/"' in form
    assert '<input type="hidden" name="further" value="True"' in form
    assert "Seat round 3" in form

    client.post(f"/manage/events/{event.id}/rounds/", {"method": "swiss", "further": "True"})
    assert event.rounds.filter(number=3).exists()


def test_a_round_after_the_planned_ones_is_refused_from_an_old_page(client, event, organiser):
    planned(event, 2)
    client.force_login(organiser)
    response = client.post(f"/manage/events/{event.id}/rounds/", {"method": "swiss"}, follow=True)
    assert "planned rounds are played: it is finished" in response.content.decode()
    assert not event.rounds.filter(number=3).exists()


def test_the_further_round_page_sends_back_a_tournament_still_in_its_plan(client, event, organiser):
    planned(event, 1)
    event.planned_rounds = 3
    event.save()
    client.force_login(organiser)
    response = client.get(f"/manage/events/{event.id}/rounds/further/")
    assert response.status_code == 302
