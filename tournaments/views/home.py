"""Pages of the tournaments app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Say what Ramiscore is and link to what an organiser can use."""
    return render(request, "home.html")
