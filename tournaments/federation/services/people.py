"""One person across clubs: an official says that club players are the same person (after a
preview), which links them to one `Person` and keeps every result and history line of each
(nothing moves: each result stays the club player's, the person gathers them); recorded, and
undone exactly. See docs/federation.md."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.clubs.services.actors import Actor, account
from tournaments.models import Federation, Person, PersonMerge, Player

PERSON_FIELDS = ("licence", "name", "birth_year", "category")


@dataclass(frozen=True)
class MergePreview:
    """What a merge would do: the person kept, the players it gathers, the people it ends."""

    person: Person | None  # None: a new person is made, named after the first player
    players: list[Player]
    ended: list[Person]  # people left with no player, deleted (remade by undoing)


def preview_merge(*, federation: Federation, players: list[Player]) -> MergePreview:
    """Check that these players may be one person of the federation; what it would do."""
    if len({player.pk for player in players}) < 2:
        raise ValidationError(_("Choose at least two players to merge."))
    outside = [p.name for p in players if p.club.federation_id != federation.pk]
    if outside:
        raise ValidationError(
            _("%(names)s: not in a club of this federation.") % {"names": ", ".join(outside)}
        )
    same_club: dict[int, Player] = {}
    for player in players:
        if player.club_id in same_club:
            raise ValidationError(
                _(
                    "%(first)s and %(second)s are members of the same club: one person is one "
                    "member of a club (the club merges its own duplicates)."
                )
                % {"first": same_club[player.club_id].name, "second": player.name}
            )
        same_club[player.club_id] = player
    people = {player.person_id: player.person for player in players if player.person_id}
    licensed = [person for person in people.values() if person and person.licence]
    if len(licensed) > 1:
        raise ValidationError(
            _(
                "These players carry different licences (%(licences)s): one person has one "
                "licence. Correct the member list first."
            )
            % {"licences": ", ".join(sorted(person.licence for person in licensed))}
        )
    kept: Person | None = licensed[0] if licensed else next(iter(people.values()), None)
    others = [person for person in people.values() if person and person != kept]
    gathered = set(
        Player.objects.filter(person__in=others)
        .exclude(pk__in=[player.pk for player in players])
        .values_list("person_id", flat=True)
    )
    ended = [person for person in others if person.pk not in gathered]
    return MergePreview(kept, players, ended)


def merge_players(
    *,
    federation: Federation,
    players: list[Player],
    user: Actor,
) -> PersonMerge:
    """Link the players to one person (kept, or made), recorded for undoing."""
    with transaction.atomic():
        Federation.objects.select_for_update().get(pk=federation.pk)
        players = list(
            Player.objects.select_related("club", "person").filter(pk__in=[p.pk for p in players])
        )
        preview = preview_merge(federation=federation, players=players)
        person = preview.person or Person.objects.create(
            federation=federation, name=players[0].name
        )
        before = [{"player": player.pk, "person": player.person_id} for player in players]
        removed = [
            {"id": gone.pk, **{name: getattr(gone, name) for name in PERSON_FIELDS}}
            for gone in preview.ended
        ]
        Player.objects.filter(pk__in=[player.pk for player in players]).update(person=person)
        Person.objects.filter(pk__in=[gone.pk for gone in preview.ended]).delete()
        return PersonMerge.objects.create(
            federation=federation,
            person=person,
            before=before,
            removed=removed,
            merged_by=account(user),
        )


def undo_merge(*, merge: PersonMerge, user: Actor) -> PersonMerge:
    """Every player back to the person he had before the merge (people it ended are made
    again, under their old number when it is free)."""
    with transaction.atomic():
        merge = PersonMerge.objects.select_for_update().get(pk=merge.pk)
        if merge.undone_at is not None:
            raise ValidationError(_("This merge was undone already."))
        remade = {}
        for gone in merge.removed:
            fields = {name: gone[name] for name in PERSON_FIELDS}
            taken = Person.objects.filter(pk=gone["id"]).exists()
            person = Person.objects.create(
                federation_id=merge.federation_id, **({} if taken else {"id": gone["id"]}), **fields
            )
            remade[gone["id"]] = person.pk
        for entry in merge.before:
            person_id = entry["person"]
            Player.objects.filter(pk=entry["player"]).update(
                person_id=remade.get(person_id, person_id)
            )
        merged: Person | None = merge.person
        if merged is not None and not merged.licence and not merged.players.exists():
            merged.delete()  # made by the merge, and nobody's any more
            merge.person = None
        merge.undone_at = timezone.now()
        merge.undone_by = account(user)
        merge.save(update_fields=["person", "undone_at", "undone_by"])
    return merge
