"""Migration 0017: every organiser of a club before roles existed organises it, for the
whole club, afterwards."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0016_how_rami_sec_in_english")]
AFTER = [("tournaments", "0017_roles")]


def test_the_clubs_organisers_become_members_with_the_organiser_role():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user = old.get_model("auth", "User").objects.create(username="anne")
    club = old.get_model("tournaments", "Club").objects.create(name="Les As")
    club.organisers.add(user)
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    held = new.get_model("tournaments", "Membership").objects.get()
    assert (held.club_id, held.user_id, held.role, held.event_id) == (
        club.pk,
        user.pk,
        "organiser",
        None,
    )
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
