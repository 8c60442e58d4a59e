"""API tokens: an organiser makes one for his club or one event, with its scopes and expiry,
sees its secret once, and revokes it at once; the API finds the token a request carries."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.clubs.services.actors import Actor, account
from tournaments.models import ApiToken, Club, Event, Scope

# "rms_" says what the secret is when it turns up in a log or a repository (secret scanners
# look for such prefixes); 32 random bytes behind it.
PREFIX = "rms_"
LONGEST_LIFE = timedelta(days=366)
# A token's last use is written at most this often: reading the API must not write each time.
USE_NOTED_EVERY = timedelta(minutes=5)


@dataclass(frozen=True)
class NewToken:
    token: ApiToken
    secret: str  # shown once, never stored


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def create_token(
    *,
    club: Club,
    name: str,
    scopes: list[str],
    days: int,
    user: Actor,
    event: Event | None = None,
) -> NewToken:
    """A new token of the club (of one of its events when `event` is given)."""
    name = " ".join(name.split())
    problems = []
    if not name:
        problems.append(_("Give the token a name that says who uses it."))
    unknown = sorted(set(scopes) - set(Scope.values))
    if unknown or not scopes:
        problems.append(_("Choose what the token may do: read, enter hands, organise."))
    if not 1 <= days <= LONGEST_LIFE.days:
        problems.append(_("A token lasts from 1 to %(days)s days.") % {"days": LONGEST_LIFE.days})
    if event is not None and event.club_id != club.pk:
        problems.append(_("Choose an event of this club."))
    if problems:
        raise ValidationError(problems)
    secret = PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        token = ApiToken.objects.create(
            club=club,
            event=event,
            name=name,
            scopes=[scope for scope in Scope.values if scope in scopes],
            prefix=secret[: len(PREFIX) + 4],
            digest=digest(secret),
            expires_at=timezone.now() + timedelta(days=days),
            created_by=account(user),
        )
    return NewToken(token, secret)


def revoke_token(*, token: ApiToken, user: Actor) -> ApiToken:
    """The token stops working at once (it is kept, revoked, so that its uses stay named)."""
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().get(pk=token.pk)
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.revoked_by = account(user)
            token.save(update_fields=["revoked_at", "revoked_by"])
    return token


def token_for(secret: str) -> ApiToken | None:
    """The usable token whose secret this is, its last use noted; None for any other string."""
    if not secret.startswith(PREFIX):
        return None
    token = (
        ApiToken.objects.usable()
        .select_related("club", "event")
        .filter(digest=digest(secret))
        .first()
    )
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > USE_NOTED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
