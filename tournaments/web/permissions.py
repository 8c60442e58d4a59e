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
  federation, and whoever may change the event;
- `venue_view(action)`: an action at a simultaneous evening's venue (the view gets the
  venue, with its event and club), and `evening_view(action)` on such an evening as a whole.
  Who runs which venue is `clubs/selectors/roles.py`'s `allowed_at`: the federation's
  officials run the whole evening, a venue's club's roles count at that venue only;
  `event_view` and `game_view` follow it too, so that a venue's people reach neither the
  evening's own pages nor another venue's tables.

Visitors are sent to log in, other accounts get 403. The view finds what the person may do
there in `request.can` (`can.keep_score` in a template). The services check what they own
(who may confirm a hand, for one) whatever calls them.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, cast

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import formats
from django.utils.translation import gettext as _

from tournaments.clubs.permissions import CLUB_ACTIONS, Can
from tournaments.clubs.selectors.roles import (
    NOTHING,
    Allowed,
    allowed,
    allowed_at,
    clubs_where,
    is_official,
)
from tournaments.models import Club, Event, Federation, Game, Season, Venue
from tournaments.play.selectors.games import SHEET_RELATIONS


class LoggedInRequest(HttpRequest):
    """A request that a decorator below let through: its user is logged in, and `can` says
    what he may do there. For the type checker, which knows Django's HttpRequest only."""

    user: User
    can: Allowed


def _let_through(request: HttpRequest, can: Allowed) -> None:
    """The request goes on to the view, saying what its user may do there."""
    cast(LoggedInRequest, request).can = can


def allowed_here(request: HttpRequest) -> Allowed:
    """What the user may do on the page a decorator below let the request through to (for
    code typed with another request class, htmx's for one)."""
    return cast(LoggedInRequest, request).can


@dataclass(frozen=True)
class Rule:
    """What a view asks of its visitor: `who` is "anyone", "link", "account", "event" or
    "club" (an action on the event or club in its address), "any_club", "venue" (an action
    at a simultaneous evening's venue) or "evening" (on such an evening as a whole)."""

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
        _let_through(request, NOTHING)
        return view(request, *args, **kwargs)

    return _declare(wrapper, Rule("account"))


def game_from_link(token: str) -> Game:
    """The game a table link opens; 404 once the organiser turned the link off or renewed it,
    and once its days are over (until an organiser reopens it)."""
    game = Game.objects.select_related(*SHEET_RELATIONS).filter(link_token=token).first()
    if game is None or not game.link_enabled:
        raise Http404(
            _("This table link is no longer active: ask the organiser for the table's new link.")
        )
    if game.link_has_closed:
        raise Http404(
            _(
                "This table link was for the event of %(date)s: it no longer takes hands (its "
                "last day was %(closed)s). The table's page shows its hands; an organiser can "
                "reopen the link from the event's page."
            )
            % {
                "date": formats.date_format(game.event.date),
                "closed": formats.date_format(game.link_closes_on),
            }
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
    can_of: Callable[[Any, Any], Allowed],
    action: Can,
    login_next: Callable[[HttpRequest, Any], str] = _this_page,
    rule: Rule | None = None,
):
    """A decorator for views whose URL gives `key` (an id): `load` finds the thing (or 404),
    `can_of(user, thing)` says what the user may do there, and only those it allows `action`
    get through; the view gets the thing instead of its id. `login_next` says where a
    visitor goes back after logging in (this page by default). `rule`: what the every-URL
    test expects, when not what the action says (a club's thing of no event, a season:
    only a role held for the club allows even an event's action there)."""
    rule = rule or Rule("club" if action in CLUB_ACTIONS else "event", action)

    def decorator(view):
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            thing = load(kwargs.pop(key))
            can = can_of(request.user, thing)
            if action not in can:
                return _refused(request, login_next(request, thing))
            _let_through(request, can)
            return view(request, thing, *args, **kwargs)

        return _declare(wrapper, rule)

    return decorator


def _event(event_id: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=event_id)


def _game(game_id: int) -> Game:
    found = Game.objects.select_related(*SHEET_RELATIONS, "venue")
    return get_object_or_404(found, pk=game_id)


def _venue(venue_id: int) -> Venue:
    return get_object_or_404(Venue.objects.select_related("event__club", "club"), pk=venue_id)


def _evening(event_id: int) -> Event:
    event = _event(event_id)
    if not event.is_simultaneous:
        raise Http404(_("This event is played at one club."))
    return event


def _season(season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), pk=season_id)


def _club(club_id: int) -> Club:
    return get_object_or_404(Club, pk=club_id)


def event_view(action: Can):
    """For views taking `event_id`: the view gets the event, with its club. (At a
    simultaneous evening, the event as a whole: its federation's officials.)"""
    return _guarded("event_id", _event, lambda user, event: allowed_at(user, event), action)


def game_view(action: Can, login_next: Callable[[HttpRequest, Game], str] = _this_page):
    """For views taking `game_id`: the view gets the game, with its event and club (at a
    simultaneous evening, those who run its venue get through)."""
    return _guarded(
        "game_id",
        _game,
        lambda user, game: allowed_at(user, game.event, game.venue),
        action,
        login_next,
    )


def venue_view(action: Can):
    """For views taking `venue_id`: the view gets the venue, with its event and club; its
    club's roles and the federation's officials get through."""
    return _guarded(
        "venue_id",
        _venue,
        lambda user, venue: allowed_at(user, venue.event, venue),
        action,
        rule=Rule("venue", action),
    )


def evening_view(action: Can):
    """For a simultaneous evening as a whole (`event_id`; 404 for a club's own event): the
    view gets the event; its federation's officials get through."""
    return _guarded(
        "event_id",
        _evening,
        lambda user, event: allowed_at(user, event),
        action,
        rule=Rule("evening", action),
    )


def club_view(action: Can):
    """For views taking `club_id`: the view gets the club."""
    return _guarded(
        "club_id",
        _club,
        lambda user, club: allowed(user, club_id=club.pk),
        action,
        rule=Rule("club", action),
    )


def season_view(action: Can):
    """For views taking `season_id`: the view gets the season, with its club."""
    return _guarded(
        "season_id",
        _season,
        lambda user, season: allowed(user, club_id=season.club_id),
        action,
        rule=Rule("club", action),
    )


def any_club_view(action: Can):
    """For pages about no club in particular (a new event, an imported one): a role held for
    at least one club that allows `action`."""

    def decorator(view):
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if not clubs_where(request.user, action).exists():
                return _refused(request, request.get_full_path())
            _let_through(request, NOTHING)
            return view(request, *args, **kwargs)

        return _declare(wrapper, Rule("any_club", action))

    return decorator


def federation_view(view):
    """For views taking `federation_id`: its officials get through (the view gets the
    federation); visitors log in first, other accounts get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        federation = get_object_or_404(Federation, pk=kwargs.pop("federation_id"))
        if not is_official(request.user, federation.pk):
            return _refused(request, request.get_full_path())
        _let_through(request, NOTHING)
        return view(request, federation, *args, **kwargs)

    return _declare(wrapper, Rule("federation"))


def event_results_view(view):
    """For an event's results by licence (`event_id`): whoever may change the event, and the
    officials of its club's federation."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        event = _event(kwargs.pop("event_id"))
        can = allowed_at(request.user, event)
        if Can.CHANGE_EVENT not in can and not is_official(request.user, event.club.federation_id):
            return _refused(request, request.get_full_path())
        _let_through(request, can)
        return view(request, event, *args, **kwargs)

    return _declare(wrapper, Rule("event_or_federation", Can.CHANGE_EVENT))
