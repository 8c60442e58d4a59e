"""The API's readable page (/api/v1/docs): its OpenAPI document laid out by Redoc."""

from __future__ import annotations

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from tournaments.web.permissions import public_view


# Redoc styles its layout with <style> elements it writes, and searches in a worker it
# makes from a blob: this page alone allows both.
@public_view
@csp_update({"style-src": [UNSAFE_INLINE], "worker-src": ["blob:"]})
@require_safe
def docs(request: HttpRequest) -> HttpResponse:
    return render(request, "api/docs.html", {"schema_url": reverse("api-1:openapi-json")})
