"""Small writes: a table's private link, a new club."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.factories import UserFactory, organisers
from tournaments.clubs.services.clubs import create_club
from tournaments.models import Club, Game
from tournaments.play.services.links import renew_table_link, set_table_link
from tournaments.web.permissions import game_from_link

pytestmark = pytest.mark.django_db


def test_a_link_turned_off_opens_nothing_and_works_again_when_turned_on(game):
    set_table_link(game=game, enabled=False)
    with pytest.raises(Exception, match="no longer active"):
        game_from_link(game.link_token)
    set_table_link(game=game, enabled=True)
    assert game_from_link(game.link_token) == game
    reasons = [h.history_change_reason for h in game.history.order_by("history_date")]
    assert reasons[-2:] == ["table link off", "table link on"]


def test_a_renewed_link_replaces_the_old_one_and_is_on(game):
    old = game.link_token
    set_table_link(game=game, enabled=False)
    renewed = renew_table_link(game=game)
    assert renewed.link_token != old and renewed.link_enabled
    assert Game.objects.get(pk=game.pk).link_token == renewed.link_token
    with pytest.raises(Exception, match="no longer active"):
        game_from_link(old)


def test_a_new_club_has_its_creator_as_organiser(db):
    user = UserFactory()
    club = create_club(name=" Les  As ", organiser=user)
    assert club.name == "Les As" and organisers(club) == [user]


def test_a_club_needs_a_name(db):
    with pytest.raises(ValidationError):
        create_club(name="  ", organiser=UserFactory())
    assert not Club.objects.exists()
