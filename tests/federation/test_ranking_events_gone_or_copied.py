"""The federation's ranking follows an event deleted or imported at once (issue 19 §3): a
deleted event's games leave it, and whatever was rated after them is worked out again; a copy
of an event kept apart is never rated (its original is)."""

from __future__ import annotations

import datetime
import json

import pytest

from tests.archive_support import export
from tests.federation.test_ranking import DAY, night, rows
from tournaments.archive.services.store import APART, import_event
from tournaments.events.services.deletion import delete_event
from tournaments.events.services.events import register_player
from tournaments.federation.services.ranking import game_rated, rebuild_ranking
from tournaments.models import FederationRating

pytestmark = pytest.mark.django_db


def test_a_deleted_event_leaves_the_ranking_as_if_it_had_not_been_played(
    federation, club, vincennes, django_capture_on_commit_callbacks
):
    first = night(club, DAY, ("Anne", "Bruno", "Chloé"), "Bruno")
    later = night(vincennes, DAY + datetime.timedelta(7), ("Anne", "Denis", "Émile"), "Anne")
    for game in (first, later):
        game_rated(game)
    with django_capture_on_commit_callbacks(execute=True) as sent:
        delete_event(event=first.event)
    assert sent  # rebuilt in the background once the deletion commits
    assert not FederationRating.objects.filter(game_id=first.pk).exists()
    after_deletion = rows(federation)
    rebuild_ranking(federation=federation)  # from the games that are left
    assert after_deletion == rows(federation)
    assert len(after_deletion) == 3


def test_a_copy_kept_apart_is_never_rated_by_the_federation(federation, club, vincennes):
    game = night(club, DAY, ("Anne", "Bruno", "Chloé"), "Bruno")
    for name in ("Anne", "Bruno", "Chloé"):  # as an archive names its players
        register_player(event=game.event, name=name)
    game_rated(game)
    before = rows(federation)
    document = json.loads(export(game.event))
    copy = import_event(document=document, club=club, rename="Copie", existing=APART)
    (copied,) = copy.games.all()
    assert game_rated(copied)  # a game of the federation's club, but a copy kept apart
    rebuild_ranking(federation=federation)
    assert rows(federation) == before
