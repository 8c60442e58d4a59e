"""A member's personal data exported for him, or erased at his request, each recorded.

Erasing keeps his results (his games, standings and ratings stay, so that nobody else's
change) under an anonymous name, and removes everything that names or reaches him: his name
in the history rows too, his e-mail and phone, his gender and birth, his personal links, and
the stored PDFs of the events he played (made again, with the anonymous name, when asked
for)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Event, Game, Player, PrivacyRecord, Registration, Round, StoredPdf
from tournaments.models.events import new_registration_token
from tournaments.play.services import versions
from tournaments.sheets.store import storage


def record_export(*, player: Player, by=None) -> PrivacyRecord:
    """Say that the member's data was exported for him (the export is the selectors')."""
    return PrivacyRecord.objects.create(
        club_id=player.club_id, player=player, kind=PrivacyRecord.Kind.EXPORT, done_by=by
    )


def erase(*, player: Player, by=None) -> Player:
    """The member becomes "Anonymous <number>", with nothing personal left about him."""
    with transaction.atomic():
        # NO KEY: a table's last hand that rates him checks his row when it commits.
        player = Player.objects.select_for_update(no_key=True).get(pk=player.pk)
        anonymous = _("Anonymous %(number)s") % {"number": player.pk}
        # His gender and birth (the prize categories') are personal too.
        personal = {
            "name": anonymous,
            "email": "",
            "phone": "",
            "consent_at": None,
            "gender": "",
            "birth_date": None,
            "birth_year": None,
        }
        for field, value in personal.items():
            setattr(player, field, value)
        player._change_reason = "erased at his request"
        player.save(update_fields=list(personal))
        # The history keeps who he was in each row: no more.
        Player.history.filter(id=player.pk).update(**personal)
        for registration in Registration.objects.filter(player=player):
            registration.token = new_registration_token()
            registration.save(update_fields=["token"])
        events = list(
            Event.objects.filter(
                Q(registrations__player=player) | Q(games__seats__player=player)
            ).distinct()
        )
        _forget_pdfs(events)
        for event in events:
            # Every table's and the standings' versions too: what is kept per version (the
            # event page's cards, the API's tables and answers) must show his new name now.
            versions.event_edited(event)
        PrivacyRecord.objects.create(
            club_id=player.club_id, player=player, kind=PrivacyRecord.Kind.ERASE, done_by=by
        )
    return player


def _forget_pdfs(events: list[Event]) -> None:
    """The stored PDFs of these events (made again when asked for, with his new name)."""
    games = list(Game.objects.filter(event__in=events).values_list("id", flat=True))
    rounds = list(Round.objects.filter(event__in=events).values_list("id", flat=True))
    keys = Q(key__in=[f"results:{event.pk}" for event in events])
    keys |= Q(key__in=[f"record:{game}" for game in games])
    keys |= Q(key__in=[f"seating:{round_}" for round_ in rounds])
    for prefix in [f"sheets:{round_}:" for round_ in rounds] + [f"sheet:{g}:" for g in games]:
        keys |= Q(key__startswith=prefix)
    keys |= Q(key__startswith="season:")  # the club's seasons name him too
    found = StoredPdf.objects.filter(keys)
    for row in found.exclude(file=""):
        storage().delete(row.file)
    found.delete()
