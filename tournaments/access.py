"""Who may change what: the club's organisers manage its events; a table link opens one table.

Views check these; the services trust their callers. Anonymous visitors may read public pages
only.
"""

from __future__ import annotations

import secrets
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.models import Club, Event, Game


def can_manage_club(user, club: Club) -> bool:
    if not user.is_authenticated:
        return False
    return user.is_superuser or club.organisers.filter(pk=user.pk).exists()


def can_manage(user, event: Event) -> bool:
    """Whether the user organises this event's club (or is a site administrator)."""
    return can_manage_club(user, event.club)


def managed_event(request, event_id: int) -> Event:
    """The event, if the user may manage it: login page for visitors, 403 for others."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    if not request.user.is_authenticated:
        raise _LoginRequired()
    if not can_manage(request.user, event):
        raise PermissionDenied
    return event


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


class _LoginRequired(Exception):
    pass


def organiser_view(view):
    """Decorator for views taking `event_id`: only the event's organisers get through."""

    @wraps(view)
    def wrapper(request, event_id: int, *args, **kwargs):
        try:
            event = managed_event(request, event_id)
        except _LoginRequired:
            return redirect_to_login(request.get_full_path())
        return view(request, event, *args, **kwargs)

    return wrapper
