"""The one table of who may do what: each role's actions. The views' decorators
(tournaments/web/permissions.py) and the services read it, the roles page explains it, and
tests/views/test_every_url_for_every_role.py walks every address of the site for every role
against it.

A role is held for the whole club or for one of its events. Held for an event, it gives that
role's actions on that event (its pages, tables and players) only; the club's own pages
(its people, its seasons, its members' personal data, new events) need a role held for the
club. A site administrator may do everything.
"""

from __future__ import annotations

from enum import StrEnum

from tournaments.models.clubs import Role


class Can(StrEnum):
    """An action a role may be given."""

    # On an event (a role for the club, or for that event).
    SEE_EVENT = "see_event"  # its management page (each role sees its own part)
    CHANGE_EVENT = "change_event"  # settings, rules, game files, archive, its personal data
    RUN_ROUNDS = "run_rounds"  # seat, re-seat and close rounds, the round clock
    PRINT = "print"  # blank score sheets (with the table links) and prepared PDFs
    TABLE_LINKS = "table_links"  # turn a table's link off or on, renew it
    KEEP_SCORE = "keep_score"  # enter, correct, confirm and undo hands; close, reopen tables
    REGISTER = "register"  # registrations, approvals, check-in, walk-ins, withdrawals
    TAKE_FEES = "take_fees"  # an entry fee paid, recorded in one tap (at the door)
    HANDLE_MONEY = "handle_money"  # the money pages: fees waived, refunded; prizes paid; balance
    SHOW_SCREEN = "show_screen"  # the projector pages, on a TV that holds a screen link
    # On the club (a role for the club).
    CREATE_EVENTS = "create_events"  # new events, imported events
    MANAGE_PEOPLE = "manage_people"  # invite, give and withdraw roles, screen links
    RUN_SEASONS = "run_seasons"
    PERSONAL_DATA = "personal_data"  # a member's data exported for him, or erased
    OTHER_SITES = "other_sites"  # API tokens and webhooks: other sites following the club


CLUB_ACTIONS = frozenset(
    {Can.CREATE_EVENTS, Can.MANAGE_PEOPLE, Can.RUN_SEASONS, Can.PERSONAL_DATA, Can.OTHER_SITES}
)

PERMISSIONS: dict[Role, frozenset[Can]] = {
    Role.ORGANISER: frozenset(Can),
    # Keys paper sheets and looks after the tables: no settings, no seating, no links.
    Role.SCORER: frozenset({Can.SEE_EVENT, Can.KEEP_SCORE}),
    # Checks players in and takes their entry fee; what else money asks is the treasurer's.
    Role.DOOR: frozenset({Can.SEE_EVENT, Can.REGISTER, Can.TAKE_FEES}),
    Role.TREASURER: frozenset({Can.SEE_EVENT, Can.TAKE_FEES, Can.HANDLE_MONEY}),
    # A TV: no account, no page but the projector's.
    Role.SCREEN: frozenset({Can.SHOW_SCREEN}),
}
assert set(PERMISSIONS) == set(Role), "every role has its line in the table"


def allows(roles_for_the_club: set[str], roles_for_the_event: set[str], action: Can) -> bool:
    """Whether the roles a person holds for the club and for one of its events (or none, on
    a club page) allow `action`."""
    held = (
        roles_for_the_club if action in CLUB_ACTIONS else roles_for_the_club | roles_for_the_event
    )
    return any(action in PERMISSIONS[Role(role)] for role in held)


def actions(roles_for_the_club: set[str], roles_for_the_event: set[str]) -> frozenset[Can]:
    """Everything those roles allow (on the event, and on the club)."""
    return frozenset(
        action for action in Can if allows(roles_for_the_club, roles_for_the_event, action)
    )
