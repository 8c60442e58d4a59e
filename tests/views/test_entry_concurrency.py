"""Two phones at one table submitting the same hand at the same moment, on PostgreSQL.

Each thread is a separate browser (its own test Client and session) with its own database
connection; a barrier releases both POSTs together. The double-entry guard must store the
hand once and answer the other phone with the stored hand; one entry sent twice at once (a
phone's retry crossing its first send) is stored once and both answers are successes.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client

from tests.factories import make_game, play
from tests.views.entry_support import hand


def post_together(token: str, posts: list[dict]) -> tuple[list, list]:
    barrier = threading.Barrier(len(posts))
    statuses, errors = [], []

    def phone(data: dict) -> None:
        try:
            client = Client()
            client.get(f"/t/{token}/")  # the phone's session and device id
            barrier.wait(timeout=30)
            response = client.post(f"/t/{token}/", data)
            statuses.append(response.status_code)
        except Exception as error:  # reported by the main thread
            errors.append(error)
        finally:
            connection.close()  # each thread's own connection

    threads = [threading.Thread(target=phone, args=(data,)) for data in posts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return statuses, errors


def needs_postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip(
            "needs real concurrent connections and row locks: runs on PostgreSQL "
            "(CI runs the suite with DATABASE_URL=postgres://...)"
        )


@pytest.mark.django_db(transaction=True)
def test_two_phones_posting_the_same_hand_at_once_store_it_once(event):
    needs_postgresql()
    game = make_game(event)
    for _number in range(4):
        play(game, "going_out", "Anne", Bruno=1, Chloé=1)
    for number in (5, 6, 7):
        posts = [hand(number, held_2=held, held_3="1") for held in ("7", "9")]
        statuses, errors = post_together(game.link_token, posts)
        assert errors == []
        assert sorted(statuses) == [302, 409], f"hand {number}: {statuses}"
        assert game.hands.filter(number=number).count() == 1
    assert list(game.hands.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6, 7]
    bruno = game.seats.get(position=2)
    assert bruno.total == 4 + sum(
        line.held_count for line in bruno.lines.filter(hand__number__gte=5)
    )


@pytest.mark.django_db(transaction=True)
def test_one_entry_posted_twice_at_once_is_stored_once_and_both_answers_are_successes(event):
    needs_postgresql()
    game = make_game(event)
    play(game, "going_out", "Anne", Bruno=1, Chloé=1)
    for number in (2, 3, 4):
        entry = {**hand(number, held_2="7", held_3="1"), "idempotency_key": f"entry-{number:04}"}
        statuses, errors = post_together(game.link_token, [entry, entry])
        assert errors == []
        assert statuses == [302, 302], f"hand {number}: {statuses}"
        assert game.hands.filter(number=number).count() == 1
    assert list(game.hands.values_list("idempotency_key", flat=True)) == [
        "",
        "entry-0002",
        "entry-0003",
        "entry-0004",
    ]
    assert game.seats.get(position=2).total == 1 + 3 * 7
