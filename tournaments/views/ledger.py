"""The money pages (docs/ledger.md), for the club's treasurer: an event's fees (one tap at the
door) and prizes paid, a prize's receipt, the balance as a page, CSV, XLSX and PDF, the record
of every change, and a season's report. Each asks `Can.HANDLE_MONEY` (the organisers and the
treasurer, docs/ledger.md): of the event, or of the club for a season; but a fee paid, one tap
at the door too, asks `Can.TAKE_FEES` (the door's volunteers as well)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.clubs.permissions import Can
from tournaments.ledger.display import (
    FEE_STATUS,
    METHODS,
    balance_lines,
    ledger_table,
    prize_label,
    record_lines,
    season_table,
)
from tournaments.ledger.selectors import event_ledger, fee_row, money_history, season_money
from tournaments.ledger.services import (
    cancel_payout,
    pay_prize,
    record_payment,
    refund_fee,
    take_back_fee,
    waive_fee,
)
from tournaments.models import Event, Method, Payout, Player, Registration, Season
from tournaments.sheets import pdfs
from tournaments.views.registrations import door_back
from tournaments.web.downloads import page_or_download
from tournaments.web.feedback import tell_problems
from tournaments.web.permissions import event_view, season_view
from tournaments.words.exports import export_name
from tournaments.words.formats import money


def _back(event: Event, anchor: str = "") -> HttpResponse:
    url = reverse("ledger:event", kwargs={"event_id": event.id})
    return redirect(url + (f"#{anchor}" if anchor else ""))


def private_pdf(content: bytes, *name_words: object) -> HttpResponse:
    """An organiser's PDF about money: shown in the browser, kept by no cache."""
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{export_name(*name_words)}.pdf"'
    response["Cache-Control"] = "private, no-store"
    return response


@require_GET
@event_view(Can.HANDLE_MONEY)
def event_money(request: HttpRequest, event: Event) -> HttpResponse:
    """Each player's fee, one tap to record it; each prize, one tap to pay it; the balance."""
    ledger = event_ledger(event)
    context = {
        "event": event,
        "ledger": ledger,
        "fees": [(row, FEE_STATUS[row.status]) for row in ledger.fees],
        "prizes": [(row, prize_label(row, ledger.categories)) for row in ledger.prizes],
        "methods": Method.choices,
        "method_names": METHODS,
        "lines": balance_lines(ledger.balance, event),
    }
    return render(request, "ledger/event.html", context)


def _registration(event: Event, registration_id: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player", "event"), pk=registration_id, event=event
    )


@require_POST
@event_view(Can.TAKE_FEES)
def record_fee(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    """One tap: the player paid what is due, by the method of the button. From the money
    page, or from the door (`back=door`): its page again, or, for its phone's camera card
    (`X-Door: 1`), the card saying so."""
    registration = _registration(event, registration_id)
    at_door = request.POST.get("back") == "door"
    card = at_door and request.headers.get("X-Door") == "1"
    try:
        fee = record_payment(
            registration=registration, method=request.POST.get("method", ""), user=request.user
        )
    except ValidationError as error:
        if card:
            context = {"problems": error.messages, "registration": registration}
            return render(request, "registrations/_fee_paid.html", context, status=400)
        tell_problems(request, error)
    else:
        said = _("%(player)s paid %(amount)s (%(method)s).") % {
            "player": registration.player.name,
            "amount": money(fee.amount),
            "method": METHODS[fee.method],
        }
        if card:
            return render(request, "registrations/_fee_paid.html", {"said": said})
        messages.success(request, said)
    if at_door:
        return door_back(event, request.POST.get("q", ""))
    return _back(event, f"fee-{registration.pk}")


FEE_ACTIONS = ("correct", "waive", "refund", "take_back")


@require_http_methods(["GET", "POST"])
@event_view(Can.HANDLE_MONEY)
def fee(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    """A fee's other changes, each with why: a payment corrected (method, amount), the fee
    waived, refunded, or its record taken back."""
    registration = _registration(event, registration_id)
    if request.method == "POST":
        action = request.POST.get("action", "")
        reason = request.POST.get("reason", "")
        try:
            _change_fee(request, registration, action, reason)
        except ValidationError as error:
            tell_problems(request, error)
        else:
            messages.success(request, _("Saved, with why."))
            return _back(event, f"fee-{registration.pk}")
    row = fee_row(event, registration.pk)
    context = {
        "event": event,
        "registration": registration,
        "row": row,
        "status": FEE_STATUS[row.status] if row else "",
        "methods": Method.choices,
        "method_names": METHODS,
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "ledger/fee.html", context, status=status)


def _change_fee(request: HttpRequest, registration: Registration, action: str, reason: str):
    user = request.user
    if action == "correct":
        try:
            amount = Decimal(request.POST.get("amount", "").replace(",", ".").strip())
        except InvalidOperation:
            raise ValidationError(_("Give the amount paid, e.g. 10,00.")) from None
        return record_payment(
            registration=registration,
            method=request.POST.get("method", ""),
            amount=amount,
            user=user,
            reason=reason,
        )
    if action == "waive":
        return waive_fee(registration=registration, user=user, reason=reason)
    if action == "refund":
        return refund_fee(registration=registration, user=user, reason=reason)
    if action == "take_back":
        return take_back_fee(registration=registration, user=user, reason=reason)
    raise ValidationError(_("Unknown action."))


@require_POST
@event_view(Can.HANDLE_MONEY)
def pay(request: HttpRequest, event: Event) -> HttpResponse:
    """One tap: a prize handed to its winner, by the method of the button."""
    key = request.POST.get("prize", "")
    player_id = request.POST.get("player", "")
    player = Player.objects.filter(
        pk=player_id if player_id.isdigit() else 0, registrations__event=event
    ).first()
    if player is None:
        messages.error(request, _("Choose the prize to pay from the list of prizes."))
        return _back(event, "prizes")
    ledger = event_ledger(event)
    row = next((r for r in ledger.prizes if (r.key, r.player_id) == (key, player.pk)), None)
    label = prize_label(row, ledger.categories) if row else key
    try:
        payout = pay_prize(
            event=event,
            player=player,
            prize=key,
            label=label,
            method=request.POST.get("method", ""),
            user=request.user,
        )
    except ValidationError as error:
        tell_problems(request, error)
        return _back(event, "prizes")
    messages.success(
        request,
        _("%(amount)s paid to %(player)s: print the receipt for the signature.")
        % {"amount": money(payout.amount), "player": player.name},
    )
    return _back(event, f"payout-{payout.pk}")


def _payout(event: Event, payout_id: int) -> Payout:
    return get_object_or_404(
        Payout.objects.select_related("player", "event__club", "paid_by"), pk=payout_id, event=event
    )


@require_http_methods(["GET", "POST"])
@event_view(Can.HANDLE_MONEY)
def payout(request: HttpRequest, event: Event, payout_id: int) -> HttpResponse:
    """A payment: its receipt; cancelled (with why) after a question."""
    found = _payout(event, payout_id)
    if request.method == "POST":
        try:
            cancel_payout(payout=found, user=request.user, reason=request.POST.get("reason", ""))
        except ValidationError as error:
            tell_problems(request, error)
            return redirect(request.path)
        messages.success(request, _("The payment is cancelled; the record keeps it."))
        return _back(event, "prizes")
    context = {"event": event, "payout": found, "method": METHODS.get(found.method, "")}
    return render(request, "ledger/payout.html", context)


@require_GET
@event_view(Can.HANDLE_MONEY)
def receipt(request: HttpRequest, event: Event, payout_id: int) -> HttpResponse:
    """The receipt the winner signs (two copies on the page)."""
    found = _payout(event, payout_id)
    words = (pgettext("file name", "receipt"), event.name, found.player.name)
    return private_pdf(pdfs.receipt_pdf(found), *words)


@require_GET
@event_view(Can.HANDLE_MONEY)
def balance(request: HttpRequest, event: Event) -> HttpResponse:
    """The balance with every fee and prize: a page, or `?_export=csv|xlsx`."""
    ledger = event_ledger(event)
    table = ledger_table(ledger)
    download = page_or_download(request, table, pgettext("file name", "balance"), event.name)
    if download is not None:
        return download
    context = {
        "event": event,
        "ledger": ledger,
        "lines": balance_lines(ledger.balance, event),
    }
    return render(request, "ledger/balance.html", context)


@require_GET
@event_view(Can.HANDLE_MONEY)
def balance_pdf(request: HttpRequest, event: Event) -> HttpResponse:
    return private_pdf(pdfs.balance_pdf(event), pgettext("file name", "balance"), event.name)


@require_GET
@event_view(Can.HANDLE_MONEY)
def history(request: HttpRequest, event: Event) -> HttpResponse:
    """Every change about the event's money: who, when, old → new, why."""
    context = {"event": event, "records": record_lines(money_history(event))}
    return render(request, "ledger/history.html", context)


@require_GET
@season_view(Can.HANDLE_MONEY)
def season(request: HttpRequest, season: Season) -> HttpResponse:
    """The season's nights for the treasurer: a page, or `?_export=csv|xlsx`."""
    report = season_money(season)
    table = season_table(report)
    name = pgettext("file name", "season money")
    download = page_or_download(request, table, name, season.name)
    if download is not None:
        return download
    return render(request, "ledger/season.html", {"season": season, "report": report})
