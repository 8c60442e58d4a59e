"""Helpers shared by the hand entry view tests: posted data, and clients for each identity."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from tests.views.identities import client_for

# Who may try to write: the permission matrix's rows.
IDENTITIES = (
    "anonymous",
    "link_this",
    "link_other",
    "other_organiser",
    "organiser",
    "admin",
)


def enter_url(game) -> str:
    """The organiser's entry page of a game."""
    return reverse("entry:enter", kwargs={"game_id": game.pk})


def preview_url(game) -> str:
    return reverse("entry:preview", kwargs={"game_id": game.pk})


def hand(number: int, how: str = "going_out", ended_by: int | str = 1, **held) -> dict:
    """A hand as the form posts it: held values by seat position (held_2="12")."""
    data = {"number": number, "how": how, "ended_by": str(ended_by), "mode": "counts"}
    data.update(held)
    return data


def client_as(who: str, game, other_game, organiser) -> Client:
    """A browser session for one identity of the permission matrix."""
    links = {"link_this": game, "link_other": other_game}
    link = f"/t/{links[who].link_token}/" if who in links else ""
    return client_for(who, organiser, table_link=link)


def add_hands(game, count: int) -> None:
    """`count` small hands (the first seat goes out, the others hold 1), scored once: quicker
    than recording them one by one for the query-count tests' long games."""
    from tournaments.models import Hand, HandLine
    from tournaments.play.services.scoring import refresh_game

    seats = list(game.seats.order_by("position"))
    first = game.hands.count() + 1
    hands = Hand.objects.bulk_create(
        Hand(
            game=game,
            number=number,
            how="going_out",
            ended_by=seats[0],
            needs_confirmation=game.event.confirmation_required,
        )
        for number in range(first, first + count)
    )
    HandLine.objects.bulk_create(
        HandLine(hand=stored, seat=seat, held_count=None if seat == seats[0] else 1)
        for stored in hands
        for seat in seats
    )
    refresh_game(game)
