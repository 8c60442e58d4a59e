"""The club's API page (organisers only): tokens made, shown once and revoked; webhooks
subscribed, paused, deleted, their deliveries' log and sending one again. See docs/api.md."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.clubs.permissions import Can
from tournaments.forms.integrations import TokenForm, WebhookForm
from tournaments.integrations.selectors import club_integrations, subscription_log
from tournaments.integrations.services import tokens, webhooks
from tournaments.models import ApiToken, Club, WebhookDelivery, WebhookSubscription
from tournaments.web.feedback import tell_problems
from tournaments.web.permissions import club_view


@require_http_methods(["GET", "POST"])
@club_view(Can.OTHER_SITES)
def api_page(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's tokens and webhooks, and the forms to add one of each."""
    token_form = TokenForm(club=club, prefix="token")
    webhook_form = WebhookForm(club=club, prefix="webhook")
    secret = ""
    if request.method == "POST" and "token-name" in request.POST:
        token_form = TokenForm(request.POST, club=club, prefix="token")
        if token_form.is_valid():
            data = token_form.cleaned_data
            try:
                made = tokens.create_token(
                    club=club,
                    name=data["name"],
                    scopes=data["scopes"],
                    days=data["days"],
                    user=request.user,
                    event=data["event"],
                )
            except ValidationError as error:
                tell_problems(request, error)
            else:
                # Shown on this answer only: it is never stored, and a reload does not show it.
                secret = made.secret
                token_form = TokenForm(club=club, prefix="token")
    elif request.method == "POST":
        webhook_form = WebhookForm(request.POST, club=club, prefix="webhook")
        if webhook_form.is_valid():
            data = webhook_form.cleaned_data
            try:
                webhooks.subscribe(
                    club=club,
                    url=data["url"],
                    happenings=data["happenings"],
                    user=request.user,
                    event=data["event"],
                )
            except ValidationError as error:
                webhook_form.add_error("url", error)
            else:
                messages.success(request, _("The webhook is on: it hears of what you chose."))
                return redirect("organiser:api", club_id=club.pk)
    context = {
        "club": club,
        "found": club_integrations(club),
        "token_form": token_form,
        "webhook_form": webhook_form,
        "secret": secret,
        "api_url": request.build_absolute_uri(reverse("api_docs")),
    }
    response = render(request, "organiser/integrations/api.html", context)
    response["Cache-Control"] = "no-store"  # the new token's secret is on it
    return response


@require_http_methods(["GET", "POST"])
@club_view(Can.OTHER_SITES)
def revoke(request: HttpRequest, club: Club, token_id: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, club=club, pk=token_id)
    if request.method == "POST":
        tokens.revoke_token(token=token, user=request.user)
        messages.success(request, _("The token “%(name)s” no longer works.") % {"name": token.name})
        return redirect("organiser:api", club_id=club.pk)
    return _ask(
        request,
        club,
        _("Revoke the token “%(name)s”?") % {"name": token.name},
        _(
            "Whatever uses it stops working at once. This cannot be undone: make a new one if "
            "needed."
        ),
        _("Revoke the token"),
    )


@require_http_methods(["GET", "POST"])
@club_view(Can.OTHER_SITES)
def delete_webhook(request: HttpRequest, club: Club, webhook_id: int) -> HttpResponse:
    subscription = get_object_or_404(WebhookSubscription, club=club, pk=webhook_id)
    if request.method == "POST":
        webhooks.delete_subscription(subscription=subscription)
        messages.success(request, _("The webhook is deleted, with its log."))
        return redirect("organiser:api", club_id=club.pk)
    return _ask(
        request,
        club,
        _("Delete the webhook to %(url)s?") % {"url": subscription.url},
        _(
            "Nothing more is sent to it, and its deliveries' log goes with it. To stop it for a "
            "while, pause it instead."
        ),
        _("Delete the webhook"),
    )


@require_POST
@club_view(Can.OTHER_SITES)
def pause_webhook(request: HttpRequest, club: Club, webhook_id: int) -> HttpResponse:
    subscription = get_object_or_404(WebhookSubscription, club=club, pk=webhook_id)
    webhooks.set_active(subscription=subscription, active=not subscription.active)
    if subscription.active:
        messages.success(request, _("The webhook is on again."))
    else:
        messages.success(request, _("The webhook is paused: nothing is sent until you turn it on."))
    return redirect("organiser:api", club_id=club.pk)


@require_http_methods(["GET"])
@club_view(Can.OTHER_SITES)
def webhook_log(request: HttpRequest, club: Club, webhook_id: int) -> HttpResponse:
    subscription = get_object_or_404(WebhookSubscription, club=club, pk=webhook_id)
    context = {"club": club, "subscription": subscription, "log": subscription_log(subscription)}
    return render(request, "organiser/integrations/log.html", context)


@require_POST
@club_view(Can.OTHER_SITES)
def resend(request: HttpRequest, club: Club, webhook_id: int, delivery_id: str) -> HttpResponse:
    delivery = get_object_or_404(
        WebhookDelivery, subscription__club=club, subscription_id=webhook_id, pk=delivery_id
    )
    webhooks.resend(delivery=delivery, user=request.user)
    messages.success(request, _("The delivery is being sent again: its result shows below."))
    return redirect("organiser:webhook_log", club_id=club.pk, webhook_id=webhook_id)


def _ask(
    request: HttpRequest, club: Club, title: str, consequence: str, button: str
) -> HttpResponse:
    context = {"club": club, "title": title, "consequence": consequence, "button": button}
    return render(request, "organiser/integrations/confirm.html", context)
