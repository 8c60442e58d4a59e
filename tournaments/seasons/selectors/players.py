"""A club member's page: every night he played with his places, his seasons, his rating."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

from tournaments.models import Event, Player, Season
from tournaments.ratings.selectors import PlayerRating, player_rating
from tournaments.rules.season import NightEntry, SeasonStanding
from tournaments.seasons.selectors.standings import (
    Night,
    TablePlace,
    load_nights,
    standings_from_nights,
)


@dataclass(frozen=True)
class PlayerNight:
    """One night of the member: his places there (tables at a club night, the final place at
    a tournament) and the tournament points he earned."""

    night: Night
    entry: NightEntry
    tables: list[TablePlace]

    @property
    def event(self) -> Event:
        return self.night.event


@dataclass(frozen=True)
class PlayerSeason:
    season: Season
    line: SeasonStanding[int, int]
    ranked: int  # players in the season's standings


@dataclass
class ClubPlayer:
    player: Player
    rating: PlayerRating
    nights: list[PlayerNight] = field(default_factory=list)  # newest first
    seasons: list[PlayerSeason] = field(default_factory=list)


def club_player(player: Player) -> ClubPlayer:
    """His nights (newest first), his place in each season of the club he played in, and
    his rating history: ten queries whatever the number of nights and seasons."""
    played = Event.objects.filter(
        Q(games__seats__player=player) | Q(kind=Event.Kind.TOURNAMENT, registrations__player=player)
    ).distinct()
    his_events = list(played.order_by("-date", "-id"))
    seasons = list(Season.objects.filter(club_id=player.club_id).order_by("-starts_on", "-id"))
    chosen: dict[int, list[int]] = {}
    for season_id, event_id in Season.events.through.objects.filter(season__in=seasons).values_list(
        "season_id", "event_id"
    ):
        chosen.setdefault(season_id, []).append(event_id)
    in_ranges = []
    if seasons:
        in_ranges = list(
            Event.objects.filter(
                club_id=player.club_id,
                date__gte=min(s.starts_on for s in seasons),
                date__lte=max(s.ends_on for s in seasons),
            )
        )
    events = {event.pk: event for event in in_ranges}
    events.update({event.pk: event for event in his_events})
    missing = {pk for ids in chosen.values() for pk in ids} - set(events)
    if missing:
        # Chosen events outside every season's dates: refused by save_season, yet possible
        # through the admin.
        events.update({event.pk: event for event in Event.objects.filter(pk__in=missing)})
    nights = load_nights(events.values())
    card = ClubPlayer(player, player_rating(player))
    for event in his_events:
        night = nights[event.pk]
        entry = night.entries.get(player.pk)
        if entry is not None:
            card.nights.append(PlayerNight(night, entry, night.tables.get(player.pk, [])))
    for season in seasons:
        ids = chosen.get(season.pk) or [
            event.pk for event in in_ranges if season.starts_on <= event.date <= season.ends_on
        ]
        ordered = sorted((nights[pk] for pk in ids), key=lambda n: (n.event.date, n.event.pk))
        standings = standings_from_nights(season, ordered)
        line = next((line for line in standings.lines if line.player == player.pk), None)
        if line is not None:
            card.seasons.append(PlayerSeason(season, line, len(standings.lines)))
    return card
