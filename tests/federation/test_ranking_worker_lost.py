"""The federation ranking when a worker dies in the middle of rating a game (kill -9, its
machine lost): the game is rated all the same, by the next worker, and the ranking is the one a
rebuild from scratch gives. PostgreSQL only (several workers share a queue there)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from tests.federation.test_ranking import rows, season_of_games
from tournaments.federation.services.ranking import rebuild_ranking

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="a queue shared by workers"),
]


def test_a_game_whose_worker_died_mid_job_is_rated_by_the_next_worker(
    settings, federation, club, vincennes
):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    games = season_of_games(club, vincennes)  # each finished game queues its rating
    tasks = {task.args_kwargs["args"][0]: task for task in DBTaskResult.objects.all()}
    assert sorted(tasks) == sorted(game.pk for game in games)
    # A worker took the second game's rating and was killed before it finished.
    tasks[games[1].pk].claim("killed")

    call_command("db_worker", "--batch", "--no-reload", "--no-startup-delay", "--worker-id", "next")

    assert set(DBTaskResult.objects.values_list("status", flat=True)) == {
        TaskResultStatus.SUCCESSFUL
    }
    served = rows(federation)
    rebuild_ranking(federation=federation)
    assert served == rows(federation)
    assert len(served) == 12  # four games of three
