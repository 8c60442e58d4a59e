"""Helpers for the organiser page tests: clients for each identity, a snapshot of the data."""

from __future__ import annotations

from django.test import Client

from tests.views.identities import client_for
from tournaments.models import Club, Event, Game, Hand, Player, Registration, Round, Seat

# The permission matrix's rows: who may try to change an event.
REFUSED = ("anonymous", "table_link", "other_organiser")
ALLOWED = ("organiser", "admin")


def client_as(who: str, event: Event, organiser) -> Client:
    """A browser session for one identity; a table-link player opened his table's link."""
    link = f"/t/{event.games.first().link_token}/" if who == "table_link" else ""
    return client_for(who, organiser, table_link=link)


def tie_breaks_post(*keys: str) -> dict[str, str]:
    """The tie-break selects as a browser posts them: each chosen key numbered in order, the
    others "" (not used)."""
    from tournaments.ranking import TIE_BREAKS

    numbers = {key: str(number) for number, key in enumerate(keys, start=1)}
    return {f"tie_breaks_{key}": numbers.get(key, "") for key in TIE_BREAKS}


def seen_now(row, page: str = "settings") -> dict[str, str]:
    """The hidden field that an organiser's page editing `row` carries, as if opened now:
    an event's "settings" or "rules", a "season"."""
    from tournaments.events.services.events import RULES, SETTINGS
    from tournaments.forms.edits import seen_token
    from tournaments.forms.seasons import SEASON_FIELDS

    names = {"settings": SETTINGS, "rules": RULES, "season": SEASON_FIELDS}[page]
    return {"seen": seen_token(type(row).objects.get(pk=row.pk), names)}


def snapshot() -> dict:
    """Everything an organiser page can change, to assert that a refused request changed
    nothing."""
    return {
        "clubs": list(Club.objects.order_by("id").values()),
        "events": list(Event.objects.order_by("id").values()),
        "players": list(Player.objects.order_by("id").values("id", "name", "club_id")),
        "registrations": list(Registration.objects.order_by("id").values()),
        "rounds": list(Round.objects.order_by("id").values()),
        "games": list(Game.objects.order_by("id").values()),
        "seats": list(Seat.objects.order_by("id").values()),
        "hands": list(Hand.objects.order_by("id").values("id", "game_id", "number")),
    }


def assert_refused(response, who: str) -> None:
    """Visitors and table-link players are sent to log in; other organisers get 403."""
    if who == "other_organiser":
        assert response.status_code == 403
    else:
        assert response.status_code == 302
        assert response.url.startswith("/accounts/login/")


def options_post(variant: str, **changes) -> dict[str, str]:
    """A variant's options as the form posts them: every default, with some changed."""
    from tournaments.forms.options import OptionsForm

    form = OptionsForm(variant=variant)
    data = {}
    for field in form:
        value = changes.get(field.name, field.field.prepare_value(field.value()))
        data[field.html_name] = "" if value is None else str(value)
    return data
