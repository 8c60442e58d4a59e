"""factory-boy factories shared by the tests."""

from __future__ import annotations

import datetime

import factory
from django.contrib.auth import get_user_model

PASSWORD = "a-long-test-password"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"organiser{n}")
    password = factory.django.Password(PASSWORD)


class StaffFactory(UserFactory):
    is_staff = True
    is_superuser = True


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tournaments.Club"

    name = factory.Sequence(lambda n: f"Club {n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tournaments.Player"

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Joueur {n}")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tournaments.Event"

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Soirée {n}")
    date = factory.LazyFunction(lambda: datetime.date(2026, 11, 30))
    variant = "rami-penalites"


def make_game(
    event=None, *, players=("Anne", "Bruno", "Chloé"), table_number=1, round_=None, **game_fields
):
    """A game of the event's variant at one table, seated in the given order."""
    from tournaments.models import Game, Player, Round, Seat

    event = event or EventFactory()
    if round_ is None:
        round_, _created = Round.objects.get_or_create(event=event, number=1)
    game = Game.objects.create(
        event=event,
        round=round_,
        table_number=table_number,
        variant=game_fields.pop("variant", event.variant),
        options=game_fields.pop("options", event.options),
        **game_fields,
    )
    for position, name in enumerate(players, start=1):
        player, _created = Player.objects.get_or_create(club=event.club, name=name)
        Seat.objects.create(game=game, player=player, position=position)
    return game


def facts(game, how, ended_by=None, **held):
    """A hand's facts by player name: who ended it, and what each held (counts or cards)."""
    from tournaments.play.facts import HandFacts
    from tournaments.rules.hands import parse_held

    seats = {seat.player.name: seat for seat in game.seats.select_related("player")}
    return HandFacts(
        how,
        seats[ended_by] if ended_by else None,
        {seats[name].id: parse_held(value) for name, value in held.items()},
    )


def play(game, how, ended_by=None, *, user=None, device="", **held):
    """Record the game's next hand through the real service: held by player name."""
    from tournaments.play.services.entry import record_hand

    number = game.hands.count() + 1
    hand_facts = facts(game, how, ended_by, **held)
    return record_hand(game=game, number=number, facts=hand_facts, user=user, device=device)


def correct(hand, how, ended_by=None, *, reason, user=None, **held):
    """Correct a hand through the real service, with the new facts by player name."""
    from tournaments.play.services.entry import correct_hand

    hand_facts = facts(hand.game, how, ended_by, **held)
    return correct_hand(hand=hand, facts=hand_facts, reason=reason, user=user)


def organise(club, user, role="organiser", event=None):
    """`user` holds `role` (organiser by default) for the club, or for one of its events."""
    from tournaments.clubs.services.roles import grant_role

    return grant_role(club=club, user=user, role=role, event=event)


def organisers(club) -> list:
    """The accounts organising the whole club now, oldest first."""
    from tournaments.models import Membership

    held = Membership.objects.active().filter(club=club, role="organiser", event=None)
    return [membership.user for membership in held.order_by("id").select_related("user")]
