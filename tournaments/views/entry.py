"""Hand entry, phone-first: organisers on /games/<id>/enter/, players on their table link.

Both pages share one template and one flow: step 1 who ended the hand and how, step 2 what
each counted player held (a count or the cards), a preview, then Save (POST/redirect/GET).
On the table link the player also says who he is; when the event has hands confirmed,
another player of the table checks each hand on its confirm screen (docs/confirmation.md).
Corrections and deletions are for organisers only (tournaments.views.corrections).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from ramiscore.middleware import on_a_laptop
from tournaments.clubs.permissions import Can
from tournaments.clubs.selectors.roles import may_on_game
from tournaments.forms.entry import ASKED, COUNTS, REQUIRED, ConfirmForm, HandForm
from tournaments.models import Game, Hand, Seat
from tournaments.play.display.conflict import ConflictView, conflict_view
from tournaments.play.display.hands import GIN_AT_ZERO, entered_by, hand_summary, outcome
from tournaments.play.facts import HandFacts
from tournaments.play.selectors.games import GameSheet, HandRow, game_seats, game_sheet, sheet_of
from tournaments.play.services.entry import (
    HandConflict,
    Preview,
    StaleHand,
    confirm_hand,
    is_same_person,
    may_confirm,
    preview_hand,
    record_hand,
    why_no_more_hands,
)
from tournaments.play.services.kept import send_set_aside_hand
from tournaments.rules import RulesError
from tournaments.rules.hands import GIN_, KNOCK, counted_by_way, for_script
from tournaments.views.clock import game_clock_context
from tournaments.views.public import POLL_EVERY
from tournaments.web.offline import (
    answered_key,
    kept_conflict,
    saved,
    table_after,
    table_state,
    wants_json,
)
from tournaments.web.permissions import device_id, game_from_link, game_view, link_view
from tournaments.web.polling import etag_at
from tournaments.words.cards import card_grid, codes_legend, example_codes, grid_letters
from tournaments.words.formats import labelled
from tournaments.words.labels import HOW_LABELS, how_choice


@dataclass(frozen=True)
class Entrant:
    """Who is entering: an organiser (no token) or whoever holds the table link (token)."""

    user: Any
    device: str
    token: str = ""
    vouches: bool = True  # keeps the event's score: his hands count as confirmed

    @property
    def is_organiser(self) -> bool:
        return not self.token

    @property
    def person(self):
        return self.user if self.user.is_authenticated else None

    def url(self, name: str, game: Game, **kwargs) -> str:
        """The URL of an entry view for this entrant: /games/<id>/... or /t/<token>/..."""
        if self.token:
            link_name = "table_link" if name == "enter" else f"table_link_{name}"
            return reverse(f"entry:{link_name}", kwargs={"token": self.token, **kwargs})
        return reverse(f"entry:{name}", kwargs={"game_id": game.pk, **kwargs})


def _entry_page(request: HttpRequest, game: Game) -> str:
    # Back to the entry page after logging in: most entry views answer POSTs only.
    return reverse("entry:enter", kwargs={"game_id": game.pk})


def organiser_game(view):
    """For views taking `game_id`: those who keep the event's score (its organisers and
    scorers, and site admins) only."""

    @game_view(Can.KEEP_SCORE, login_next=_entry_page)
    @wraps(view)
    def wrapper(request: HttpRequest, game: Game, *args, **kwargs) -> HttpResponse:
        entrant = Entrant(request.user, device_id(request))
        return view(request, game, entrant, *args, **kwargs)

    return wrapper


def table_link_game(view):
    """For views taking `token`: the one game the link opens, whoever holds it."""

    @wraps(view)
    def wrapper(request: HttpRequest, token: str, *args, **kwargs) -> HttpResponse:
        game = game_from_link(token)
        vouches = may_on_game(request.user, Can.KEEP_SCORE, game)
        entrant = Entrant(request.user, device_id(request), token=token, vouches=vouches)
        return view(request, game, entrant, *args, **kwargs)

    return link_view(wrapper)


@require_http_methods(["GET", "POST"])
@organiser_game
def enter(request: HttpRequest, game: Game, entrant: Entrant) -> HttpResponse:
    return _entry(request, game, entrant)


@require_http_methods(["GET", "POST"])
@table_link_game
def table_link(request: HttpRequest, game: Game, entrant: Entrant) -> HttpResponse:
    return _entry(request, game, entrant)


@require_POST
@organiser_game
def preview(request: HttpRequest, game: Game, entrant: Entrant) -> HttpResponse:
    return _preview(request, game, entrant)


@require_POST
@table_link_game
def table_link_preview(request: HttpRequest, game: Game, entrant: Entrant) -> HttpResponse:
    return _preview(request, game, entrant)


@require_http_methods(["GET", "POST"])
@organiser_game
def confirm(request: HttpRequest, game: Game, entrant: Entrant, number: int) -> HttpResponse:
    return _confirm(request, game, entrant, number)


@require_http_methods(["GET", "POST"])
@table_link_game
def table_link_confirm(
    request: HttpRequest, game: Game, entrant: Entrant, number: int
) -> HttpResponse:
    return _confirm(request, game, entrant, number)


def _entry(request: HttpRequest, game: Game, entrant: Entrant) -> HttpResponse:
    if request.method == "GET":
        sheet = sheet_of(game)
        form = entry_form(sheet, **_new_hand(request, entrant, sheet, request.GET))
        return render_entry(request, entrant, sheet, form)
    seats = game_seats(game)
    asked = _asks_entrant(entrant, game)
    form = HandForm(request.POST, variant=game.rules(), seats=seats, entrant=asked)
    if form.is_valid():
        number = form.cleaned_data["number"]
        try:
            hand = _record(form, game, entrant, seats)
        except HandConflict as conflict:
            next_url = f"{entrant.url('enter', game)}?mode={form.mode_value}"
            if wants_json(request) and form.cleaned_data["idempotency_key"]:
                # A kept hand the table moved past: set aside for the player to decide.
                return kept_conflict(
                    request,
                    game,
                    form,
                    conflict,
                    user=entrant.person,
                    device=entrant.device,
                    next_url=next_url,
                )
            stale = isinstance(conflict, StaleHand)
            return _conflict(request, entrant, game, number, form.facts(), stale=stale)
        except RulesError as error:
            form.add_problems(error)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            entering = form.cleaned_data.get("entering", "")
            if asked and request.session.get(_entrant_key(game)) != entering:
                # This phone's player, offered first next time (one phone may go round);
                # the session written only when he changed (three statements a hand).
                request.session[_entrant_key(game)] = entering
            return saved(
                request,
                number,
                f"{entrant.url('enter', game)}?mode={form.mode_value}",
                message=_("Hand %(number)s saved.") % {"number": number},
                over=hand.game.finished or hand.game.closed,
                table=table_after(hand),
            )
    if not form.non_field_errors() and (why := why_no_more_hands(game)):
        # The page of a game over shows no form, hence none of its fields' errors: say why.
        form.add_error(None, why)
    # Refused, nothing stored: the form again with what to fix.
    return render_entry(request, entrant, game_sheet(game.pk), form, status=400)


def _record(form: HandForm, game: Game, entrant: Entrant, seats: list[Seat]) -> Hand:
    """Store the form's hand: as any hand, or as a set-aside hand the player sends as the
    next one (its record then says so)."""
    common = {
        "game": game,
        "number": form.cleaned_data["number"],
        "facts": form.facts(),
        "user": entrant.person,
        "device": entrant.device,
        "entered_by_seat": form.entering_seat(),
    }
    key, after = form.cleaned_data["idempotency_key"], form.cleaned_data["after"]
    typed_as = form.cleaned_data.get("set_aside")
    if typed_as and key:
        return send_set_aside_hand(
            **common, key=key, after=after, typed_as=typed_as, typed=form.typed()
        )
    return record_hand(**common, idempotency_key=key, after=after, seats_read=seats)


def _asks_entrant(entrant: Entrant, game: Game) -> str:
    """Whether the form asks who is entering: on the table link, required when the event
    has hands confirmed; never of an organiser, who vouches for what he enters."""
    if entrant.vouches:
        return ""
    return REQUIRED if game.event.confirmation_required else ASKED


def _entrant_key(game: Game) -> str:
    return f"entrant-{game.pk}"


def _new_hand(request: HttpRequest, entrant: Entrant, sheet: GameSheet, data) -> dict:
    """The entry form's arguments for the next hand: its number, the mode, who enters."""
    initial = {
        "number": len(sheet.rows) + 1,
        "mode": data.get("mode", COUNTS),
        "after": table_state(sheet)["last"],  # the hand's base: refused once it is not
    }
    asked = _asks_entrant(entrant, sheet.game)
    if asked:
        initial["entering"] = request.session.get(_entrant_key(sheet.game), "")
    return {"initial": initial, "entrant": asked}


def _conflict(
    request: HttpRequest,
    entrant: Entrant,
    game: Game,
    number: int,
    facts: HandFacts,
    *,
    stale: bool = False,
) -> HttpResponse:
    """Nothing stored: show the hand stored first (or say that the table has moved on since
    the page was opened), and a fresh form for the next one."""
    sheet = game_sheet(game.pk)
    form = entry_form(sheet, **_new_hand(request, entrant, sheet, request.POST))
    url = correct_url(entrant, game, number)
    conflict = conflict_view(sheet, number, facts, url, stale=stale)
    return render_entry(request, entrant, sheet, form, conflict=conflict, status=409)


def _preview(request: HttpRequest, game: Game, entrant: Entrant) -> HttpResponse:
    """The points the hand would give and the totals after it; nothing is stored."""
    sheet = game_sheet(game.pk)
    form = entry_form(sheet, data=request.POST)
    live = request.headers.get("HX-Trigger") == "preview"  # typed, not the Preview button
    result, conflict = None, None
    quiet = live and not form.is_complete()  # no error noise while the hand is being typed
    if not quiet and form.is_valid():
        number = form.cleaned_data["number"]
        if number != len(sheet.rows) + 1:
            url = correct_url(entrant, game, number)
            conflict = conflict_view(sheet, number, form.facts(), url)
        else:
            try:
                facts = form.facts()
                result = preview_view(sheet, preview_hand(game=game, facts=facts), facts.how)
            except RulesError as error:
                form.add_problems(error)
    if request.headers.get("HX-Request"):
        return render_preview(request, form, result, conflict, quiet)
    return render_entry(request, entrant, sheet, form, preview=result, conflict=conflict)


def _confirm(request: HttpRequest, game: Game, entrant: Entrant, number: int) -> HttpResponse:
    """The confirm screen: the hand's facts and points, and who confirms it (an organiser
    confirms as himself); POST confirms."""
    sheet = game_sheet(game.pk)
    row = next((row for row in sheet.rows if row.number == number), None)
    if row is None:
        raise Http404("No such hand in this game.")
    hand = row.hand
    back = entrant.url("enter", game)
    if not hand.is_provisional:
        messages.error(request, _("This hand does not need confirming."))
        return redirect(back)
    form = None
    if not entrant.vouches:
        others = [seat for seat in sheet.seats if seat.id != hand.entered_by_seat_id]
        data = request.POST if request.method == "POST" else None
        form = ConfirmForm(data, seats=others)
    if request.method == "POST" and (form is None or form.is_valid()):
        try:
            confirm_hand(
                hand=hand,
                user=entrant.person,
                device=entrant.device,
                confirmed_by_seat=form.seat() if form else None,
            )
        except PermissionDenied as refused:
            context = {"game": game, "message": str(refused), "back": back}
            return render(request, "entry/refused.html", context, status=403)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("Hand %(number)s confirmed.") % {"number": number})
        return redirect(back)
    context = {
        "game": game,
        "hand": hand_summary(row, sheet.seats, game.rules()),
        "form": form,
        # The phone that entered the hand cannot confirm it (a guard against slips).
        "same_device": not entrant.vouches and is_same_person(hand, entrant.person, entrant.device),
        "back": back,
    }
    status = 400 if form is not None and form.errors else 200
    return render(request, "entry/confirm.html", context, status=status)


# Page building, shared with the correction pages.


def render_preview(request, form: HandForm, preview, conflict, quiet: bool) -> HttpResponse:
    """The preview fragment (htmx): the points, a conflict, or what stops the hand."""
    problems = [] if quiet or preview or conflict else problem_list(form)
    context = {
        "preview": preview,
        "conflict": conflict,
        "problems": problems,
        "fragment": True,
    }
    return render(request, "entry/_preview.html", context)


def problem_list(form: HandForm) -> list[str]:
    """The hand's errors as sentences naming the field (player) they are about; the reason's
    own error stays beside it."""
    found = [capfirst(str(error)) for error in form.non_field_errors()]
    for name, errors in form.errors.items():
        if name in ("__all__", "reason"):
            continue
        field = form[name]
        found += [
            capfirst(str(error)) if field.is_hidden else labelled(field.label, error)
            for error in errors
        ]
    return found


def entry_form(sheet: GameSheet, **kwargs) -> HandForm:
    return HandForm(variant=sheet.game.rules(), seats=sheet.seats, **kwargs)


@dataclass(frozen=True)
class EntryHand:
    """One stored hand as the entry page lists it, with what this person may do to it."""

    row: HandRow
    outcome: str  # "Anne · Went out"
    points: list[int]  # by seat
    provisional: bool
    entered_by: str
    confirm_url: str  # its confirm screen; empty when this person may not confirm it
    correct_url: str  # empty for table-link users


@dataclass(frozen=True)
class PreviewRow:
    name: str
    counted: int | None
    points: int
    total: int


@dataclass(frozen=True)
class PreviewView:
    number: int
    outcome: str
    rows: list[PreviewRow]
    note: str = ""  # how the rules read what was entered, e.g. a knock at 0 is a gin


def render_entry(
    request: HttpRequest,
    entrant: Entrant,
    sheet: GameSheet,
    form: HandForm,
    *,
    preview: PreviewView | None = None,
    conflict: ConflictView | None = None,
    status: int = 200,
) -> HttpResponse:
    game = sheet.game
    context = {
        **hand_form_context(sheet, form, entrant.url("enter", game), entrant.url("preview", game)),
        # The round's clock, polled: time left, and what to do once it is up.
        **game_clock_context(game),
        **live_context(entrant, sheet),
        "poll_every": POLL_EVERY,
        "preview": preview,
        "conflict": conflict,
        "answered_key": answered_key(request, conflict),  # a hand the phone kept: answered here
        "laptop": on_a_laptop(),  # whose disk, should it be full
        # An organiser's, shown once the table has a hand (offline.js shows it after a save).
        "delete_url": reverse("entry:delete_last", kwargs={"game_id": game.pk})
        if entrant.is_organiser
        else "",
        "has_hands": bool(sheet.rows),
        # What the page's scripts count with while the server cannot be reached.
        "rules_data": {
            "variant": for_script(game.rules(), len(sheet.seats)),
            "seats": [[seat.position, seat.player.name] for seat in sheet.seats],
            # How a preview names a hand's result (preview_view's words).
            "results": {code: how_choice(code) for code in HOW_LABELS},
            "won": _("Hand %(number)s: %(result)s, won by %(winner)s"),
            "not_won": _("Hand %(number)s: %(result)s"),
        },
        "discard_url": entrant.url("discard_kept", game, key=KEY_SLOT),
        # What the live part's first poll asks with: a page just loaded (after a save, most
        # often) is not sent again. Only for a page read as it is: the game as the guard
        # read it before the sheet, never one a write in this request may have moved.
        "live_etag": etag_at(request, entrant.url("live", game), game.version)
        if request.method == "GET" and isinstance(game.version, int)
        else "",
    }
    return render(request, "entry/enter.html", context, status=status)


KEY_SLOT = "ENTRYKEY"  # where the page's sender puts a kept hand's id in the discard URL


def live_context(entrant: Entrant, sheet: GameSheet) -> dict[str, Any]:
    """What the entry page's live part shows (the totals, the hands waiting for confirmation,
    the hands played), which the page refreshes as the table's version moves."""
    game = sheet.game
    seats_by_id = {seat.id: seat for seat in sheet.seats}
    hands = [hand_view(row, entrant, game, seats_by_id) for row in sheet.rows]
    return {
        "sheet": sheet,
        "game": game,
        "target": game.rules().target,
        "is_over": game.finished or game.closed,
        "hands": hands,
        "provisional": [hand for hand in hands if hand.provisional],
        "entrant": entrant,
        "ranked": sorted(sheet.seats, key=lambda seat: seat.rank or 0),
        "live_url": entrant.url("live", game),
        "table_state": table_state(sheet)
        | {
            "version": game.version,
            "at": timezone.now().isoformat(),
            "totals": {seat.player.name: seat.total for seat in sheet.seats},
        },
    }


def hand_form_context(
    sheet: GameSheet, form: HandForm, action_url: str, preview_url: str
) -> dict[str, Any]:
    """What the hand form partial needs: the form, its URLs and the card grid's deck."""
    variant = sheet.game.rules()
    deck = variant.deck()
    reason = form["reason"] if "reason" in form.fields else None
    entering = form["entering"] if "entering" in form.fields else None
    number = form["number"].value()
    return {
        "form": form,
        "players": form.players(),
        "reason_field": reason,
        "entering_field": entering,
        "submit_label": _("Save the correction")
        if reason
        else _("Save hand %(number)s") % {"number": number},
        # A refused save or a preview without JavaScript: why, where the points would be.
        "problems": problem_list(form) if form.is_bound and form.errors else [],
        "fragment": False,
        "variant": variant,
        "who_is_counted": counted_by_way(variant),
        "action_url": action_url,
        "preview_url": preview_url,
        "copies": deck.copies,
        "jokers": deck.jokers,
        "max_cards": variant.deal_size(len(sheet.seats)),
        # Cards typed and shown in the page's letters (RK, roi de carreau, in French).
        "card_grid": card_grid(form.letters),
        "card_letters": grid_letters(form.letters),
        "card_example": example_codes(form.letters),
        "card_legend": codes_legend(form.letters),
    }


def hand_view(row: HandRow, entrant: Entrant, game: Game, seats_by_id: dict) -> EntryHand:
    hand = row.hand
    confirmable = may_confirm(hand, entrant.person, entrant.device, organiser=entrant.vouches)
    return EntryHand(
        row=row,
        outcome=outcome(hand),
        points=[line.points if line else 0 for line in row.lines],
        provisional=hand.is_provisional,
        entered_by=entered_by(hand, seats_by_id),
        confirm_url=entrant.url("confirm", game, number=hand.number) if confirmable else "",
        correct_url=correct_url(entrant, game, hand.number),
    )


def correct_url(entrant: Entrant, game: Game, number: int) -> str:
    """The correction page of a hand, for organisers; "" for table-link users."""
    if not entrant.is_organiser:
        return ""
    return reverse("entry:correct", kwargs={"game_id": game.pk, "number": number})


def preview_view(sheet: GameSheet, preview: Preview, declared: str) -> PreviewView:
    """The preview of a hand declared as `declared` (its `how`)."""
    scored = preview.scored
    winner = scored.winner
    label = how_choice(scored.result)
    if winner:
        outcome = _("Hand %(number)s: %(result)s, won by %(winner)s") % {
            "number": scored.number,
            "result": label,
            "winner": winner,
        }
    else:
        outcome = _("Hand %(number)s: %(result)s") % {"number": scored.number, "result": label}
    rows = [
        PreviewRow(
            name,
            scored.counted.get(name),
            scored.points[name],
            preview.totals_after[name],
        )
        for name in sheet.players
    ]
    note = str(GIN_AT_ZERO) if declared == KNOCK and scored.result == GIN_ else ""
    return PreviewView(scored.number, outcome, rows, note)
