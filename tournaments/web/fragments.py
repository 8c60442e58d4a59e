"""The event page's table cards, each rendered once per version of its table and kept in
the cache: a page of 500 tables renders again only the tables that changed since."""

from __future__ import annotations

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from tournaments.events.selectors.events import TableVersion
from tournaments.models import Event
from tournaments.play.display.scoreboard import game_card
from tournaments.play.selectors.cards import card_games, seat_lines
from tournaments.play.selectors.games import match_scores

CARDS_TEMPLATE = "public/_table_cards.html"
# Between two cards of one rendering: a comment, which escaped text can never contain.
SEPARATOR = "<!-- next card -->"
# A card is kept under its table's version: a new version is a new key, never a stale card.
KEPT_FOR = 3600


def table_cards(tables: list[TableVersion], event: Event) -> list[SafeString]:
    """The tables' cards as HTML, in order: from the cache, or rendered and kept (three
    queries for the games, seats and match scores of those rendered, none when all are
    kept)."""
    language = get_language()
    keys = {table.id: f"card:{table.id}:{table.version}:{language}" for table in tables}
    found = cache.get_many(list(keys.values()))
    missing = card_games([table.id for table in tables if keys[table.id] not in found])
    if missing:
        seats = seat_lines([game.pk for game in missing])
        scores = match_scores(missing)
        cards = [
            game_card(game, seats[game.pk], scores.get(game.pk), event=event) for game in missing
        ]
        # One rendering for all of them, cut into cards: a template per card costs more.
        rendered = render_to_string(CARDS_TEMPLATE, {"cards": cards, "separator": SEPARATOR})
        pieces = rendered.split(SEPARATOR)[:-1]
        fresh = {keys[game.pk]: piece.strip() for game, piece in zip(missing, pieces, strict=True)}
        cache.set_many(fresh, KEPT_FOR)
        found.update(fresh)
    # Rendered by our own template, escaped there.
    return [mark_safe(found[keys[table.id]]) for table in tables]  # noqa: S308
