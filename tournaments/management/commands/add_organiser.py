"""`manage.py add_organiser [USERNAME] [--club NAME]`: an account that runs a club's events.

Non-interactive with the password in ORGANISER_PASSWORD (never on the command line, where
other users of the machine could read it); otherwise it asks on the terminal, and asks the
name and the club too when they are left out (what `make serve` does on a first start). It
speaks the system's language, as `make serve` does (French on a French laptop).
"""

from __future__ import annotations

import getpass
import os
import sys
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from ramiscore.prepare import system_language
from tournaments.clubs.services.accounts import (
    activate_imported_account,
    create_organiser,
    made_by_an_import,
    new_organiser,
)
from tournaments.clubs.services.clubs import make_organiser

PASSWORD_VARIABLE = "ORGANISER_PASSWORD"


class Command(BaseCommand):
    help = (
        "Add an organiser: an account that logs in to run a club's events. The password "
        f"comes from the {PASSWORD_VARIABLE} environment variable, or is asked on the terminal."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "username", nargs="?", default="", help="the name to log in with (asked if left out)"
        )
        parser.add_argument(
            "--club",
            default="",
            help="the club he organises, created if the site has none of that name",
        )
        parser.add_argument("--email", default="", help="his e-mail address (optional)")
        parser.add_argument(
            "--no-input",
            action="store_false",
            dest="interactive",
            help="never ask: fail instead when something is missing",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # The terminal's language, not the site's (Django's own messages too).
        with translation.override(system_language(os.environ)):
            self._add(**options)

    def _add(self, *, username: str, club: str, email: str, **options: Any) -> None:
        interactive = options["interactive"] and sys.stdin.isatty()
        if not username:
            if not interactive:
                raise CommandError(_("Give the organiser's user name."))
            username, club = self._ask_name_and_club(club)
        # User names log in whatever their case: "Claire" is the account claire.
        existing = get_user_model().objects.filter(username__iexact=username.strip()).first()
        if existing is not None and made_by_an_import(existing):
            self._activate(existing, club, interactive)
            return
        if existing is not None:
            self._join_club(existing, club)
            return
        try:
            # Name and e-mail first: nobody should type a password for a refused name.
            user = new_organiser(username=username, email=email)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        password = self._password(user, interactive)
        try:
            user = create_organiser(username=username, password=password, email=email)
            club_row = make_organiser(user=user, club_name=club) if club.strip() else None
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        if club_row:
            done = _("Organiser '%(username)s' of %(club)s added.")
        else:
            done = _("Organiser '%(username)s' added (he creates his club on first login).")
        club_name = club_row.name if club_row else ""
        self.stdout.write(self.style.SUCCESS(done % {"username": user.username, "club": club_name}))

    def _activate(self, user, club: str, interactive: bool) -> None:
        """An account an event archive's import made (nobody could log in with it): it gets
        the password and organises the club (by default the one it was imported into)."""
        password = self._password(user, interactive)
        imported_into = user.imported_as.club.name
        try:
            club_row = activate_imported_account(user=user, password=password, club_name=club)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        self.stdout.write(
            self.style.SUCCESS(
                _(
                    "'%(username)s' was made by importing an event into %(imported)s, and "
                    "nobody could log in with it: he now logs in with the password given, and "
                    "organises %(club)s."
                )
                % {"username": user.username, "imported": imported_into, "club": club_row.name}
            )
        )

    def _join_club(self, user, club: str) -> None:
        """An existing account: only joins the club; his password stays as it is."""
        if not club.strip():
            raise CommandError(
                _(
                    "'%(username)s' has an account already: add --club to make him organise a "
                    "club, or change his password in the admin."
                )
                % {"username": user.username}
            )
        try:
            club_row = make_organiser(user=user, club_name=club)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        self.stdout.write(
            self.style.SUCCESS(
                _("'%(username)s' now organises %(club)s.")
                % {"username": user.username, "club": club_row.name}
            )
        )

    def _ask_name_and_club(self, club: str) -> tuple[str, str]:
        self.stdout.write(_("Add the organiser who will log in to run the club's events."))
        while True:
            username = input(_("User name to log in with (letters, digits, no spaces): "))
            username = username.strip()
            if not username:
                raise CommandError(_("No user name given: no organiser added."))
            if get_user_model().objects.filter(username__iexact=username).exists():
                break
            try:
                new_organiser(username=username)
            except ValidationError as error:
                self.stderr.write(" ".join(error.messages))
                continue
            break
        while not club.strip():
            club = input(_("Your club's name: "))
        return username, club

    def _password(self, user, interactive: bool) -> str:
        """The password from the environment, or asked on the terminal."""
        password = os.environ.get(PASSWORD_VARIABLE, "")
        if password:
            return password
        if not interactive:
            raise CommandError(
                _("No password: set %(variable)s, or run this on a terminal to be asked for one.")
                % {"variable": PASSWORD_VARIABLE}
            )
        return self._ask_password(user)

    def _ask_password(self, user) -> str:
        while True:
            password = getpass.getpass(_("Password: "))
            if password != getpass.getpass(_("The same password again: ")):
                self.stderr.write(_("The two passwords differ: try again."))
                continue
            try:
                validate_password(password, user)
            except ValidationError as error:
                self.stderr.write(" ".join(error.messages))
                continue
            return password
