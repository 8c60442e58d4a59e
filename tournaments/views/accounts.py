"""Organisers' accounts: Django's own views (templates/registration/), with an allowance on
password-reset e-mails so that nobody can flood an organiser's mailbox, or the club's mail
server, from one address."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from ramiscore.security import client_address
from tournaments.views.throttle import count_use, too_many


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset page; an address may ask for PASSWORD_RESETS_PER_ADDRESS e-mails per
    PASSWORD_RESET_WINDOW seconds, then gets a 429 until the window ends."""

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        wait = count_use(
            "password-resets",
            client_address(request) or "unknown",
            allowed=settings.PASSWORD_RESETS_PER_ADDRESS,
            window=settings.PASSWORD_RESET_WINDOW,
        )
        if wait is not None:
            return too_many(
                request,
                _("Too many password resets"),
                _(
                    "This address has asked for several password-reset e-mails in the last "
                    "hour. Look for the e-mails already sent (and in the spam folder), or try "
                    "again in %(wait)s."
                ),
                wait,
            )
        return super().post(request, *args, **kwargs)
