"""A hand typed while the Wi-Fi is down: the phone keeps it and sends it again once the
connection is back (static/js/offline.js), with the same id each time so that it is stored
once (`record_hand`'s `idempotency_key`).

Without JavaScript nothing changes: the form posts and the page answers as always. The page's
sender asks for JSON: a saved hand then answers with what to say ("Hand 3 saved.") and whether
the game is over, and the page stays where it is, its live part fetched again (the page is made
again only for a game over: issue 25, a fifth of a night's server time went to making the
entry page again after each hand); a kept hand the table has moved past (its
number taken, or its base gone: docs/offline.md) is set aside and answered with a 409 the page
reads; the rules' refusals answer the page itself.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.messages.storage.base import BaseStorage
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from tournaments.forms.entry import ENTRY_KEY, HandForm
from tournaments.models import Game, Hand
from tournaments.models.games import START
from tournaments.play.display.conflict import ConflictView, conflict_view
from tournaments.play.display.hands import hand_words
from tournaments.play.selectors.games import GameSheet, game_sheet
from tournaments.play.services.entry import HandConflict, StaleHand
from tournaments.play.services.kept import set_aside_hand

# The header on the service worker's own request for a copy of an open page (templates/app/
# sw.js), made in the background as it starts.
COPY_HEADER = "X-Ramiscore-Copy"


class NoMessages(BaseStorage):
    """What a copy's request sees of the messages: none, and nothing stored or used up."""

    def _get(self, *args, **kwargs):
        return [], True

    def _store(self, messages, response, *args, **kwargs):
        return []


class CopyLeavesMessagesMiddleware:
    """The service worker's copy of a page comes without the page's messages, which stay for
    the page the phone loads itself: set after Django's MessageMiddleware, in place of its
    storage for that request only."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.headers.get(COPY_HEADER):
            request._messages = NoMessages(request)  # type: ignore[attr-defined]
        return self.get_response(request)


def wants_json(request: HttpRequest) -> bool:
    """Whether the page's own sender posted, rather than the browser's form."""
    return request.headers.get("Accept", "").startswith("application/json")


def saved(
    request: HttpRequest,
    number: int,
    url: str,
    *,
    message: str = "",
    over: bool = False,
    table: dict | None = None,
) -> HttpResponse:
    """The answer to a saved hand (stored now or by an earlier send of the same entry): the
    entry page, by redirect for a form, with `message` on it; for the page's sender, the
    page's address, the message for it to show itself, and whether the game is `over`: the
    page is then loaded again, without its form, and the message is kept for it (for none
    other: a page that stays would have it said again on the next one loaded). `table`: the
    table as it stands after the save (`table_state`'s next and last), when known: the page
    that stays numbers its next hand from it (None: it is loaded again)."""
    if message and (over or not wants_json(request)):
        messages.success(request, message)
    if wants_json(request):
        return JsonResponse(
            {"saved": number, "next": url, "message": message, "over": over, "table": table}
        )
    return redirect(url)


def table_after(hand: Hand) -> dict | None:
    """The table's next hand and base once `hand` is stored, when it is the table's last (a
    hand just entered; not one stored earlier that others have followed): no query."""
    game = hand.game
    if hand.number != game.hands_played:
        return None
    return {"next": hand.number + 1, "last": hand.ref}


def answered_key(request: HttpRequest, conflict: ConflictView | None = None) -> str:
    """The id of the entry this page answers (a refusal, a conflict), so that the phone stops
    keeping it: the person sees the answer now. "" for a GET or a form without one, and for a
    hand out of turn (the hands before it not entered yet): the phone keeps it until they are.
    """
    if conflict is not None and not conflict.rows and not conflict.game_over:
        return ""
    key = request.POST.get("idempotency_key", "") if request.method == "POST" else ""
    try:
        ENTRY_KEY(key)
    except ValidationError:
        return ""
    return key


def table_state(sheet: GameSheet) -> dict:
    """What the page's sender needs of the table: the next hand's number, the base of a hand
    typed now (the last hand's ref), and whether the game is over."""
    last = sheet.rows[-1].hand.ref if sheet.rows else START
    return {
        "next": len(sheet.rows) + 1,
        "last": last,
        "over": sheet.game.finished or sheet.game.closed,
    }


def kept_conflict(
    request: HttpRequest,
    game: Game,
    form: HandForm,
    conflict: HandConflict,
    *,
    user,
    device: str,
    next_url: str,
) -> HttpResponse:
    """A kept hand the table has moved past, sent by the page's sender: the same hand stored
    from another phone is as good as saved; any other is set aside, recorded, and answered
    with what the table holds now, for the player to decide."""
    sheet = game_sheet(game.pk)
    number = form.cleaned_data["number"]
    seen = conflict_view(sheet, number, form.facts())
    if seen.same:
        messages.info(
            request,
            _("Hand %(number)s was already saved from another device, exactly as you typed it.")
            % {"number": number},
        )
        ref = next(row.hand.ref for row in sheet.rows if row.number == number)
        return JsonResponse({"same": number, "ref": ref, "next": next_url}, status=409)
    key = form.cleaned_data["idempotency_key"]
    set_aside_hand(game=game, key=key, number=number, typed=form.typed(), user=user, device=device)
    state = table_state(sheet)
    shown = next((row for row in sheet.rows if row.number == number), None)
    shown = shown or (sheet.rows[-1] if sheet.rows else None)
    answer = {
        "key": key,
        "number": number,
        "next_number": state["next"],
        "message": _why(number, state, seen, isinstance(conflict, StaleHand)),
        "holds": hand_words(shown, sheet.seats) if shown else "",
        "table": state,
    }
    return JsonResponse({"set_aside": answer}, status=409)


def _why(number: int, state: dict, seen: ConflictView, stale: bool) -> str:
    values = {"number": number, "next": state["next"]}
    if state["over"]:
        return _("Hand %(number)s was not saved: the game is over.") % values
    if seen.rows:
        return (
            _("Hand %(number)s was not saved: hand %(number)s was entered from another device.")
            % values
        )
    if stale:
        return (
            _(
                "Hand %(number)s was not saved: it was typed after a hand the table no longer "
                "has as its last."
            )
            % values
        )
    return _("Hand %(number)s was not saved: the next hand is hand %(next)s.") % values
