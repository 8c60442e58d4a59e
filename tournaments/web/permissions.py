"""Who may open each page: every view says it with one decorator below, which reads the one
table of roles and actions (tournaments/clubs/permissions.py) and leaves a `Rule` on the
view, so that tests/views/test_every_url_for_every_role.py can walk every address of the
site for every role against that table.

- `public_view`: anyone (the public pages, the projector);
- `link_view`: whoever holds the link's secret (a table link, a screen link, an invitation,
  a player's personal link): the secret is the permission;
- `account_view`: any logged-in account (his dashboard, a new club);
- `event_view(action)`, `game_view(action)`: an action on an event (the view gets the event,
  or the game with its event and club);
- `club_view(action)`, `season_view(action)`: an action on a club (the view gets the club, or
  the season with its club);
- `any_club_view(action)`: an action on at least one club (a new event, an imported one);
- `federation_view`: a federation's officials (the view gets the federation);
- `event_results_view`: an event's results by licence: the officials of its club's
  federation, and whoever may change the event.

Visitors are sent to log in, other accounts get 403. The view finds what the person may do
there in `request.can` (`can.keep_score` in a template). The services check what they own
(who may confirm a hand, for one) whatever calls them.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.clubs.permissions import CLUB_ACTIONS, Can
from tournaments.clubs.selectors.roles import NOTHING, Allowed, allowed, clubs_where
from tournaments.models import Club, Event, Federation, Game, Season


class LoggedInRequest(HttpRequest):
    """A request that a decorator below let through: its user is logged in, and `can` says
    what he may do there. For the type checker, which knows Django's HttpRequest only."""

    user: User
    can: Allowed


@dataclass(frozen=True)
class Rule:
    """What a view asks of its visitor: `who` is "anyone", "link", "account", "event" or
    "club" (an action on the event or club in its address), or "any_club"."""

    who: str
    action: Can | None = None


def _declare(view, rule: Rule):
    view.permission = rule
    return view


def public_view(view):
    return _declare(view, Rule("anyone"))


def link_view(view):
    return _declare(view, Rule("link"))


def _refused(request: HttpRequest, login_next: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(login_next)
    raise PermissionDenied


def account_view(view):
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return _refused(request, request.get_full_path())
        request.can = NOTHING
        return view(request, *args, **kwargs)

    return _declare(wrapper, Rule("account"))


def game_from_link(token: str) -> Game:
    """The game a table link opens; 404 once the organiser turned the link off or renewed it."""
    game = Game.objects.select_related("event", "round").filter(link_token=token).first()
    if game is None or not game.link_enabled:
        raise Http404(
            _("This table link is no longer active: ask the organiser for the table's new link.")
        )
    return game


def device_id(request) -> str:
    """A per-browser identity for table-link users, who have no account: kept in the session."""
    if "device" not in request.session:
        request.session["device"] = secrets.token_hex(8)
    return request.session["device"]


def _this_page(request: HttpRequest, _thing: object) -> str:
    return request.get_full_path()


def _guarded(
    key: str,
    load: Callable[[int], Any],
    where: Callable[[Any], tuple[int, int | None]],
    action: Can,
    login_next: Callable[[HttpRequest, Any], str] = _this_page,
    on_club: bool = False,
):
    """A decorator for views whose URL gives `key` (an id): `load` finds the thing (or 404),
    `where` says its club and event, and only those whose roles there allow `action` get
    through; the view gets the thing instead of its id. `login_next` says where a visitor
    goes back after logging in (this page by default). `on_club`: the thing is the club's, of
    no event (a season), so that only a role held for the club allows even an event's action
    (the money of a season: the treasurer of the club, not of one night)."""
    rule = Rule("club" if on_club or action in CLUB_ACTIONS else "event", action)

    def decorator(view):
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            thing = load(kwargs.pop(key))
            club_id, event_id = where(thing)
            can = allowed(request.user, club_id=club_id, event_id=event_id)
            if action not in can:
                return _refused(request, login_next(request, thing))
            request.can = can
            return view(request, thing, *args, **kwargs)

        return _declare(wrapper, rule)

    return decorator


def _event(event_id: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=event_id)


def _game(game_id: int) -> Game:
    return get_object_or_404(Game.objects.select_related("event__club"), pk=game_id)


def _season(season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), pk=season_id)


def _club(club_id: int) -> Club:
    return get_object_or_404(Club, pk=club_id)


def event_view(action: Can):
    """For views taking `event_id`: the view gets the event, with its club."""
    return _guarded("event_id", _event, lambda event: (event.club_id, event.pk), action)


def game_view(action: Can, login_next: Callable[[HttpRequest, Game], str] = _this_page):
    """For views taking `game_id`: the view gets the game, with its event and club."""
    return _guarded(
        "game_id", _game, lambda game: (game.event.club_id, game.event_id), action, login_next
    )


def club_view(action: Can):
    """For views taking `club_id`: the view gets the club."""
    return _guarded("club_id", _club, lambda club: (club.pk, None), action, on_club=True)


def season_view(action: Can):
    """For views taking `season_id`: the view gets the season, with its club."""
    return _guarded(
        "season_id", _season, lambda season: (season.club_id, None), action, on_club=True
    )


def any_club_view(action: Can):
    """For pages about no club in particular (a new event, an imported one): a role held for
    at least one club that allows `action`."""

    def decorator(view):
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if not clubs_where(request.user, action).exists():
                return _refused(request, request.get_full_path())
            request.can = NOTHING
            return view(request, *args, **kwargs)

        return _declare(wrapper, Rule("any_club", action))

    return decorator


def is_official(user: object, federation_id: int | None) -> bool:
    """Whether the user is an official of this federation (a site administrator is)."""
    if federation_id is None or not isinstance(user, User) or not user.is_authenticated:
        return False
    return user.is_superuser or user.federations.filter(pk=federation_id).exists()


def federation_view(view):
    """For views taking `federation_id`: its officials get through (the view gets the
    federation); visitors log in first, other accounts get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        federation = get_object_or_404(Federation, pk=kwargs.pop("federation_id"))
        if not is_official(request.user, federation.pk):
            return _refused(request, request.get_full_path())
        request.can = NOTHING
        return view(request, federation, *args, **kwargs)

    return _declare(wrapper, Rule("federation"))


def event_results_view(view):
    """For an event's results by licence (`event_id`): whoever may change the event, and the
    officials of its club's federation."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        event = _event(kwargs.pop("event_id"))
        can = allowed(request.user, club_id=event.club_id, event_id=event.pk)
        if Can.CHANGE_EVENT not in can and not is_official(request.user, event.club.federation_id):
            return _refused(request, request.get_full_path())
        request.can = can
        return view(request, event, *args, **kwargs)

    return _declare(wrapper, Rule("event_or_federation", Can.CHANGE_EVENT))
