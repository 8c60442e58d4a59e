"""A hand typed while the Wi-Fi is down: the phone keeps it and sends it again once the
connection is back (static/js/offline.js), with the same id each time so that it is stored
once (`record_hand`'s `idempotency_key`).

Without JavaScript nothing changes: the form posts and the page answers as always. The page's
sender asks for JSON: a saved hand then answers where to go next instead of redirecting, so
that the next page still shows "Hand 3 saved."; refusals and conflicts answer the page itself.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect

from tournaments.forms.entry import ENTRY_KEY
from tournaments.play.display.conflict import ConflictView


def wants_json(request: HttpRequest) -> bool:
    """Whether the page's own sender posted, rather than the browser's form."""
    return request.headers.get("Accept", "").startswith("application/json")


def saved(request: HttpRequest, number: int, url: str) -> HttpResponse:
    """The answer to a saved hand (stored now or by an earlier send of the same entry): the
    entry page, by redirect for a form, as its address for the page's sender."""
    if wants_json(request):
        return JsonResponse({"saved": number, "next": url})
    return redirect(url)


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
