"""The organiser's guide: the evening from setting up the laptop to printing the results
(docs/guide-organisateur.md), linked from every page's footer. In French, the clubs'
language, whatever the page's."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.web.guide import guide_html
from tournaments.web.permissions import public_view


@require_GET
@public_view
def guide(request: HttpRequest) -> HttpResponse:
    return render(request, "public/guide.html", {"guide": guide_html()})
