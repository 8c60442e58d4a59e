"""An imported copy counts once (issue 19 §3): an archive carries its event's identity; the
same event imported again into the same club is recognised, and the organiser chooses to
replace it or to keep the copy apart (in no season, no rating), never counted twice."""

from __future__ import annotations

import datetime
import json
import uuid

import pytest
from django.core.exceptions import ValidationError

from tests.archive_support import export, played_night, row_counts
from tournaments.archive.services.store import import_event
from tournaments.models import Event, RatingUpdate, Season
from tournaments.seasons.selectors.standings import season_standings

pytestmark = pytest.mark.django_db

THURSDAY = datetime.date(2026, 11, 12)


@pytest.fixture
def night(club, organiser) -> Event:
    return played_night(club, "Soirée du jeudi", THURSDAY, organiser)


@pytest.fixture
def season(club) -> Season:
    return Season.objects.create(
        club=club,
        name="Saison 2026",
        starts_on=datetime.date(2026, 9, 1),
        ends_on=datetime.date(2027, 6, 30),
    )


def totals(season: Season) -> dict[int, tuple]:
    """Each player's season total and nights played."""
    return {
        line.player: (line.total, line.nights_played) for line in season_standings(season).lines
    }


def rated_games(club) -> dict[str, int]:
    updates = RatingUpdate.objects.filter(player__club=club)
    return {name: updates.filter(player__name=name).count() for name in ("Anne", "Denis")}


def test_the_archive_carries_the_events_identity_and_the_import_keeps_it(night, club):
    document = json.loads(export(night))
    assert uuid.UUID(document["event"]["uuid"]) == night.uuid
    copy = import_event(document=document, club_name="Club d'ailleurs")
    assert copy.uuid == night.uuid and copy.counted


def test_the_same_event_again_under_a_new_name_is_recognised_and_stores_nothing(
    night, club, season
):
    before, season_before = row_counts(), totals(season)
    with pytest.raises(ValidationError) as refused:
        import_event(document=json.loads(export(night)), club=club, rename="Jeudi (copie)")
    assert refused.value.messages == [
        "The club Club de rami de Montreuil already has this event: Soirée du jeudi of "
        "Nov. 12, 2026. Choose whether the archive replaces it, or is kept apart (counted in no "
        "season and no rating)."
    ]
    assert row_counts() == before and totals(season) == season_before


def test_kept_apart_the_copy_counts_in_no_season_and_no_rating(night, club, season):
    season_before, rated_before = totals(season), rated_games(club)
    assert rated_before == {"Anne": 1, "Denis": 1}
    copy = import_event(
        document=json.loads(export(night)), club=club, rename="Jeudi (copie)", existing="apart"
    )
    assert not copy.counted and copy.uuid == night.uuid
    assert totals(season) == season_before  # not doubled
    assert rated_games(club) == rated_before  # 1 game each, not 2
    assert copy.games.filter(finished=True).count() == 2  # its own results stand


def test_replaced_the_event_counts_once_and_its_deletion_is_recorded(
    night, club, season, organiser
):
    chosen = Season.objects.create(club=club, name="Coupe", starts_on=THURSDAY, ends_on=THURSDAY)
    chosen.events.set([night])
    season_before, rated_before = totals(season), rated_games(club)
    document = json.loads(export(night))
    replacing = import_event(document=document, club=club, existing="replace", user=organiser)
    assert not Event.objects.filter(pk=night.pk).exists()
    assert replacing.uuid == night.uuid and replacing.counted
    assert totals(season) == season_before and rated_games(club) == rated_before
    assert list(chosen.events.all()) == [replacing]  # its night in the chosen season too
    (deletion,) = club.event_deletions.all()
    assert (deletion.event_name, deletion.deleted_by) == ("Soirée du jeudi", organiser)
    assert deletion.reason == "replaced by an imported archive"


def test_an_archive_older_than_identities_is_recognised_when_imported_twice(club, organiser):
    night = played_night(club, "Soirée du mardi", THURSDAY, organiser)
    document = json.loads(export(night))
    del document["event"]["uuid"]
    first = import_event(document=document, club_name="Club d'ailleurs")
    with pytest.raises(ValidationError, match="already has this event"):
        import_event(document=document, club=first.club, rename="Encore")


def test_the_same_event_stored_meanwhile_by_another_request_is_refused_not_a_500(
    night, club, monkeypatch
):
    from tournaments.archive.services import store as archive

    # As if another import of it had committed just after this one looked.
    monkeypatch.setattr(archive, "_same_event", lambda *args: (True, []))
    before = row_counts()
    with pytest.raises(ValidationError, match="The club changed while the archive was being"):
        import_event(document=json.loads(export(night)), club=club, rename="Jeudi bis")
    assert row_counts() == before
