"""Who wins which prize on an event's standings: the facts each kind of category reads, from
the database, in a fixed number of queries; and the standings' prize column, every prize's
money added up."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from tests.factories import ClubFactory, PlayerFactory
from tests.prizes.support import played
from tournaments.models import Federation, Person, Registration
from tournaments.prizes.selectors import event_prizes, player_facts
from tournaments.prizes.services import change_player_facts, save_category
from tournaments.rules import categories
from tournaments.standings.selectors import event_results, event_standings

pytestmark = pytest.mark.django_db

FIFTY = [{"kind": "fixed", "value": "50"}]


def winners(event) -> dict[str, list[str]]:
    """Each category's winners by name (the overall places under "overall")."""
    results = event_results(event)
    names = {row.record.player_id: row.record.name for row in results.rows}
    found: dict[str, list[str]] = {}
    for award in results.prizes.allocation.awards:
        category = results.prizes.category(award.category)
        key = category.name if category else "overall"
        found.setdefault(key, []).extend(names[player] for player in award.winners)
    return found


def test_the_standings_prize_is_every_prize_of_the_player_added_up():
    event, people = played(["Anne", "Bruno", "Chloé", "Denis"], prize_rule="several")
    change_player_facts(player=people["Chloé"], gender="woman", birth_date=None, birth_year=None)
    save_category(event=event, name="Women", kind="women", prizes=FIFTY)
    rows = {row.record.name: row.prize for row in event_standings(event)}
    # Pool: 4 × 10.00 − 10 % = 36.00: 18.00, 10.80, 7.20; and Chloé's 50.00.
    assert rows == {
        "Anne": Decimal("18.00"),
        "Bruno": Decimal("10.80"),
        "Chloé": Decimal("57.20"),
        "Denis": Decimal("0"),
    }


def test_newcomers_are_those_with_no_earlier_event_at_the_club():
    event, people = played(["Anne", "Bruno", "Chloé"])
    played(["Anne", "Denis"], club=event.club, date=event.date - datetime.timedelta(days=7))
    played(["Bruno", "Denis"], club=event.club, date=event.date + datetime.timedelta(days=7))
    facts = player_facts(event, [p.pk for p in people.values()], {categories.NEWCOMERS})
    assert {f.player: f.first_event for f in facts} == {
        people["Anne"].pk: False,  # she played a week before
        people["Bruno"].pk: True,  # only after
        people["Chloé"].pk: True,
    }
    save_category(event=event, name="Newcomers", kind="newcomers", prizes=FIFTY)
    # One prize each: Anne, 1st, takes the 1st place; the newcomers' prize goes to Bruno (his
    # 2nd place's 8.10 is worth less than 50.00).
    assert winners(event)["Newcomers"] == ["Bruno"]


def test_the_rating_band_reads_the_rating_brought_to_the_event():
    # Bruno won an earlier night: his rating is over a newcomer's 1000, Anne's is not.
    earlier, old = played(["Bruno", "Anne"], date=datetime.date(2026, 1, 1), name="Janvier")
    event, people = played(["Anne", "Bruno", "Chloé"], club=earlier.club)
    Registration.objects.filter(event=event).delete()
    for player in (old["Anne"], old["Bruno"], people["Chloé"]):
        Registration.objects.create(event=event, player=player, checked_in=True)
    facts = {
        f.player: f.rating
        for f in player_facts(event, [old["Anne"].pk, old["Bruno"].pk], {categories.RATING})
    }
    assert facts[old["Bruno"].pk] > 1000 > facts[old["Anne"].pk]


def test_a_visitor_counts_for_his_own_club_through_his_federation_person():
    federation = Federation.objects.create(name="Fédération")
    host, home = ClubFactory(federation=federation), ClubFactory(federation=federation)
    event, people = played(["Anne", "Bruno", "Chloé"], club=host)
    person = Person.objects.create(federation=federation, name="Bruno", birth_year=2010)
    for player in (people["Bruno"], PlayerFactory(club=home, name="Bruno")):
        player.person = person
        player.save()
    facts = {
        f.player: f for f in player_facts(event, [p.pk for p in people.values()], {categories.CLUB})
    }
    assert facts[people["Bruno"].pk].clubs == {host.pk, home.pk}
    assert facts[people["Anne"].pk].clubs == {host.pk}
    # His birth year is his federation person's: the club recorded none.
    assert facts[people["Bruno"].pk].birth_year == 2010
    save_category(event=event, name="Visitors", kind="club", club=home, prizes=FIFTY)
    assert winners(event)["Visitors"] == ["Bruno"]


@pytest.mark.parametrize("players", [4, 24])
def test_prizes_are_read_in_a_fixed_number_of_queries(players, django_assert_num_queries):
    names = [f"Joueur {i:02}" for i in range(players)]
    event, people = played(names, table_size=4, prize_rule="several")
    for index, player in enumerate(people.values()):
        change_player_facts(
            player=player,
            gender="woman" if index % 2 else "man",
            birth_date=None,
            birth_year=1950 + index,
        )
    save_category(event=event, name="Women", kind="women", prizes=FIFTY)
    save_category(event=event, name="Seniors", kind="age", age_from=60, prizes=FIFTY)
    save_category(event=event, name="Newcomers", kind="newcomers", prizes=FIFTY)
    save_category(event=event, name="Band", kind="rating", rating_under=2000, prizes=FIFTY)
    rows = event_standings(event)
    # The categories with their named players and clubs, the players' facts, their earlier
    # events, their ratings.
    with django_assert_num_queries(5):
        prizes = event_prizes(event, rows, Decimal("100.00"))
    given = {award.category for award in prizes.allocation.awards}
    assert given == {"overall", *(str(category.pk) for category in prizes.categories)}


def test_without_categories_one_query_and_the_places_alone():
    event, _people = played(["Anne", "Bruno", "Chloé"])
    rows = event_standings(event)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        prizes = event_prizes(event, rows, Decimal("27.00"))
    assert len(queries) == 1
    assert [award.cents for award in prizes.allocation.awards] == [1350, 810, 540]
