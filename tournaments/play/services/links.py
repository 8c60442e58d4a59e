"""A table's private link: turned off and on, or renewed when it has leaked. It takes hands
until TABLE_LINK_DAYS after its event (Game.link_closes_on); turning it on reopens it."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournaments.models import Game
from tournaments.models.games import new_link_token


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
        game = Game.objects.select_for_update().get(pk=game.pk)
        game.link_token = new_link_token()
        game.link_enabled = True
        game.link_reopened_on = timezone.localdate()
        game._change_reason = "table link renewed"
        game.save(update_fields=["link_token", "link_enabled", "link_reopened_on"])
    return game
