"""Who may change what: the club's organisers manage its events; a table link opens one table.

Views say who may act with the decorators below (`organiser_view` for an event's pages,
`game_organiser_view` for a table's, `club_organiser_view` and `season_organiser_view` for a
club's seasons, `any_organiser_view` for an organiser's pages about no club in particular,
`federation_official_view` for a federation's, `event_results_view` for an event's results
by licence, `treasurer_view` for the money of an event or a season);
the services check what they own (who may confirm a hand, for one) whatever calls them.
Anonymous visitors may read public pages only.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import formats
from django.utils.translation import gettext as _

from tournaments.clubs.services import organises
from tournaments.models import Club, Event, Federation, Game, Season


def can_manage_club(user, club: Club) -> bool:
    return organises(user, club)


def can_manage(user, event: Event) -> bool:
    """Whether the user organises this event's club (or is a site administrator)."""
    return can_manage_club(user, event.club)


def game_from_link(token: str) -> Game:
    """The game a table link opens; 404 once the organiser turned the link off or renewed it,
    and once its days are over (until an organiser reopens it)."""
    game = Game.objects.select_related("event", "round").filter(link_token=token).first()
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


def _refusal(request: HttpRequest, club: Club, login_next: str) -> HttpResponse | None:
    """None if the user organises the club; the login page for visitors; 403 for others."""
    if not request.user.is_authenticated:
        return redirect_to_login(login_next)
    if not can_manage_club(request.user, club):
        raise PermissionDenied
    return None


def _this_page(request: HttpRequest, _thing: object) -> str:
    return request.get_full_path()


def _organisers_only(
    key: str,
    load: Callable[[int], Any],
    club_of: Callable[[Any], Club],
    login_next: Callable[[HttpRequest, Any], str] = _this_page,
):
    """A decorator for views whose URL gives `key` (an id): `load` finds the thing (or 404),
    only the organisers of its club get through, and the view gets the thing instead of its
    id. `login_next` says where a visitor goes back after logging in (this page by default)."""

    def decorator(view):
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            thing = load(kwargs.pop(key))
            refused = _refusal(request, club_of(thing), login_next(request, thing))
            if refused is not None:
                return refused
            return view(request, thing, *args, **kwargs)

        return wrapper

    return decorator


def _event(event_id: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=event_id)


def _game(game_id: int) -> Game:
    return get_object_or_404(Game.objects.select_related("event__club"), pk=game_id)


def _season(season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), pk=season_id)


def _club(club_id: int) -> Club:
    return get_object_or_404(Club, pk=club_id)


# For views taking `event_id`: the view gets the event, with its club.
organiser_view = _organisers_only("event_id", _event, lambda event: event.club)
# For views taking `club_id` or `season_id`: the club, or the season with its club.
club_organiser_view = _organisers_only("club_id", _club, lambda club: club)
season_organiser_view = _organisers_only("season_id", _season, lambda season: season.club)


def game_organiser_view(login_next: Callable[[HttpRequest, Game], str] = _this_page):
    """For views taking `game_id`: the view gets the game, with its event and club."""
    return _organisers_only("game_id", _game, lambda game: game.event.club, login_next)


def any_organiser_view(view):
    """For pages that are not about one club (importing an event, for one): an organiser of
    at least one club (or a site administrator) gets through; visitors log in first, other
    accounts get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        user = request.user
        if not user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not (user.is_superuser or user.clubs.exists()):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def is_official(user, federation_id: int | None) -> bool:
    """Whether the user is an official of this federation (a site administrator is)."""
    if federation_id is None or not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or user.federations.filter(pk=federation_id).exists()


def federation_official_view(view):
    """For views taking `federation_id`: its officials get through (the view gets the
    federation); visitors log in first, other accounts get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        federation = get_object_or_404(Federation, pk=kwargs.pop("federation_id"))
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_official(request.user, federation.pk):
            raise PermissionDenied
        return view(request, federation, *args, **kwargs)

    return wrapper


def event_results_view(view):
    """For an event's results by licence (`event_id`): its club's organisers and the
    officials of its club's federation."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        event = _event(kwargs.pop("event_id"))
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not (
            can_manage(request.user, event) or is_official(request.user, event.club.federation_id)
        ):
            raise PermissionDenied
        return view(request, event, *args, **kwargs)

    return wrapper


def treasurer_view(view):
    """For the money pages (the ledger of an event, taking `event_id`; a season's report,
    taking `season_id`): the view gets the event or the season. Today the club's organisers
    get through; this one decorator is where club roles give it to the treasurer (and the
    door, for the fees) instead."""
    by_event = organiser_view(view)
    by_season = season_organiser_view(view)

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if "event_id" in kwargs:
            return by_event(request, *args, **kwargs)
        return by_season(request, *args, **kwargs)

    return wrapper
