"""The API, version 1 (`/api/v1/`): its routers, how refusals read, and its OpenAPI document
(`/api/v1/openapi.json`, read at `/api/v1/docs`). Built with Django Ninja: typed schemas that
the OpenAPI document comes from, plain functions like the site's views (docs/api.md says why
it was chosen over Django REST framework)."""

from __future__ import annotations

import math

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, Throttled
from ninja.errors import ValidationError as SchemaError

from tournaments.api import reads, writes
from tournaments.api.access import READERS, TokenRateThrottle, keep_answer
from tournaments.play.services.entry import HandConflict
from tournaments.rules import RulesError


class Api(NinjaAPI):
    """Django Ninja's API, which keeps what it rendered for a reader without a token (the
    answer is the same for the next one: access.keep_answer)."""

    def create_response(self, request: HttpRequest, data, **kwargs) -> HttpResponse:
        response = super().create_response(request, data, **kwargs)
        keep_answer(request, response)
        return response


api = Api(
    title="Ramiscore API",
    version="1",
    description=(
        "Everything the public pages of a club show, read-only without a token; with an "
        "organiser's token, the club's private data (read), hand entry (enter) and seating "
        "(organise). See the site's docs/api.md for tokens, webhooks and their signatures."
    ),
    urls_namespace="api-1",
    auth=READERS,
    throttle=[TokenRateThrottle()],
    docs_url=None,  # the readable page is ours (views/api_docs.py): the site's CSP allows it
)
api.add_router("", reads.router)
api.add_router("", writes.router)


def _problem(request: HttpRequest, status: int, detail: str, problems: list[str] | None = None):
    return api.create_response(
        request, {"detail": detail, "problems": problems or []}, status=status
    )


@api.exception_handler(Http404)
def not_found(request: HttpRequest, error: Http404) -> HttpResponse:
    return _problem(request, 404, _("There is no such thing here."))


@api.exception_handler(AuthenticationError)
def unauthenticated(request: HttpRequest, error: AuthenticationError) -> HttpResponse:
    response = _problem(request, 401, _("This token is unknown, expired or revoked."))
    response["WWW-Authenticate"] = "Bearer"
    return response


@api.exception_handler(PermissionDenied)
def refused(request: HttpRequest, error: PermissionDenied) -> HttpResponse:
    return _problem(request, 403, str(error) or _("This is not allowed."))


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, error: HttpError) -> HttpResponse:
    return _problem(request, error.status_code, str(error))


@api.exception_handler(Throttled)
def throttled(request: HttpRequest, error: Throttled) -> HttpResponse:
    wait = max(1, math.ceil(error.wait or 1))
    response = _problem(
        request,
        429,
        _("Too many requests: wait %(seconds)s seconds before asking again.") % {"seconds": wait},
    )
    response["Retry-After"] = str(wait)
    return response


@api.exception_handler(ValidationError)
def invalid(request: HttpRequest, error: ValidationError) -> HttpResponse:
    return _problem(request, 400, _("The request was refused."), list(error.messages))


@api.exception_handler(RulesError)
def against_the_rules(request: HttpRequest, error: RulesError) -> HttpResponse:
    problems = [problem.where(_) + problem.text(_) for problem in error.problems]
    return _problem(request, 400, _("The rules refuse this hand."), problems)


@api.exception_handler(SchemaError)
def malformed(request: HttpRequest, error: SchemaError) -> HttpResponse:
    problems = [
        f"{'.'.join(str(part) for part in each.get('loc', ()))}: {each.get('msg', '')}"
        for each in error.errors
    ]
    return _problem(request, 422, _("The request's data is not what this takes."), problems)


@api.exception_handler(HandConflict)
def taken(request: HttpRequest, error: HandConflict) -> HttpResponse:
    return _problem(
        request,
        409,
        _("Hand %(number)s is the next one to enter: another entry got there first.")
        % {"number": error.expected},
    )
