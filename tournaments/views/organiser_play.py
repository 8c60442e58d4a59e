"""Organiser actions on an event's rounds and tables (all POST, then back to the event page;
its players are in organiser_players). Destructive ones show a confirmation page first (GET),
which works without JavaScript."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.clubs.permissions import Can
from tournaments.events.services.rounds import (
    close_round,
    open_round,
    planned_rounds_played,
    reseat_round,
    seat_by_hand,
    seating_method_for,
    seating_players,
)
from tournaments.forms.organiser import (
    OpenRoundForm,
    SeatByHandForm,
    SeatingBoxes,
)
from tournaments.models import Event, Game, Round
from tournaments.play.services.entry import close_game, reopen_game
from tournaments.play.services.links import renew_table_link, set_table_link
from tournaments.rules import PRESETS
from tournaments.seating import SeatingError, split_into_tables
from tournaments.views.pending import ROUND, TABLE, pending_page
from tournaments.web.feedback import act_and_tell, tell_problems
from tournaments.web.permissions import event_view
from tournaments.words.names import by_name

MAX_TABLES_BY_HAND = 60


def _back(event: Event, anchor: str = "", **query) -> HttpResponse:
    url = reverse("organiser:event", kwargs={"event_id": event.id})
    if query:
        url += "?" + "&".join(f"{key}={value}" for key, value in query.items())
    return redirect(url + (f"#{anchor}" if anchor else ""))


@require_POST
@event_view(Can.RUN_ROUNDS)
def new_round(request: HttpRequest, event: Event) -> HttpResponse:
    """Seat the next round by a seating method (random at a club night)."""
    form = OpenRoundForm(request.POST)
    if not form.is_valid():
        return HttpResponse(_("Unknown seating method."), status=400)
    method = seating_method_for(event, form.cleaned_data["method"])
    try:
        round_ = open_round(event=event, method=method, further=form.cleaned_data["further"])
    except ValidationError as error:
        tell_problems(request, error)
        return _back(event, "rounds")
    messages.success(request, _("Round %(number)s is seated.") % {"number": round_.number})
    return _back(event, "rounds")


@require_GET
@event_view(Can.RUN_ROUNDS)
def further_round(request: HttpRequest, event: Event) -> HttpResponse:
    """After a tournament's planned rounds: the page that asks before seating one more (its
    form posts to new_round, saying the round is wanted)."""
    latest = event.rounds.order_by("-number").first()
    if latest is None or not planned_rounds_played(event, latest):
        return _back(event, "rounds")
    number = latest.number + 1
    context = {
        "event": event,
        "title": FURTHER_ROUND % {"number": number},
        "number": number,
        "open_form": OpenRoundForm(initial={"method": seating_method_for(event), "further": True}),
    }
    return render(request, "organiser/confirm/further_round.html", context)


@require_http_methods(["GET", "POST"])
@event_view(Can.RUN_ROUNDS)
def seat_round_by_hand(request: HttpRequest, event: Event) -> HttpResponse:
    """Seat the next round as the organiser writes it: a name per line, a box per table, and
    a box for who sits out (the odd player of a two-player game)."""
    players = sorted(seating_players(event), key=lambda p: by_name(p.name))
    preset = PRESETS[event.variant]
    tables = _table_count(request, len(players), preset)
    boxes = SeatingBoxes(tables=tables, players=players, bye_points=event.bye_points)
    if "add_table" in request.POST:
        # Another box, keeping what was typed: a step, not a submission.
        boxes["tables"] = tables = min(tables + 1, MAX_TABLES_BY_HAND)
        form = SeatByHandForm(initial=request.POST.dict(), **boxes)
    elif request.method == "POST":
        form = SeatByHandForm(request.POST, **boxes)
    else:
        # A start to edit: the present players in order, in tables of suitable sizes; whoever
        # is left over sits out.
        form = SeatByHandForm(initial=_suggested_tables(players, preset), **boxes)
    if request.method == "POST" and form.is_bound and form.is_valid():
        try:
            round_ = seat_by_hand(event=event, tables=form.tables, byes=form.byes)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Round %(number)s is seated.") % {"number": round_.number})
            return _back(event, "rounds")
    context = {
        "event": event,
        "form": form,
        "players": players,
        "tables": tables,
        "open_round": event.rounds.open().order_by("-number").first(),
        "low": preset.min_players,
        "high": preset.max_players,
    }
    return render(
        request, "organiser/seat_by_hand.html", context, status=400 if form.errors else 200
    )


def _suggested_tables(players: list, preset) -> dict[str, str]:
    try:
        sizes = split_into_tables(len(players), preset.table_sizes(), preset.preferred_table_size)
    except SeatingError:
        return {}
    initial, start = {}, 0
    for number, size in enumerate(sizes, start=1):
        initial[f"table_{number}"] = "\n".join(p.name for p in players[start : start + size])
        start += size
    # Two-player tables and an odd count: the split leaves the last player out.
    initial[SeatByHandForm.BYES] = "\n".join(p.name for p in players[start:])
    return initial


def _table_count(request: HttpRequest, players: int, preset) -> int:
    """How many boxes: as asked (?tables=), else what a random seating would use, plus one."""
    asked = request.POST.get("tables") or request.GET.get("tables")
    if asked and asked.isdigit():
        return max(1, min(int(asked), MAX_TABLES_BY_HAND))
    try:
        sizes = split_into_tables(players, preset.table_sizes(), preset.preferred_table_size)
    except SeatingError:
        sizes = []
    return min(len(sizes) + 1, MAX_TABLES_BY_HAND)


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number)


def _game(event: Event, game_id: int) -> Game:
    return get_object_or_404(Game.objects.select_related("round"), pk=game_id, event=event)


@dataclass(frozen=True)
class Question:
    """What the confirmation page asks before a destructive action. The title (with the
    %(number)s of a round or the %(table)s of a table) also heads the page of waiting hands;
    what the action does and its button are in templates/organiser/confirm/<template>.html."""

    title: Promise
    template: str
    waiting: bool = False  # refused while hands wait for confirmation: its page lists them


RESEAT = Question(gettext_lazy("Seat round %(number)s again?"), "reseat")
CLOSE_ROUND = Question(gettext_lazy("Close round %(number)s?"), "close_round", waiting=True)
CLOSE_TABLE = Question(gettext_lazy("Close table %(table)s?"), "close_table", waiting=True)
RENEW_LINK = Question(gettext_lazy("New link for table %(table)s?"), "renew_link")
FURTHER_ROUND = gettext_lazy("Seat round %(number)s, after the planned rounds?")


def _confirm_then_act(
    request: HttpRequest,
    event: Event,
    ask: Question,
    act: Callable[[], object],
    done: Promise,
    anchor: str,
    **values: object,
) -> HttpResponse:
    """GET: the page that asks first (its form posts back to the same URL, and works without
    JavaScript). POST: `act`, which may raise ValidationError, then the message `done`; back
    to the event page. The question's title and `done` take the same `values`."""
    if request.method == "GET":
        context = {"event": event, "title": ask.title % values}
        return render(request, f"organiser/confirm/{ask.template}.html", context)

    def act_then_say() -> str:
        act()
        return done % values

    if not act_and_tell(request, act_then_say) and ask.waiting:
        # Refused (a hand waits, say): this page again, which lists what is in the way.
        return redirect(request.path)
    return _back(event, anchor)


@require_http_methods(["GET", "POST"])
@event_view(Can.RUN_ROUNDS)
def reseat(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Seat a round again, before its first hand: its tables are replaced."""
    act = partial(reseat_round, round_=_round(event, number))
    done = gettext_lazy("Round %(number)s is seated again.")
    return _confirm_then_act(request, event, RESEAT, act, done, "rounds", number=number)


@require_http_methods(["GET", "POST"])
@event_view(Can.RUN_ROUNDS)
def end_round(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Time is up: unfinished games end with their totals as they stand. Hands waiting for
    confirmation are confirmed or discarded first (the page lists them)."""
    round_ = _round(event, number)
    if request.method == "GET" and not round_.is_closed:
        title = CLOSE_ROUND.title % {"number": number}
        waiting = pending_page(request, event, round_.games.all(), title, ROUND)
        if waiting is not None:
            return waiting
    if request.method == "POST" and round_.is_closed:  # asked again, from a second laptop
        messages.info(request, _("This round is already closed."))
        return _back(event, "rounds")
    act = partial(close_round, round_=round_)
    done = gettext_lazy("Round %(number)s is closed.")
    return _confirm_then_act(request, event, CLOSE_ROUND, act, done, "rounds", number=number)


@require_http_methods(["GET", "POST"])
@event_view(Can.KEEP_SCORE)
def end_game(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    """Close one table early; its totals stand, the winner and prizes follow. Hands waiting
    for confirmation are confirmed or discarded first (the page lists them)."""
    game = _game(event, game_id)
    if request.method == "GET":
        title = CLOSE_TABLE.title % {"table": game.table_number}
        waiting = pending_page(request, event, [game], title, TABLE)
        if waiting is not None:
            return waiting
    act = partial(close_game, game=game, user=request.user)
    done = gettext_lazy("Table %(table)s is closed.")
    return _confirm_then_act(
        request, event, CLOSE_TABLE, act, done, f"table-{game.id}", table=game.table_number
    )


@require_POST
@event_view(Can.KEEP_SCORE)
def resume_game(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    game = _game(event, game_id)
    try:
        reopen_game(game=game, user=request.user)
    except ValidationError as error:
        tell_problems(request, error)
    else:
        messages.success(
            request, _("Table %(table)s is open again.") % {"table": game.table_number}
        )
    return _back(event, f"table-{game.id}")


@require_POST
@event_view(Can.TABLE_LINKS)
def table_link(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    """Turn a table's private link on or off."""
    game = _game(event, game_id)
    enabled = request.POST.get("enabled") == "1"
    set_table_link(game=game, enabled=enabled)
    if enabled:
        messages.success(
            request, _("The link of table %(table)s works again.") % {"table": game.table_number}
        )
    else:
        messages.success(
            request, _("The link of table %(table)s is off.") % {"table": game.table_number}
        )
    return _back(event, f"table-{game.id}")


@require_http_methods(["GET", "POST"])
@event_view(Can.TABLE_LINKS)
def renew_link(request: HttpRequest, event: Event, game_id: int) -> HttpResponse:
    """A new private link for a table: the old one and its QR code stop working."""
    game = _game(event, game_id)
    act = partial(renew_table_link, game=game)
    done = gettext_lazy("Table %(table)s has a new link.")
    return _confirm_then_act(
        request, event, RENEW_LINK, act, done, f"table-{game.id}", table=game.table_number
    )
