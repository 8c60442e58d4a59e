"""What the club holds about one member, for him to have (a fixed number of queries)."""

from __future__ import annotations

from typing import Any

from tournaments.models import Player, PrivacyRecord, RatingUpdate, Registration, Seat


def _moment(value) -> str | None:
    return value.isoformat() if value is not None else None


def member_data(player: Player) -> dict[str, Any]:
    """Everything stored about the member: his contact details and consent, his
    registrations, his games and results, his rating's history, and what was done with his
    data before."""
    registrations = Registration.objects.filter(player=player).select_related("event")
    seats = Seat.objects.filter(player=player).select_related("game__event", "game__round")
    ratings = RatingUpdate.objects.filter(player=player).order_by("id")
    records = PrivacyRecord.objects.filter(player=player).order_by("done_at")
    return {
        "club": player.club.name,
        "name": player.name,
        "email": player.email,
        "phone": player.phone,
        "consent_at": _moment(player.consent_at),
        # For the prize categories (docs/prizes.md).
        "gender": player.gender,
        "birth_date": _moment(player.birth_date),
        "birth_year": player.birth_year,
        "member_since": _moment(player.created_at),
        "registrations": [
            {
                "event": r.event.name,
                "date": r.event.date.isoformat(),
                "status": r.status,
                "checked_in": r.checked_in,
                "withdrawn": r.withdrawn,
            }
            for r in registrations.order_by("event__date", "id")
        ],
        "games": [
            {
                "event": seat.game.event.name,
                "date": seat.game.event.date.isoformat(),
                "round": seat.game.round.number,
                "table": seat.game.table_number,
                "total": seat.total,
                "rank": seat.rank,
            }
            for seat in seats.order_by("game__event__date", "game__round__number")
        ],
        "ratings": [
            {field: str(value) for field, value in row.items()}
            for row in ratings.values("played_on", "place", "mu", "sigma")
        ],
        "records": [{"what": record.kind, "when": _moment(record.done_at)} for record in records],
    }
