"""The projector screen: a full-screen page for a TV or a projector in the room, no login.

It rotates between the tables' progress, the standings (or each table's leader at a club
night), who sits where and the round clock (static/js/projector.js). Its live part polls
like the phones' pages: an htmx fragment behind the event's version (web/polling.py), so
that an unchanged screen costs a 304 for one query. The page itself is never conditional: it
carries the server's time, from which the clock counts down.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _

from tournaments.models import Event, Venue
from tournaments.play.selectors.versions import event_version
from tournaments.screen.display import screen as screen_panels
from tournaments.screen.selectors import screen_data
from tournaments.sheets.render import qr_svg, site_url
from tournaments.views.public import POLL_EVERY
from tournaments.web.permissions import public_view
from tournaments.web.polling import HtmxRequest, polled, showing

# Seconds each panel (or page of a long list) stays on the screen.
ROTATE_EVERY = 15
# Seconds before a TV's screen link is opened again, to follow the club to its next event.
BACK_TO_THE_LINK = 600


@polled(event_version, by="event_id", fragments_only=True, coalesce=True)
@public_view
def screen(request: HtmxRequest, event_id: int) -> HttpResponse:
    """The projector page (at a simultaneous evening, `?venue=N`: that venue's tables and
    the ranking across venues); htmx polls get its live part alone."""
    asked = request.GET.get("venue", "")
    if asked and not asked.isdigit():
        raise Http404(_("This evening has no such venue."))
    try:
        data = screen_data(event_id, int(asked) if asked else None)
    except Event.DoesNotExist:
        raise Http404(_("There is no such event.")) from None
    except Venue.DoesNotExist:
        raise Http404(_("This evening has no such venue.")) from None
    event = data.overview.event
    context = {
        "event": event,
        "screen": screen_panels(data, timezone.now()),
        "poll_every": POLL_EVERY,
        "live_url": request.get_full_path(),
    }
    if request.htmx:
        response = render(request, "screen/_live.html", context)
    else:
        join_url = site_url(request) + reverse("event", kwargs={"event_id": event.id})
        context |= {"join_url": join_url, "join_qr": qr_svg(join_url), "rotate": ROTATE_EVERY}
        # Opened from a TV's screen link: back to it now and then, for the next event.
        tv = request.GET.get("tv", "")
        if tv.isascii() and tv.replace("-", "").replace("_", "").isalnum():
            context["back_to"] = reverse("people:screen", kwargs={"token": tv})
            context["back_every"] = BACK_TO_THE_LINK
        response = render(request, "screen/screen.html", context)
    # The same address answers with the page or its live part: caches must keep them apart.
    patch_vary_headers(response, ["HX-Request"])
    # The tables as read, the standings worked out a moment ago: no version says both.
    return response if data.standings_current else showing(response, None)
