"""Two organisers saving the same event at the same moment, on PostgreSQL: each answer that
says "saved" (302) is true at the end, and the event and its tables agree on the rules.

Each thread is a separate browser with its own database connection, which reads the page
first (as an organiser does), then waits at a barrier that releases both saves together.
The deterministic versions of these races run on every database: test_organiser_edits.py.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client

from tests.factories import UserFactory, make_game
from tests.page import form_fields
from tests.views.test_entry_concurrency import needs_postgresql
from tournaments.models import Event

ROUNDS = 8


def save_together(saves: list[tuple[Client, str, dict]]) -> tuple[list[int], list]:
    """Each (browser, page, changes): read the page, then all post their changes at once.
    The statuses in the order of `saves`."""
    barrier = threading.Barrier(len(saves))
    statuses: list[int] = [0] * len(saves)
    errors = []

    def organiser(index: int, browser: Client, url: str, changes: dict) -> None:
        try:
            data = {**form_fields(browser.get(url).content), **changes}
            barrier.wait(timeout=30)
            statuses[index] = browser.post(url, data).status_code
        except Exception as error:  # reported by the main thread
            errors.append(error)
        finally:
            connection.close()  # each thread's own connection

    threads = [
        threading.Thread(target=organiser, args=(index, *save)) for index, save in enumerate(saves)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return statuses, errors


@pytest.fixture
def two_organisers(club, organiser) -> tuple[Client, Client]:
    claire = UserFactory(username="claire")
    club.organisers.add(claire)
    browsers = (Client(), Client())
    browsers[0].force_login(organiser)
    browsers[1].force_login(claire)
    return browsers


@pytest.mark.django_db(transaction=True)
def test_rules_and_settings_saved_at_once_both_hold_and_the_tables_follow_the_rules(
    event, two_organisers
):
    needs_postgresql()
    games = [make_game(event, table_number=number) for number in (1, 2)]
    first, second = two_organisers
    settings = f"/manage/events/{event.id}/settings/"
    rules = f"/manage/events/{event.id}/rules/"
    for number in range(ROUNDS):
        target = str(150 + number)
        statuses, errors = save_together(
            [
                (first, rules, {"opt-target": target, "reason": f"round {number}"}),
                (second, settings, {"name": f"Soirée {number}"}),
            ]
        )
        assert errors == []
        assert statuses == [302, 302], f"round {number}: {statuses}"
        stored = Event.objects.get(pk=event.pk)
        assert stored.name == f"Soirée {number}"
        assert stored.options == {"target": int(target)}, f"round {number}"
        for game in games:
            game.refresh_from_db()
            assert game.options == stored.options, f"round {number}, table {game.table_number}"


@pytest.mark.django_db(transaction=True)
def test_two_settings_saves_at_once_keep_the_first_and_refuse_the_second(event, two_organisers):
    needs_postgresql()
    first, second = two_organisers
    settings = f"/manage/events/{event.id}/settings/"
    for number in range(ROUNDS):
        name, minutes = f"Soirée {number}", str(30 + number)
        statuses, errors = save_together(
            [(first, settings, {"name": name}), (second, settings, {"round_minutes": minutes})]
        )
        assert errors == []
        assert sorted(statuses) == [302, 409], f"round {number}: {statuses}"
        stored = Event.objects.get(pk=event.pk)
        # The save acknowledged is the one kept; the refused one changed nothing.
        if statuses[0] == 302:
            assert stored.name == name and stored.round_minutes != int(minutes)
        else:
            assert stored.round_minutes == int(minutes) and stored.name != name
