"""The prizes in words: each with its winner and one line of why, in English and French; who a
category is for; a prize as the organiser typed it."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.utils import translation

from tests.prizes.support import played
from tournaments.models import PrizeCategory
from tournaments.prizes.display import prize_lines, prize_text, who_is_in
from tournaments.prizes.services import change_player_facts, save_category
from tournaments.standings.selectors import event_results

pytestmark = pytest.mark.django_db


def lines_of(event):
    results = event_results(event)
    return prize_lines(results.prizes, results.rows)


def women(event, people, *names):
    for name in names:
        change_player_facts(player=people[name], gender="woman", birth_date=None, birth_year=None)


def test_best_woman_3rd_overall_says_the_1st_and_2nd_are_not_in_it():
    event, people = played(["Bruno", "Denis", "Anne", "Chloé"], prize_places=[60, 40])
    women(event, people, "Anne", "Chloé")
    save_category(
        event=event, name="Best woman", kind="women", prizes=[{"kind": "fixed", "value": "20"}]
    )
    line = lines_of(event)[-1]
    assert (line.category, line.places, line.prize) == ("Best woman", "", "20.00\u00a0€")
    assert [winner.name for winner in line.winners] == ["Anne"]
    assert line.why == "3rd overall; the 1st and 2nd are not in the category."
    with translation.override("fr"):
        line = lines_of(event)[-1]
    assert line.why == "3e au général\u00a0; les 1er et 2e ne sont pas dans la catégorie."


def test_a_place_passed_down_names_who_took_the_other_prize():
    event, people = played(["Bruno", "Anne", "Chloé", "Denis"], entry_fee=Decimal(50))
    women(event, people, "Anne", "Chloé")
    save_category(
        event=event, name="Best woman", kind="women", prizes=[{"kind": "fixed", "value": "50"}]
    )
    third = next(line for line in lines_of(event) if line.places == "3rd")
    # Pool 180.00: 3rd place 36.00; Chloé (3rd) took the best woman's 50.00 instead.
    assert [winner.name for winner in third.winners] == ["Denis"]
    assert third.why == "4th overall; Chloé (3rd) took “Best woman”."


def test_level_players_sharing_say_so():
    event, people = played(["Anne", "Bruno", "Chloé"], prize_ties="equal", points_scale=[2, 1, 1])
    shared = lines_of(event)[1]
    assert shared.places == "2nd–3rd"
    assert [(w.name, w.amount) for w in shared.winners] == [
        ("Bruno", "6.75\u00a0€"),
        ("Chloé", "6.75\u00a0€"),
    ]
    assert shared.why.startswith("2nd overall; Bruno and Chloé, level, share it equally")


def test_the_rest_of_the_pool_and_a_prize_nobody_took_are_listed():
    event, _people = played(["Anne", "Bruno"], prize_places=[50, 30])
    save_category(
        event=event, name="U18", kind="age", age_under=18, prizes=[{"kind": "share", "value": "10"}]
    )
    lines = lines_of(event)
    rest, nobody = lines[-2], lines[-1]
    assert (rest.category, rest.prize, [w.name for w in rest.winners]) == (
        "Rest of the pool",
        "3.60\u00a0€",  # 20 % of 18.00
        ["Anne"],
    )
    assert (nobody.category, nobody.winners) == ("U18", [])
    assert nobody.why.startswith("Nobody could take it: its money goes to the winner")


def test_who_is_in_a_category_in_words():
    event, people = played(["Anne", "Bruno"])
    age = PrizeCategory(
        event=event, kind="age", age_under=18, reference_date=datetime.date(2026, 9, 1)
    )
    assert who_is_in(age) == "aged under 18 on Sept. 1, 2026"
    seniors = PrizeCategory(event=event, kind="age", age_from=65)
    assert who_is_in(seniors) == "aged 65 or more on the day of the event"
    band = PrizeCategory(event=event, kind="rating", rating_from=900, rating_under=1100)
    assert who_is_in(band) == "club rating 900 or more, under 1100"
    named = save_category(
        event=event,
        name="",
        kind="named",
        players=list(people.values()),
        prizes=[{"kind": "in_kind", "value": "cup"}],
    )
    assert who_is_in(named) == "Anne, Bruno"


@pytest.mark.parametrize(
    ("prize", "english", "french"),
    [
        ({"kind": "share", "value": "12.5"}, "12.5 % of the pool", "12,5\u00a0% de la cagnotte"),
        ({"kind": "fixed", "value": "20.00"}, "20.00\u00a0€", "20,00\u00a0€"),
        ({"kind": "in_kind", "value": "une bouteille"}, "une bouteille", "une bouteille"),
    ],
)
def test_a_prize_in_words(prize, english, french):
    assert prize_text(prize) == english
    with translation.override("fr"):
        assert prize_text(prize) == french
