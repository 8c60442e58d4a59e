"""Accounts: Django's own views for logging in and out, changing and resetting a password
(ramiscore/urls.py, templates in templates/registration/), signing up on a hosted site (on
Django's auth: docs/deploy.md says why not a library), with what the site adds: the user name
in any case at log-in, the page shown when too many wrong passwords lock a login out, and an
allowance on
password-reset e-mails so that nobody floods an organiser's mailbox, or the club's mail
server, from one address.
"""

from __future__ import annotations

from axes.helpers import get_client_username
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from ramiscore.security import client_address
from tournaments.clubs.services import accounts as services
from tournaments.forms.accounts import AnyCaseLoginForm
from tournaments.forms.people import SignUpForm
from tournaments.sheets.render import site_url
from tournaments.web.permissions import link_view, public_view
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


def _sign_up_open() -> None:
    if not settings.SIGNUP_OPEN:
        raise Http404(
            _("Sign-up is closed on this site: ask a club's organiser for an invitation.")
        )


@require_http_methods(["GET", "POST"])
@public_view
def sign_up(request: HttpRequest) -> HttpResponse:
    """A new account on a hosted site (SIGNUP_OPEN): it works once its address is confirmed;
    an address may sign up SIGNUPS_PER_ADDRESS times per hour."""
    _sign_up_open()
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        wait = count_use(
            "sign-ups",
            client_address(request) or "unknown",
            allowed=settings.SIGNUPS_PER_ADDRESS,
            window=3600,
        )
        if wait is not None:
            return too_many(
                request,
                _("Too many sign-ups"),
                _(
                    "This address has signed up several times in the last hour. Try again "
                    "in %(wait)s."
                ),
                wait,
            )

        def link(uid: str, token: str) -> str:
            path = reverse("sign_up_confirm", kwargs={"uid": uid, "token": token})
            return site_url(request) + path

        try:
            services.sign_up(
                username=form.cleaned_data["username"],
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password1"],
                link=link,
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return redirect("sign_up_sent")
    status = 400 if form.errors else 200
    return render(request, "registration/sign_up.html", {"form": form}, status=status)


@require_GET
@public_view
def sign_up_sent(request: HttpRequest) -> HttpResponse:
    _sign_up_open()
    return render(request, "registration/sign_up_sent.html")


@require_GET
@link_view
def confirm_sign_up(request: HttpRequest, uid: str, token: str) -> HttpResponse:
    """The link of the confirmation e-mail: the account works, and is logged in."""
    try:
        user = services.confirm_sign_up(uid=uid, token=token)
    except ValidationError as error:
        context = {"title": _("Sign-up"), "message": " ".join(error.messages)}
        return render(request, "public/wait.html", context, status=400)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(request, _("Your address is confirmed. Now create your club."))
    return redirect("organiser:dashboard")
