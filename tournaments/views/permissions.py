"""Who may change what: the club's organisers manage its events; a table link opens one table.

Views say who may act with the decorators below (`organiser_view` for an event's pages,
`game_organiser_view` for a table's); the services check what they own (who may confirm a
hand, for one) whatever calls them. Anonymous visitors may read public pages only.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.models import Club, Event, Game
from tournaments.services.clubs import organises


def can_manage_club(user, club: Club) -> bool:
    return organises(user, club)


def can_manage(user, event: Event) -> bool:
    """Whether the user organises this event's club (or is a site administrator)."""
    return can_manage_club(user, event.club)


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


def _refusal(request: HttpRequest, event: Event, login_next: str) -> HttpResponse | None:
    """None if the user organises the event; the login page for visitors; 403 for others."""
    if not request.user.is_authenticated:
        return redirect_to_login(login_next)
    if not can_manage(request.user, event):
        raise PermissionDenied
    return None


def organiser_view(view):
    """Decorator for views taking `event_id`: only the event's organisers get through, and the
    view gets the event (with its club) instead of its id."""

    @wraps(view)
    def wrapper(request: HttpRequest, event_id: int, *args, **kwargs) -> HttpResponse:
        event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
        refused = _refusal(request, event, request.get_full_path())
        if refused is not None:
            return refused
        return view(request, event, *args, **kwargs)

    return wrapper


def club_organiser_view(view):
    """Decorator for pages that are not about one event: an organiser of at least one club
    (or a site administrator) gets through; visitors log in first, other accounts get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        user = request.user
        if not user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not (user.is_superuser or user.clubs.exists()):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def _this_page(request: HttpRequest, game: Game) -> str:
    return request.get_full_path()


def game_organiser_view(login_next: Callable[[HttpRequest, Game], str] = _this_page):
    """Decorator for views taking `game_id`: only the organisers of the game's event get
    through, and the view gets the game (with its event and club) instead of its id.
    `login_next` says where a visitor goes back after logging in (this page by default)."""

    def decorator(view):
        @wraps(view)
        def wrapper(request: HttpRequest, game_id: int, *args, **kwargs) -> HttpResponse:
            game = get_object_or_404(Game.objects.select_related("event__club"), pk=game_id)
            refused = _refusal(request, game.event, login_next(request, game))
            if refused is not None:
                return refused
            return view(request, game, *args, **kwargs)

        return wrapper

    return decorator
