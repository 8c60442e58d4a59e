"""Prize categories added, changed, reordered and removed, and a player's details: checked,
kept in the history with who and why, and the public pages' version moved on."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.factories import ClubFactory, EventFactory, PlayerFactory
from tests.prizes.support import played
from tournaments.models import Event, Federation, PrizeCategory
from tournaments.prizes.services import (
    change_player_facts,
    delete_category,
    move_category,
    named_players,
    save_category,
)

pytestmark = pytest.mark.django_db

WOMEN_PRIZES = [{"kind": "fixed", "value": "20"}, {"kind": "in_kind", "value": " a  bottle "}]


def test_a_category_is_added_after_the_others_with_its_prizes_as_typed(organiser):
    event, _people = played(["Anne", "Bruno"])
    first = save_category(
        event=event, name="Trophies", kind="everyone", prizes=[{"kind": "in_kind", "value": "cup"}]
    )
    women = save_category(
        event=event, name=" Best   woman ", kind="women", prizes=WOMEN_PRIZES, user=organiser
    )
    assert (first.position, women.position) == (1, 2)
    assert women.name == "Best woman"
    assert women.prizes == [
        {"kind": "fixed", "value": "20.00"},
        {"kind": "in_kind", "value": "a bottle"},
    ]
    record = women.history.get()
    assert (record.history_user, record.history_change_reason) == (organiser, "category added")


def test_each_change_moves_the_version_the_public_pages_compare():
    event, _people = played(["Anne", "Bruno"])
    before = Event.objects.get(pk=event.pk).version
    category = save_category(event=event, name="", kind="women", prizes=WOMEN_PRIZES)
    after_add = Event.objects.get(pk=event.pk).version
    delete_category(category=category, reason="no women this year")
    assert before < after_add < Event.objects.get(pk=event.pk).version


def test_the_shares_of_the_pool_never_pass_100_percent():
    event, _people = played(["Anne", "Bruno"], prize_places=[50, 30, 10])
    save_category(
        event=event, name="U18", kind="age", age_under=18, prizes=[{"kind": "share", "value": "6"}]
    )
    with pytest.raises(ValidationError) as refused:
        save_category(
            event=event, name="Women", kind="women", prizes=[{"kind": "share", "value": "4.5"}]
        )
    assert refused.value.messages == [
        "The shares of the pool would add up to 100.50 %: the places and the other categories "
        "take 96 %, this one 4.50 %. Lower them to 100 % at most."
    ]
    assert PrizeCategory.objects.count() == 1


def test_the_shares_are_said_as_typed_even_at_100_percent():
    event, _people = played(["Anne", "Bruno"], prize_places=[60, 40])
    with pytest.raises(ValidationError) as refused:
        save_category(event=event, name="", kind="women", prizes=[{"kind": "share", "value": "5"}])
    assert "take 100 %, this one 5 %" in refused.value.messages[0]


def test_changing_a_category_counts_its_own_old_share_out():
    event, _people = played(["Anne", "Bruno"], prize_places=[50, 40])
    u18 = save_category(
        event=event, name="U18", kind="age", age_under=18, prizes=[{"kind": "share", "value": "10"}]
    )
    save_category(
        event=event,
        category=u18,
        name="U18",
        kind="age",
        age_under=18,
        prizes=[{"kind": "share", "value": "8"}],
        reason="lower",
    )
    assert PrizeCategory.objects.get().prizes == [{"kind": "share", "value": "8"}]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "age"}, "Give the ages: at least, under, or both."),
        (
            {"kind": "age", "age_from": 18, "age_under": 18},
            "The youngest age must be under the age limit.",
        ),
        ({"kind": "rating"}, "Give the ratings: at least, under, or both."),
        ({"kind": "club"}, "Choose the club."),
        ({"kind": "named"}, "Name at least one player."),
        ({"kind": "women", "prizes": []}, "Give the category at least one prize."),
        (
            {"kind": "women", "prizes": [{"kind": "fixed", "value": "0"}]},
            "Prize 1: give a positive amount, to the cent.",
        ),
        (
            {"kind": "women", "prizes": [{"kind": "fixed", "value": "2.555"}]},
            "Prize 1: give a positive amount, to the cent.",
        ),
        (
            {"kind": "women", "prizes": [{"kind": "share", "value": "101"}]},
            "Prize 1: a share of the pool is 100 % at most.",
        ),
        (
            {"kind": "women", "prizes": [{"kind": "in_kind", "value": "  "}]},
            "Prize 1: say what the prize in kind is.",
        ),
        (
            {"kind": "women", "name": "A\x00"},
            "The name A\\x00 holds a control character: a name is plain text.",
        ),
    ],
)
def test_a_bad_category_is_refused_with_a_sentence(fields, message):
    event, _people = played(["Anne", "Bruno"])
    values = {"name": "", "prizes": WOMEN_PRIZES, **fields}
    with pytest.raises(ValidationError) as refused:
        save_category(event=event, **values)
    assert message in refused.value.messages
    assert not PrizeCategory.objects.exists()


def test_a_club_night_has_no_categories():
    night = EventFactory()
    with pytest.raises(ValidationError, match="for tournaments"):
        save_category(event=night, name="", kind="women", prizes=WOMEN_PRIZES)


def test_a_club_category_names_the_club_or_one_of_its_federation():
    federation = Federation.objects.create(name="Fédération")
    host = ClubFactory(federation=federation)
    event, _people = played(["Anne", "Bruno"], club=host)
    sister = ClubFactory(federation=federation)
    save_category(event=event, name="", kind="club", club=sister, prizes=WOMEN_PRIZES)
    with pytest.raises(ValidationError, match="federation"):
        save_category(event=event, name="", kind="club", club=ClubFactory(), prizes=WOMEN_PRIZES)


def test_named_players_are_found_by_name_any_case_and_unknown_names_refused():
    event, people = played(["Anne", "Bruno"])
    assert named_players(club=event.club, names=["anne", " BRUNO ", "Anne"]) == [
        people["Anne"],
        people["Bruno"],
    ]
    with pytest.raises(ValidationError) as refused:
        named_players(club=event.club, names=["Anne", "Zoé"])
    assert refused.value.messages == ["No member of the club is called Zoé."]


def test_removing_a_category_asks_why_and_keeps_it_in_the_history(organiser):
    event, _people = played(["Anne", "Bruno"])
    category = save_category(event=event, name="Women", kind="women", prizes=WOMEN_PRIZES)
    with pytest.raises(ValidationError):
        delete_category(category=category, reason="  ")
    delete_category(category=category, reason="no woman entered", user=organiser)
    assert not PrizeCategory.objects.exists()
    removed = PrizeCategory.history.filter(history_type="-").get()
    assert (removed.history_change_reason, removed.history_user, removed.name) == (
        "no woman entered",
        organiser,
        "Women",
    )


def test_categories_move_up_and_down():
    event, _people = played(["Anne", "Bruno"])
    one, two, three = (
        save_category(event=event, name=name, kind="women", prizes=WOMEN_PRIZES)
        for name in ("One", "Two", "Three")
    )
    move_category(category=three, up=True)  # One, Three, Two
    move_category(category=one, up=False)  # Three, One, Two
    move_category(category=three, up=True)  # first already: nothing moves
    order = list(PrizeCategory.objects.order_by("position").values_list("name", flat=True))
    assert order == ["Three", "One", "Two"]


def test_a_players_details_are_checked_and_his_tournaments_pages_move_on(organiser):
    event, people = played(["Anne", "Bruno"])
    save_category(event=event, name="", kind="women", prizes=WOMEN_PRIZES)
    before = Event.objects.get(pk=event.pk).version
    anne = change_player_facts(
        player=people["Anne"],
        gender="woman",
        birth_date=datetime.date(1990, 4, 2),
        birth_year=None,
        user=organiser,
    )
    assert (anne.gender, anne.birth_year) == ("woman", 1990)  # the year of the date
    assert Event.objects.get(pk=event.pk).version > before
    with pytest.raises(ValidationError) as refused:
        change_player_facts(
            player=people["Bruno"],
            gender="x",
            birth_date=datetime.date(1990, 4, 2),
            birth_year=1991,
        )
    assert refused.value.messages == [
        "Choose a gender from the list, or leave it empty.",
        "The year of birth (1991) is not the year of the date (1990).",
    ]
    with pytest.raises(ValidationError, match="between 1900"):
        change_player_facts(player=people["Bruno"], gender="", birth_date=None, birth_year=1850)


def test_another_clubs_member_cannot_be_named():
    event, _people = played(["Anne", "Bruno"])
    stranger = PlayerFactory(name="Zoé")
    with pytest.raises(ValidationError, match="members of the club"):
        save_category(event=event, name="", kind="named", players=[stranger], prizes=WOMEN_PRIZES)
