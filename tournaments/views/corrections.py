"""Corrections: an organiser corrects any hand or deletes the last one, always with a reason.

Table-link users cannot: a wrong hand is a matter for the organiser, and the history keeps
who changed what, when and why.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.forms.entry import DeleteLastForm, initial_from_hand
from tournaments.models import Game
from tournaments.play.display.audit import hand_changes
from tournaments.play.display.conflict import conflict_view
from tournaments.play.selectors.games import GameSheet, HandRow, game_sheet
from tournaments.play.selectors.history import hand_history
from tournaments.play.services.entry import (
    HandChanged,
    correct_hand,
    delete_last_hand,
    hand_fingerprint,
    preview_hand,
)
from tournaments.rules import RulesError
from tournaments.views.entry import (
    Entrant,
    HandForm,
    entry_form,
    hand_form_context,
    organiser_game,
    preview_view,
    render_preview,
)


@require_http_methods(["GET", "POST"])
@organiser_game
def correct(request: HttpRequest, game: Game, entrant: Entrant, number: int) -> HttpResponse:
    """The entry form prefilled with the hand's stored facts, and a required reason."""
    sheet = game_sheet(game.pk)
    row = stored_row(sheet, number)
    if request.method == "GET":
        initial = initial_from_hand(row, sheet.seats)
        initial["mode"] = request.GET.get("mode", initial["mode"])
        initial["seen"] = hand_fingerprint(row.hand, row.lines)
        form = entry_form(sheet, reason=True, initial=initial)
        return render_correction(request, sheet, row, form)
    form = correction_form(sheet, row, request.POST)
    if form.is_valid():
        try:
            correct_hand(
                hand=row.hand,
                facts=form.facts(),
                reason=form.cleaned_data["reason"],
                user=entrant.person,
                device=entrant.device,
                seen=form.cleaned_data["seen"] or None,
            )
        except HandChanged as changed:
            return _changed_meanwhile(request, game, number, form, changed)
        except RulesError as error:
            form.add_problems(error)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Hand %(number)s corrected.") % {"number": number})
            return redirect(f"{entrant.url('enter', game)}?mode={form.mode_value}")
    return render_correction(request, sheet, row, form, status=400)


@require_POST
@organiser_game
def correct_preview(
    request: HttpRequest, game: Game, entrant: Entrant, number: int
) -> HttpResponse:
    """The corrected hand's points and the totals after it; nothing is stored."""
    sheet = game_sheet(game.pk)
    row = stored_row(sheet, number)
    form = correction_form(sheet, row, request.POST)
    live = request.headers.get("HX-Trigger") == "preview"
    result = None
    quiet = live and not form.is_complete()
    # The reason is not needed to see a preview: only the hand's facts are.
    if form.facts_valid() and not quiet:
        try:
            facts = form.facts()
            preview = preview_hand(game=game, facts=facts, number=number)
            result = preview_view(sheet, preview, facts.how)
        except RulesError as error:
            form.add_problems(error)
    if request.headers.get("HX-Request"):
        if "reason" in form.errors:
            del form.errors["reason"]  # asked for on saving, not for a preview
        return render_preview(request, form, result, None, quiet)
    return render_correction(request, sheet, row, form, preview=result)


@require_http_methods(["GET", "POST"])
@organiser_game
def delete_last(request: HttpRequest, game: Game, entrant: Entrant) -> HttpResponse:
    """Ask for confirmation and a reason, then delete the game's last hand."""
    sheet = game_sheet(game.pk)
    if not sheet.rows:
        messages.error(request, _("There is no hand to delete."))
        return redirect("entry:enter", game_id=game.pk)
    last = sheet.rows[-1]
    if request.method == "GET":
        form = DeleteLastForm(initial={"number": last.number})
        return render_delete(request, sheet, last, form)
    form = DeleteLastForm(request.POST)
    if form.is_valid():
        if form.cleaned_data["number"] != last.number:
            # Another hand was entered since the confirmation page was shown: show it, and
            # let a second click delete it.
            data = request.POST.copy()
            data["number"] = str(last.number)
            form = DeleteLastForm(data)
            form.full_clean()
            form.add_error(
                None,
                _("The last hand is now hand %(number)s: check it before deleting it.")
                % {"number": last.number},
            )
        else:
            try:
                delete_last_hand(
                    game=game,
                    reason=form.cleaned_data["reason"],
                    user=entrant.person,
                    number=last.number,
                )
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, _("Hand %(number)s deleted.") % {"number": last.number})
                return redirect("entry:enter", game_id=game.pk)
    return render_delete(request, sheet, last, form, status=400)


def _changed_meanwhile(request, game: Game, number: int, form: HandForm, changed) -> HttpResponse:
    """The hand as stored now, its changes, and this organiser's correction as he typed it,
    to save again once checked (the page now records the hand as it is)."""
    sheet = game_sheet(game.pk)
    row = stored_row(sheet, number)
    assert isinstance(form.data, QueryDict)  # a bound form's POST
    data = form.data.copy()
    data["seen"] = hand_fingerprint(row.hand, row.lines)
    again = correction_form(sheet, row, data)
    again.is_valid()
    again.add_error(None, changed)
    return render_correction(request, sheet, row, again, status=409)


def stored_row(sheet: GameSheet, number: int) -> HandRow:
    row = next((row for row in sheet.rows if row.number == number), None)
    if row is None:
        raise Http404("No such hand in this game.")
    return row


def correction_form(sheet: GameSheet, row: HandRow, data) -> HandForm:
    # The hand's number comes from the URL, whatever the posted hidden field says.
    data = data.copy()
    data["number"] = str(row.number)
    return entry_form(sheet, reason=True, data=data)


def render_correction(
    request: HttpRequest,
    sheet: GameSheet,
    row: HandRow,
    form: HandForm,
    preview=None,
    status: int = 200,
) -> HttpResponse:
    game = sheet.game
    number = row.number
    action = reverse("entry:correct", kwargs={"game_id": game.pk, "number": number})
    preview_url = reverse("entry:correct_preview", kwargs={"game_id": game.pk, "number": number})
    context = {
        **hand_form_context(sheet, form, action, preview_url),
        "game": game,
        "sheet": sheet,
        "number": number,
        "stored": conflict_view(sheet, number),
        "history": hand_changes(hand_history(row.hand), sheet.seats),
        "preview": preview,
        "conflict": None,
        "back_url": reverse("entry:enter", kwargs={"game_id": game.pk}),
    }
    return render(request, "entry/correct.html", context, status=status)


def render_delete(
    request: HttpRequest, sheet: GameSheet, last: HandRow, form: DeleteLastForm, status=200
) -> HttpResponse:
    context = {
        "game": sheet.game,
        "number": last.number,
        "stored": conflict_view(sheet, last.number),
        "form": form,
        "back_url": reverse("entry:enter", kwargs={"game_id": sheet.game.pk}),
    }
    return render(request, "entry/delete_last.html", context, status=status)
