"""An event's players: one by name, or a pasted list registered all or none."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.factories import PlayerFactory
from tournaments.events.services.events import (
    MOST_PLAYERS_AT_ONCE,
    register_player,
    register_players,
)
from tournaments.models import Player, Registration

pytestmark = pytest.mark.django_db


def registered(event) -> list[tuple[str, bool, bool]]:
    rows = event.registrations.select_related("player").order_by("player__name")
    return [(r.player.name, r.checked_in, r.withdrawn) for r in rows]


def test_a_list_registers_every_name_checked_in_skipping_blank_lines(event):
    PlayerFactory(club=event.club, name="Hélène Castel")

    done = register_players(
        event=event, lines=["  Anne   Martin ", "", "hélène castel", "   ", "Bruno", ""]
    )

    assert registered(event) == [
        ("Anne Martin", True, False),
        ("Bruno", True, False),
        ("Hélène Castel", True, False),  # the club member, whatever the case
    ]
    assert [r.player.name for r in done.added] == ["Anne Martin", "Hélène Castel", "Bruno"]
    assert done.already == []
    assert Player.objects.filter(club=event.club).count() == 3


def test_players_already_in_the_event_are_brought_back_and_told_apart(event):
    anne = register_player(event=event, name="Anne")
    Registration.objects.filter(pk=anne.pk).update(withdrawn=True, checked_in=False)

    done = register_players(event=event, lines=["anne", "Bruno"])

    assert [r.player.name for r in done.already] == ["Anne"]
    assert [r.player.name for r in done.added] == ["Bruno"]
    assert registered(event) == [("Anne", True, False), ("Bruno", True, False)]


@pytest.mark.parametrize(
    "lines, problem",
    [
        (["Anne", "Bruno", "anne  "], "Anne is written twice (lines 1 and 3)"),
        (["Anne", "Bruno\x00", "Chloé"], "Line 2: The name Bruno\\x00 holds a control character"),
        (["Anne", "x" * 81], "Line 2: A name has at most 80 characters"),
        (["", "  ", ""], "Write the players' names, one per line."),
    ],
)
def test_a_list_with_a_problem_registers_nobody_and_says_which_line(event, lines, problem):
    with pytest.raises(ValidationError) as refused:
        register_players(event=event, lines=lines)

    assert any(message.startswith(problem) for message in refused.value.messages)
    assert not Registration.objects.exists() and not Player.objects.exists()


def test_every_problem_of_a_list_is_said_at_once(event):
    with pytest.raises(ValidationError) as refused:
        register_players(event=event, lines=["Anne", "x" * 81, "Anne", "B\x1b"])

    assert len(refused.value.messages) == 3


def test_a_list_longer_than_any_tournament_is_refused(event):
    lines = [f"Joueur {number}" for number in range(MOST_PLAYERS_AT_ONCE + 1)]

    with pytest.raises(ValidationError, match="At most 500 players at once"):
        register_players(event=event, lines=lines)


def test_one_player_follows_the_same_name_rules(event):
    with pytest.raises(ValidationError, match="at most 80 characters"):
        register_player(event=event, name="x" * 81)
    assert not Player.objects.exists()
