from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Webhooks hear of what the services tell (models/signals.py).
        from tournaments.federation.services import ranking
        from tournaments.integrations.services import webhooks
        from tournaments.models.signals import happened, result_changed, results_rewritten
        from tournaments.words.tables import remember_signatures

        # Sortable tables read each cell's render method once, not per cell (words/tables.py).
        remember_signatures()

        happened.connect(webhooks.on_happening, dispatch_uid="webhooks")
        # The federation's ranking follows each game result of its clubs.
        result_changed.connect(ranking.on_result_changed, dispatch_uid="federation-ranking")
        results_rewritten.connect(
            ranking.on_results_rewritten, dispatch_uid="federation-ranking-rebuilt"
        )
