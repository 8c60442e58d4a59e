"""Season pages: the standings (sortable, CSV, XLSX, PDF), a club member's page, and the
organiser's pages to create and change a season (his club's only)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.clubs.permissions import Can
from tournaments.clubs.selectors.roles import allowed
from tournaments.edits import services as edits
from tournaments.edits.display import meanwhile_lines
from tournaments.edits.services import EditConflict
from tournaments.forms.seasons import SeasonForm
from tournaments.models import Club, Player, Season
from tournaments.ranking.ratings import START, shown_rating
from tournaments.seasons.display.rating_chart import rating_chart_svg
from tournaments.seasons.display.standings import (
    final_place_text,
    night_season_points,
    rule_lines,
    season_table,
    table_place_text,
)
from tournaments.seasons.selectors.players import club_player
from tournaments.seasons.selectors.standings import season_standings
from tournaments.seasons.services import save_season
from tournaments.sheets import catalogue
from tournaments.sheets.season import season_pdf
from tournaments.sheets.versions import season_fingerprint
from tournaments.web.downloads import standings_page
from tournaments.web.pdfs import pdf_response
from tournaments.web.permissions import club_view, public_view, season_view
from tournaments.words.formats import signed


def _season_or_404(season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), pk=season_id)


@require_GET
@public_view
def standings(request: HttpRequest, season_id: int) -> HttpResponse:
    """The season's standings and its rule; `?_export=csv|xlsx` downloads them."""
    season = _season_or_404(season_id)
    found = season_standings(season)
    table = season_table(found)
    context = {
        "season": season,
        "standings": found,
        "rules": rule_lines(season),
        # What the visitor may do about the season (change it, see its money): one query.
        "can": allowed(request.user, club_id=season.club_id),
    }
    return standings_page(request, table, season.name, "season/standings.html", context)


@require_GET
@public_view
def standings_pdf(request: HttpRequest, season_id: int) -> HttpResponseBase:
    """The season's standings on A4, for the club's wall, in the reader's language: rendered
    once per version of the club's results and per language."""
    found = season_fingerprint(season_id)
    if found is None:
        raise Http404(_("There is no such season."))
    language = translation.get_language() or "fr"

    def render() -> bytes:
        return season_pdf(_season_or_404(season_id), language=language)

    wanted = catalogue.season(season_id, found, language=language)
    return pdf_response(request, wanted, render, found["name"] or "season")


@require_GET
@public_view
def player(request: HttpRequest, player_id: int) -> HttpResponse:
    """A club member: his rating and its history, his seasons, every night he played."""
    member = get_object_or_404(Player.objects.select_related("club"), pk=player_id)
    card = club_player(member)
    start = shown_rating(*START)
    context = {
        "card": card,
        "chart": rating_chart_svg(card.rating.history, start=start),
        "start": start,
        "recent": [(point, signed(point.change)) for point in reversed(card.rating.history[-10:])],
        "nights": [
            {
                "night": night,
                "places": [table_place_text(table) for table in night.tables]
                if not night.event.is_tournament
                else [final_place_text(place) for place in night.entry.places],
                "seasons": night_season_points(night.event.pk, card.seasons),
            }
            for night in card.nights
        ],
    }
    return render(request, "season/player.html", context)


@require_http_methods(["GET", "POST"])
@club_view(Can.RUN_SEASONS)
def new_season(request: HttpRequest, club: Club) -> HttpResponse:
    return _season_form(request, club, None)


@require_http_methods(["GET", "POST"])
@season_view(Can.RUN_SEASONS)
def edit_season(request: HttpRequest, season: Season) -> HttpResponse:
    return _season_form(request, season.club, season)


def _season_form(request: HttpRequest, club: Club, season: Season | None) -> HttpResponse:
    """The season's form; a change from a page that no longer shows the season as it is is
    refused, with what changed meanwhile."""
    if request.method == "GET":
        initial = SeasonForm.initial_for(season) if season else {}
        form = SeasonForm(initial=initial, club=club, season=season)
        return _render_season(request, club, season, form)
    form = SeasonForm(request.POST, club=club, season=season)
    if form.is_valid():
        data = form.cleaned_data
        try:
            saved = save_season(
                club=club,
                season=season,
                name=data["name"],
                starts_on=data["starts_on"],
                ends_on=data["ends_on"],
                scoring=data["scoring"],
                points_scale=data["points_scale"],
                best_of=data["best_of"],
                events=list(data["events"]),
                seen=data.get("seen"),
                user=request.user,
            )
        except EditConflict as conflict:
            return _season_conflict(request, club, season, form, conflict)
        except ValidationError as error:
            for field, problems in error.message_dict.items():
                form.add_error(field if field in form.fields else None, problems)
        else:
            messages.success(request, _("Season saved."))
            return redirect("season:standings", season_id=saved.pk)
    return _render_season(request, club, season, form, status=400)


def _season_conflict(request, club, season, form, conflict: EditConflict) -> HttpResponse:
    """The season as it is now with this organiser's changes on top, and what changed."""
    now = Season.objects.get(pk=season.pk)
    mine = edits.edited(form.cleaned_data["seen"], form.values())
    initial = {**SeasonForm.initial_for(now), **mine}
    fresh = SeasonForm(initial=initial, club=club, season=now)
    lines = meanwhile_lines(form, conflict.meanwhile)
    context = {"conflict": {"message": conflict.messages[0], "lines": lines}}
    return _render_season(request, club, now, fresh, status=409, **context)


def _render_season(request, club, season, form, status: int = 200, **extra) -> HttpResponse:
    context = {"form": form, "club": club, "season": season, **extra}
    return render(request, "season/form.html", context, status=status)
