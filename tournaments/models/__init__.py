"""The club's data: facts as they happened at the tables, and rows derived from them.

clubs: Club, Player, Membership (who holds which role, for the club or an event), Invitation
(a role offered), ImportedAccount (a person an imported archive named). federations:
Federation, Person (one person across clubs, his licence), PersonMerge, MemberImport.
events: Event, Registration, Round, EventDeletion (who deleted an event, and what went),
Venue (a club's room in a simultaneous evening). clock: ClockChange (what the organiser did
to a round's clock). games: Game, Seat, Bye, Hand, HandLine. standings: Standing (each
player's sums in an event). prizes: PrizeCategory (a tournament's prize categories). ledger:
EntryFee, Payout (money in and out of an event). kept: SetAsideHand (a hand kept on a phone
that the table had moved past). seasons: Season, RatingUpdate (club ratings). integrations:
ApiToken, WebhookSubscription, WebhookDelivery, WebhookAttempt (other sites following the
club). pdfs: StoredPdf, PdfJob (rendered PDFs and those being prepared: no fact, made again
at will). allowances: Allowance (uses counted per address, for the throttles). Points are
never typed in: the rules engine derives them from the facts of each hand, and the derived
columns and rows are rewritten in the same transaction as any change."""

from .allowances import Allowance
from .clock import ClockChange
from .clubs import Club, ImportedAccount, Invitation, Membership, Player, PrivacyRecord, Role
from .events import Event, EventDeletion, Registration, Round, Venue
from .federations import Federation, FederationRating, MemberImport, Person, PersonMerge
from .games import Bye, Game, Hand, HandLine, Seat
from .integrations import (
    ApiToken,
    Happening,
    Scope,
    WebhookAttempt,
    WebhookDelivery,
    WebhookSubscription,
)
from .kept import SetAsideHand
from .ledger import EntryFee, Method, Payout
from .pdfs import PdfJob, StoredPdf
from .prizes import PrizeCategory
from .seasons import RatingUpdate, Season
from .standings import Standing

__all__ = [
    "Allowance",
    "ApiToken",
    "Happening",
    "Scope",
    "WebhookAttempt",
    "WebhookDelivery",
    "WebhookSubscription",
    "Bye",
    "ClockChange",
    "Club",
    "EntryFee",
    "Event",
    "EventDeletion",
    "Federation",
    "FederationRating",
    "Game",
    "Hand",
    "MemberImport",
    "Method",
    "Payout",
    "Person",
    "PersonMerge",
    "HandLine",
    "ImportedAccount",
    "Invitation",
    "Membership",
    "PdfJob",
    "Player",
    "PrizeCategory",
    "PrivacyRecord",
    "RatingUpdate",
    "Registration",
    "Role",
    "Round",
    "Seat",
    "SetAsideHand",
    "Season",
    "Standing",
    "StoredPdf",
    "Venue",
]
