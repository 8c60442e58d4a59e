"""One person across clubs: a merge links players to one person, keeps every result and
history line of each, and is undone exactly."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, PlayerFactory, make_game, play
from tournaments.federation.selectors import person_players
from tournaments.federation.services.people import merge_players, preview_merge, undo_merge
from tournaments.models import Person, Player, RatingUpdate, Seat

pytestmark = pytest.mark.django_db


def everything_of(player: Player) -> dict[str, int]:
    """What a club player has: seats, hands, rating updates, history lines."""
    return {
        "seats": Seat.objects.filter(player=player).count(),
        "ratings": RatingUpdate.objects.filter(player=player).count(),
        "history": Player.history.filter(id=player.pk).count(),
    }


def played_in(club, name: str):
    event = EventFactory(club=club, options={"target": 10})
    game = make_game(event, players=(name, f"{name} B", f"{name} C"))
    play(game, "going_out", name, **{f"{name} B": 6, f"{name} C": 12})
    return Player.objects.get(club=club, name=name)


def test_a_merge_keeps_every_result_of_both_and_the_person_gathers_them(
    federation, club, vincennes, official
):
    montreuil = played_in(club, "Anne Martin")
    elsewhere = played_in(vincennes, "Anne Martin")
    before = {p.pk: everything_of(p) for p in (montreuil, elsewhere)}
    licensed = Person.objects.create(federation=federation, licence="F001", name="Anne Martin")
    Player.objects.filter(pk=montreuil.pk).update(person=licensed)
    merge = merge_players(federation=federation, players=[montreuil, elsewhere], user=official)
    assert merge.person == licensed
    assert set(licensed.players.all()) == {montreuil, elsewhere}
    # Nothing moved or went: each player's seats, ratings and history lines are all there.
    assert {p.pk: everything_of(p) for p in (montreuil, elsewhere)} == before
    gathered = person_players(licensed)
    assert [len(entry.events) for entry in gathered] == [1, 1]


def test_undoing_a_merge_puts_each_player_back_with_the_person_it_ended(
    federation, club, vincennes, official
):
    first = PlayerFactory(club=club, name="Anne")
    second = PlayerFactory(club=vincennes, name="Anne M.")
    third = PlayerFactory(club=EventFactory().club, name="Anne")
    third.club.federation = federation
    third.club.save()
    kept = Person.objects.create(federation=federation, name="Anne")
    own = Person.objects.create(federation=federation, name="Anne M.", birth_year=1961)
    Player.objects.filter(pk=first.pk).update(person=kept)
    Player.objects.filter(pk=second.pk).update(person=own)
    players = list(Player.objects.filter(pk__in=[first.pk, second.pk, third.pk]))
    merge = merge_players(federation=federation, players=players, user=official)
    assert merge.person == kept
    assert not Person.objects.filter(pk=own.pk).exists()  # ended: one person now
    assert set(kept.players.all()) == {first, second, third}
    undo_merge(merge=merge, user=official)
    for player in (first, second, third):
        player.refresh_from_db()
    assert first.person == kept
    assert third.person is None
    assert (second.person.name, second.person.birth_year) == ("Anne M.", 1961)
    assert second.person_id == own.pk  # made again under its number
    merge.refresh_from_db()
    assert merge.undone_by == official
    with pytest.raises(ValidationError):
        undo_merge(merge=merge, user=official)


@pytest.mark.parametrize("case", ["one player", "same club", "two licences", "outside"])
def test_a_merge_that_cannot_be_is_refused_with_a_sentence(federation, club, vincennes, case):
    anne = PlayerFactory(club=club, name="Anne")
    if case == "one player":
        players = [anne]
    elif case == "same club":
        players = [anne, PlayerFactory(club=club, name="Anne bis")]
    elif case == "two licences":
        other = PlayerFactory(club=vincennes, name="Anne")
        for player, licence in ((anne, "F1"), (other, "F2")):
            Player.objects.filter(pk=player.pk).update(
                person=Person.objects.create(federation=federation, licence=licence, name="A")
            )
        players = list(Player.objects.filter(pk__in=[anne.pk, other.pk]))
    else:
        players = [anne, PlayerFactory(name="Anne")]  # a club outside the federation
    with pytest.raises(ValidationError):
        preview_merge(federation=federation, players=players)
