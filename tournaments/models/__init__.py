"""The club's data: facts as they happened at the tables, and rows derived from them.

clubs: Club, Player, ImportedAccount (a person an imported archive named). events: Event,
Registration, Round, EventDeletion (who deleted an event, and what went). clock: ClockChange
(what the organiser did to a round's clock). games: Game, Seat, Bye, Hand, HandLine.
standings: Standing (each player's sums in an event). seasons: Season, RatingUpdate (club
ratings). pdfs: StoredPdf, PdfJob (rendered PDFs and those being prepared: no fact, made
again at will). Points are never typed in: the rules engine derives them from the facts of
each hand, and the derived columns and rows are rewritten in the same transaction as any
change.
"""

from .clock import ClockChange
from .clubs import Club, ImportedAccount, Player
from .events import Event, EventDeletion, Registration, Round
from .games import Bye, Game, Hand, HandLine, Seat
from .pdfs import PdfJob, StoredPdf
from .seasons import RatingUpdate, Season
from .standings import Standing

__all__ = [
    "Bye",
    "ClockChange",
    "Club",
    "Event",
    "EventDeletion",
    "Game",
    "Hand",
    "HandLine",
    "ImportedAccount",
    "PdfJob",
    "Player",
    "RatingUpdate",
    "Registration",
    "Round",
    "Seat",
    "Season",
    "Standing",
    "StoredPdf",
]
