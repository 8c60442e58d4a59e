from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Webhooks hear of what the services tell (models/signals.py).
        from tournaments.integrations.services import webhooks
        from tournaments.models.signals import happened

        happened.connect(webhooks.on_happening, dispatch_uid="webhooks")
