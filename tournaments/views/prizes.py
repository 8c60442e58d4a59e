"""Organiser pages for prizes: a tournament's categories (added one form each, changed,
removed after a confirmation, reordered) with who wins what so far; and a club member's
details the categories read (gender, birth: personal data, for those who may see it; the
members' list is the privacy page's, people:members)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.clubs.permissions import Can
from tournaments.forms.prizes import CategoryForm, PlayerFactsForm
from tournaments.models import Club, Event, Player, PrizeCategory
from tournaments.prizes.display import (
    allocation_rules,
    category_name,
    prize_lines,
    prize_text,
    who_is_in,
)
from tournaments.prizes.services import (
    change_player_facts,
    clubs_for,
    delete_category,
    move_category,
    named_players,
    save_category,
)
from tournaments.standings.selectors import event_results
from tournaments.web.feedback import tell_problems
from tournaments.web.permissions import club_view, event_view


def _category_form(event: Event, *args, **kwargs) -> CategoryForm:
    clubs = Club.objects.filter(pk__in=clubs_for(event)).order_by("name")
    return CategoryForm(*args, clubs=clubs, **kwargs)


def _save(request: HttpRequest, event: Event, form: CategoryForm, category=None) -> bool:
    """The form's category saved (True), or its problems added to the form."""
    data = form.cleaned_data
    try:
        players = named_players(club=event.club, names=form.player_names())
        save_category(
            event=event,
            category=category,
            name=data["name"],
            kind=data["kind"],
            prizes=data["prizes"],
            age_from=data["age_from"],
            age_under=data["age_under"],
            reference_date=data["reference_date"],
            club=data["club"],
            rating_from=data["rating_from"],
            rating_under=data["rating_under"],
            players=players,
            user=request.user,
            reason=data["reason"],
        )
    except ValidationError as error:
        form.add_error(None, error)
        return False
    return True


@require_http_methods(["GET", "POST"])
@event_view(Can.CHANGE_EVENT)
def categories(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's categories, how prizes are given, who wins what so far; a category added
    in one submission."""
    form = _category_form(event, request.POST or None)
    if request.method == "POST" and form.is_valid() and _save(request, event, form):
        messages.success(request, _("Prize category added."))
        return redirect("organiser:prizes", event_id=event.id)
    results = event_results(event)
    context = {
        "event": event,
        "form": form,
        "categories": [
            (category, category_name(category), who_is_in(category), _prizes(category))
            for category in results.prizes.categories
        ],
        "rules": allocation_rules(event),
        "lines": prize_lines(results.prizes, results.rows),
        "members_url": reverse("people:members", kwargs={"club_id": event.club_id}),
    }
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "organiser/prizes.html", context, status=status)


def _prizes(category: PrizeCategory) -> list[str]:
    return [prize_text(prize) for prize in category.prizes]


def _category(event: Event, category_id: int) -> PrizeCategory:
    return get_object_or_404(
        PrizeCategory.objects.select_related("club"), pk=category_id, event=event
    )


@require_http_methods(["GET", "POST"])
@event_view(Can.CHANGE_EVENT)
def edit_category(request: HttpRequest, event: Event, category_id: int) -> HttpResponse:
    """Change a category; why is asked, and kept."""
    category = _category(event, category_id)
    if request.method == "POST":
        form = _category_form(event, request.POST, editing=True)
        if form.is_valid() and _save(request, event, form, category):
            messages.success(request, _("Prize category saved."))
            return redirect("organiser:prizes", event_id=event.id)
    else:
        form = _category_form(event, initial=CategoryForm.initial_for(category), editing=True)
    context = {"event": event, "form": form, "category": category}
    status = 400 if form.is_bound else 200
    return render(request, "organiser/prize_category.html", context, status=status)


@require_http_methods(["GET", "POST"])
@event_view(Can.CHANGE_EVENT)
def remove_category(request: HttpRequest, event: Event, category_id: int) -> HttpResponse:
    """Asks first, with why; then removes the category."""
    category = _category(event, category_id)
    if request.method == "POST":
        try:
            delete_category(
                category=category, reason=request.POST.get("reason", ""), user=request.user
            )
        except ValidationError as error:
            tell_problems(request, error)
            return redirect(request.path)
        messages.success(request, _("Prize category removed."))
        return redirect("organiser:prizes", event_id=event.id)
    context = {"event": event, "category": category, "name": category_name(category)}
    return render(request, "organiser/prize_category_remove.html", context)


@require_POST
@event_view(Can.CHANGE_EVENT)
def reorder_category(request: HttpRequest, event: Event, category_id: int) -> HttpResponse:
    move_category(category=_category(event, category_id), up=request.POST.get("to") == "up")
    return redirect(reverse("organiser:prizes", kwargs={"event_id": event.id}) + "#categories")


@require_http_methods(["GET", "POST"])
@club_view(Can.PERSONAL_DATA)
def member(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """A member's gender and birth, for the prize categories; back to where the organiser
    came from (`next`, an address of this site) once saved."""
    player = get_object_or_404(Player, pk=player_id, club=club)
    back = request.POST.get("next") or request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = ""
    form = PlayerFactsForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            change_player_facts(
                player=Player.objects.get(pk=player.pk),
                gender=data["gender"],
                birth_date=data["birth_date"],
                birth_year=data["birth_year"],
                user=request.user,
                reason=data["reason"],
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("%(player)s's details saved.") % {"player": player.name})
            return redirect(back or reverse("people:members", kwargs={"club_id": club.id}))
    context = {"club": club, "player": player, "form": form, "next": back}
    status = 400 if form.is_bound else 200
    return render(request, "organiser/member.html", context, status=status)
