"""A table's private link: turned off and on, or renewed when it has leaked. It takes hands
until TABLE_LINK_DAYS after its event (Game.link_closes_on); turning it on reopens it. And the
permanent link of a table number of an event, printed on its table tent, which opens the
table's game in the round in play (docs/offline.md)."""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from tournaments.models import Game
from tournaments.models.games import new_link_token
from tournaments.play.services.locks import lock_table


def set_table_link(*, game: Game, enabled: bool) -> Game:
    """Turn the table link on or off; the token stays, so a printed QR code works again.
    Turned on, it takes hands for TABLE_LINK_DAYS from today, even long after its event."""
    game.link_enabled = enabled
    fields = ["link_enabled"]
    if enabled:
        game.link_reopened_on = timezone.localdate()
        fields.append("link_reopened_on")
    game._change_reason = "table link on" if enabled else "table link off"
    game.save(update_fields=fields)
    return game


def renew_table_link(*, game: Game) -> Game:
    """Give the table a new link: the old one (and its QR code) stops working at once."""
    with transaction.atomic():
        game = lock_table(game.pk)
        game.link_token = new_link_token()
        game.link_enabled = True
        game.link_reopened_on = timezone.localdate()
        game._change_reason = "table link renewed"
        game.save(update_fields=["link_token", "link_enabled", "link_reopened_on"])
    return game


TENT_SALT = "ramiscore.table-tent"


def tent_signature(event_id: int, table: int) -> str:
    """What makes a table tent's link unguessable: a keyed digest of the event and the table
    number (the site's secret key: the same link for the whole event, round after round)."""
    return salted_hmac(TENT_SALT, f"{event_id}:{table}").hexdigest()[:16]


def is_tent_signature(event_id: int, table: int, signature: str) -> bool:
    return constant_time_compare(signature, tent_signature(event_id, table))


def tent_path(event_id: int, table: int) -> str:
    """The permanent address of a table number of an event: /tent/<event>/<table>/<key>/."""
    signature = tent_signature(event_id, table)
    return reverse(
        "table_tent", kwargs={"event_id": event_id, "table": table, "signature": signature}
    )
