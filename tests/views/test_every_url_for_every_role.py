"""Every address of the site, for every role: what each person is let through to is what the
one table of permissions (tournaments/clubs/permissions.py) says, and a refused request
changes nothing.

The walk reads the URL patterns themselves (Django's resolver), so that a new address fails
here until its view says who may open it (tournaments/web/permissions.py). Each identity is a
test: it opens every address once (GET, or POST when the view takes POST only), each request
rolled back after it, and the test lists every address where the answer disagrees with the
table.
"""

from __future__ import annotations

import datetime
from http.cookies import SimpleCookie

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    StaffFactory,
    UserFactory,
    make_game,
    organise,
    play,
)
from tests.views.organiser_support import snapshot
from tournaments.clubs.permissions import PERMISSIONS, Can
from tournaments.clubs.services.invitations import invite
from tournaments.clubs.services.roles import create_screen_link, withdraw_role
from tournaments.events.services.events import register_player
from tournaments.federation.services.evenings import create_evening, register_at_venue
from tournaments.federation.services.people import merge_players
from tournaments.integrations.services.tokens import create_token
from tournaments.models import (
    Federation,
    Payout,
    PdfJob,
    Player,
    Role,
    Season,
    WebhookDelivery,
    WebhookSubscription,
)
from tournaments.play.services.links import tent_signature
from tournaments.prizes.services import save_category
from tournaments.web.permissions import Rule

pytestmark = pytest.mark.django_db

# Django's own views, which the site mounts as they are: who may open them.
DJANGO_VIEWS = {
    "login": Rule("anyone"),
    "logout": Rule("anyone"),
    "password_change": Rule("account"),
    "password_change_done": Rule("account"),
    "password_reset": Rule("anyone"),
    "password_reset_done": Rule("anyone"),
    "password_reset_confirm": Rule("anyone"),
    "password_reset_complete": Rule("anyone"),
    "set_language": Rule("anyone"),
}
# Addresses whose thing the world has not made: let through, their view answers 404.
NOT_IN_THE_WORLD = {"sheets:prepared_file"}  # a PDF prepared in the background
# The addresses of a simultaneous evening as a whole: they name the evening, not the event.
EVENING_ADDRESSES = {"evening", "evening_ranking"}
# The admin guards itself (staff only): its front page stands for its hundreds of addresses.
ADMIN = "admin:index"
# The API answers to tokens and their scopes, not to the roles of a logged-in person: its
# addresses are walked by tests/api (every operation, every scope, anonymous).
API = "api-1"

# Who each identity is: the roles he holds, for our club ("club"), for our event ("event"),
# for another event of our club ("other event") or for another club ("other club").
IDENTITIES: dict[str, list[tuple[Role, str]]] = {
    "anonymous": [],
    "table link": [],  # a player who opened his table's link
    "screen link": [],  # the TV that opened the club's screen link
    "account with no role": [],
    "organiser": [(Role.ORGANISER, "club")],
    "organiser of the event": [(Role.ORGANISER, "event")],
    "scorer": [(Role.SCORER, "club")],
    "scorer of the event": [(Role.SCORER, "event")],
    "scorer of another event": [(Role.SCORER, "other event")],
    "door": [(Role.DOOR, "club")],
    "treasurer": [(Role.TREASURER, "club")],
    "withdrawn organiser": [],  # his role was taken back
    "another club's organiser": [(Role.ORGANISER, "other club")],
    "federation official": [],  # an official of the club's federation, with no club role
    "site administrator": [],
}
ACCOUNTS = set(IDENTITIES) - {"anonymous", "table link", "screen link"}


def expected(who: str, rule: Rule) -> bool:
    """Whether the table lets `who` through a view that asks `rule`."""
    if rule.who in ("anyone", "link"):
        return True
    if who not in ACCOUNTS:
        return False
    if who == "site administrator" or rule.who == "account":
        return True
    if rule.who == "staff":
        return False
    if rule.who == "federation":
        return who == "federation official"
    # A simultaneous evening of the club's federation: its officials run it all, the club's
    # roles count at the club's venue only (and not on the evening as a whole).
    if rule.who in ("venue", "evening") and who == "federation official":
        return True
    if rule.who == "evening":
        return False
    if rule.who == "event_or_federation" and who == "federation official":
        return True
    scopes = {
        "any_club": ("club", "other club"),
        "club": ("club",),
        "venue": ("club",),
        "event": ("club", "event"),
        "event_or_federation": ("club", "event"),
    }[rule.who]
    return any(
        rule.action in PERMISSIONS[role] for role, scope in IDENTITIES[who] if scope in scopes
    )


def params(entry) -> set[str]:
    pattern = entry.pattern
    return set(getattr(pattern, "converters", {})) | set(pattern.regex.groupindex)


def patterns(resolvers=None, above: frozenset = frozenset(), namespace: str = ""):
    """(name with its namespace, view, the names its address takes) of every URL pattern."""
    for entry in resolvers if resolvers is not None else get_resolver().url_patterns:
        if isinstance(entry, URLResolver):
            space = entry.namespace or namespace
            if space in ("admin", API):
                continue
            yield from patterns(entry.url_patterns, above | params(entry), space)
        elif isinstance(entry, URLPattern):
            name = f"{namespace}:{entry.name}" if namespace else entry.name
            yield name, entry.callback, above | params(entry)


def rule_of(name: str, view) -> Rule | None:
    return DJANGO_VIEWS.get(name) or getattr(view, "permission", None)


ALL = sorted(patterns(), key=lambda each: each[0])


def test_every_view_says_who_may_open_it():
    undeclared = [name for name, view, _names in ALL if rule_of(name, view) is None]
    assert undeclared == [], "views with no permission decorator (web/permissions.py)"


def test_the_walk_covers_every_address_of_the_site():
    names = [name for name, _view, _names in ALL]
    assert len(names) == len(set(names)), "every URL pattern has its own name"
    assert len(names) > 60


@pytest.fixture
def world(organiser, club, event, settings):
    """Everything an address can name: the event with four players and a table whose hand 1
    waits for confirmation, another event, a season, a PDF job, an invitation, a screen link,
    a prize category and a prize paid, and the accounts of the identities."""
    settings.SIGNUP_OPEN = True
    event.confirmation_required = True
    event.kind = "tournament"  # its tournament pages exist
    event.save()
    for name in ("Anne", "Bruno", "Chloé", "Denis"):
        register_player(event=event, name=name)
    game = make_game(event, players=("Anne", "Bruno", "Chloé", "Denis"))
    play(game, "going_out", "Anne", Bruno=10, Chloé=20, Denis=5)
    other_event = EventFactory(club=club, name="Autre soirée")
    season = Season.objects.create(
        club=club, name="Saison", starts_on=event.date, ends_on=event.date
    )
    job = PdfJob.objects.create(event=event, round=game.round, kind="sheets")
    offered = invite(club=club, role=Role.DOOR, valid_for=datetime.timedelta(days=1), by=organiser)
    screen = create_screen_link(club=club, event=event, by=organiser)
    scopes = {"club": (club, None), "event": (club, event), "other event": (club, other_event)}
    users = {"organiser": organiser, "site administrator": StaffFactory(username="root")}
    for who, grants in IDENTITIES.items():
        if who in ACCOUNTS and who not in users:
            users[who] = UserFactory(username=who.replace(" ", "-").replace("'", ""))
        for role, scope in grants:
            if scope == "other club":
                organise(ClubFactory(name="Club voisin"), users[who], role)
            else:
                where, one_event = scopes[scope]
                organise(where, users[who], role, one_event)
    withdrawn = organise(club, users["withdrawn organiser"])
    withdraw_role(membership=withdrawn, by=organiser)
    door = organise(club, UserFactory(username="portier"), Role.DOOR)
    # The club's federation, its official, a merge; the club's API token and a webhook with
    # a delivery (the pages of tokens and webhooks).
    federation = Federation.objects.create(name="Fédération")
    federation.officials.add(users["federation official"])
    club.federation = federation
    club.save()
    anne = Player.objects.get(name="Anne")
    merge = merge_players(
        federation=federation,
        players=[anne, PlayerFactory(club=ClubFactory(federation=federation), name="Anne")],
        user=organiser,
    )
    # A simultaneous evening of the federation, the club one of its two venues, with Élodie.
    evening = create_evening(
        federation=federation,
        clubs=[club, ClubFactory(name="Club de la fédération", federation=federation)],
        name="Simultané",
        date=event.date,
        variant="rami-penalites",
        created_by=users["federation official"],
    )
    venue = evening.venues.get(club=club)
    at_venue = register_at_venue(venue=venue, names=["Élodie"], user=organiser).added[0]
    # A prize category and a prize paid (the prize and money pages).
    category = save_category(
        event=event, name="Dames", kind="women", prizes=[{"kind": "fixed", "value": "20"}]
    )
    payout = Payout.objects.create(
        event=event,
        player=anne,
        prize="place:1",
        label="1er",
        amount=10,
        method="cash",
        paid_by=organiser,
        paid_at=timezone.now(),
    )
    token = create_token(club=club, name="Site", scopes=["read"], days=3, user=organiser)
    hook = WebhookSubscription.objects.create(club=club, url="https://example.org/", secret="s")
    delivery = WebhookDelivery.objects.create(
        subscription=hook, happening="hand.confirmed", payload={}
    )
    values = {
        "event_id": event.id,
        "game_id": game.id,
        "number": 1,
        "registration_id": event.registrations.first().id,
        "club_id": club.id,
        "season_id": season.id,
        "player_id": anne.id,
        "job_id": job.id,
        "invitation_id": offered.id,
        "membership_id": door.id,
        "action": "start",
        "uidb64": "MQ",
        "uid": "MQ",
        "federation_id": federation.id,
        "person_id": Player.objects.get(pk=anne.pk).person_id,
        "merge_id": merge.id,
        "token_id": token.token.id,
        "webhook_id": hook.id,
        "delivery_id": delivery.id,
        "key": "kept-hand-1",  # a hand kept on a phone (docs/offline.md)
        "table": game.table_number,
        "signature": tent_signature(event.id, game.table_number),  # the table's tent
        "venue_id": venue.id,
        "category_id": category.id,
        "payout_id": payout.id,
    }
    # The evening's own addresses name the evening, and its venue's player.
    values["evening"] = {"event_id": evening.id, "registration_id": at_venue.id}
    tokens = {
        "entry": game.link_token,
        "people:join": offered.token,
        "people:screen": screen.token,
        "registration": event.registrations.first().token,
    }
    return values, tokens, users, game, screen


def address(name: str, wanted: set[str], values: dict, tokens: dict) -> str:
    kwargs = {key: values[key] for key in wanted if key in values}
    if "venue_id" in wanted or name in EVENING_ADDRESSES:
        kwargs.update((key, value) for key, value in values["evening"].items() if key in wanted)
    if "token" in wanted:
        space = name.split(":")[0]
        kwargs["token"] = tokens.get(name) or tokens.get(space) or "no-such-token"
    return reverse(name, kwargs=kwargs)


def client_for(who: str, users: dict, game, screen) -> Client:
    client = Client()
    if who == "table link":
        client.get(f"/t/{game.link_token}/")
    elif who == "screen link":
        client.get(f"/tv/{screen.token}/")
    elif who in users:
        client.force_login(users[who])
    return client


def refused(response) -> bool:
    if response.status_code == 403:
        return True
    return response.status_code == 302 and response.url.startswith(
        ("/accounts/login/", "/admin/login/")
    )


@pytest.mark.parametrize("who", list(IDENTITIES))
def test_every_address_answers_each_identity_as_the_table_says(who, world):
    values, tokens, users, game, screen = world
    client = client_for(who, users, game, screen)
    cookies = SimpleCookie(client.cookies.output(header="", sep="\n"))
    wrong = []
    for name, view, wanted in [*ALL, (ADMIN, None, set())]:
        rule = Rule("staff") if name == ADMIN else rule_of(name, view)
        url = reverse(ADMIN) if name == ADMIN else address(name, wanted, values, tokens)
        allowed = who == "site administrator" if name == ADMIN else expected(who, rule)
        client.cookies = SimpleCookie(cookies.output(header="", sep="\n"))
        before = snapshot()
        with transaction.atomic():
            response = client.get(url)
            if response.status_code == 405:
                response = client.post(url)
            after = snapshot()
            transaction.set_rollback(True)
        answer = f"{response.status_code} {getattr(response, 'url', '')}".strip()
        missing = response.status_code == 404 and name not in NOT_IN_THE_WORLD
        if allowed and (refused(response) or missing):
            wrong.append(f"{name} ({rule}): refused with {answer}")
        elif not allowed and not refused(response):
            wrong.append(f"{name} ({rule}): let through with {answer}")
        elif not allowed and after != before:
            wrong.append(f"{name}: refused, yet something changed")
    assert wrong == [], "\n".join(wrong)


def test_the_table_gives_each_role_what_the_issue_says():
    assert PERMISSIONS[Role.ORGANISER] == frozenset(Can)
    assert PERMISSIONS[Role.SCORER] == {Can.SEE_EVENT, Can.KEEP_SCORE}
    assert PERMISSIONS[Role.DOOR] == {Can.SEE_EVENT, Can.REGISTER, Can.TAKE_FEES}
    assert PERMISSIONS[Role.TREASURER] == {Can.SEE_EVENT, Can.TAKE_FEES, Can.HANDLE_MONEY}
    assert PERMISSIONS[Role.SCREEN] == {Can.SHOW_SCREEN}


def test_the_door_takes_fees_and_the_rest_of_the_money_is_the_treasurers():
    """Issue 21: the door or the treasurer records a fee paid in one tap; waivers, refunds,
    payouts and the balance ask for the money role."""
    money = {name: rule_of(name, view) for name, view, _names in ALL if name.startswith("ledger:")}
    assert money.pop("ledger:record_fee") == Rule("event", Can.TAKE_FEES)
    assert money and {rule.action for rule in money.values()} == {Can.HANDLE_MONEY}
    assert [who for who in IDENTITIES if expected(who, Rule("event", Can.TAKE_FEES))] == [
        "organiser",
        "organiser of the event",
        "door",
        "treasurer",
        "site administrator",
    ]
