"""What happened at a club that other sites may hear of (webhooks, docs/api.md): the services
of every concept tell it here, in the transaction of the change, and whoever listens (the
webhooks, `tournaments.integrations`) writes its messages in that same transaction. Also a
game whose result moved, and results rewritten at once (an event deleted or imported), for
what is ranked above play (the federation's ranking).

A signal, like Django's own model signals, so that the concepts that tell (play, events,
standings) need not know who listens: the listeners stand above them.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.dispatch import Signal

# Sent with `happening` (a models.integrations.Happening value), `event_id`, `club_id` (None
# when the caller does not have it at hand) and `data`: a function giving what the message
# says (plain JSON values), called only when someone listens, so that a club with no webhook
# pays nothing for them.
happened = Signal()

Data = Callable[[], dict[str, Any]]


def tell(happening: str, *, event_id: int, data: Data, club_id: int | None = None) -> None:
    """Say that `happening` took place at the event: inside the transaction that made it."""
    happened.send(sender=None, happening=happening, club_id=club_id, event_id=event_id, data=data)


# Sent with `game` when its result may have moved: it finished, or a finished game was
# corrected, reopened or closed. What is derived above play (the federation's ranking)
# follows it.
result_changed = Signal()

# Sent with `club_id` and `since` (a date) when an event's results came or went all at once:
# an event deleted, an archive imported. What is derived above play from every result of the
# club (the federation's ranking) is worked out again from that date.
results_rewritten = Signal()


def rewritten(*, club_id: int, since: datetime.date) -> None:
    """Say that the club's results from `since` on changed at once: inside the transaction."""
    results_rewritten.send(sender=None, club_id=club_id, since=since)
