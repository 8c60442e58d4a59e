"""Organiser accounts: Django's own views for logging in and out, changing and resetting a
password (ramiscore/urls.py, templates in templates/registration/), with what the site adds:
the user name in any case at log-in, the page shown when too many wrong passwords lock a
login out, and an allowance on
password-reset e-mails so that nobody floods an organiser's mailbox, or the club's mail
server, from one address.
"""

from __future__ import annotations

from axes.helpers import get_client_username
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from ramiscore.security import client_address
from tournaments.forms.accounts import AnyCaseLoginForm
from tournaments.web.throttle import count_use, too_many


def locked_out(
    request: HttpRequest, response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """django-axes' lockout answer (AXES_LOCKOUT_CALLABLE): this name, from this address, may
    not try again for a while; the way out is to wait or to reset the password by e-mail."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    context = {"username": get_client_username(request, credentials) or "", "minutes": minutes}
    return render(
        request, "registration/locked_out.html", context, status=settings.AXES_HTTP_RESPONSE_CODE
    )


class LoginView(auth_views.LoginView):
    """Django's login page; the user name in any case (forms.accounts)."""

    authentication_form = AnyCaseLoginForm


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
