"""What an organiser's action tells him on the next page: what it did, or each reason it was
refused (the services raise ValidationError with translated messages)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest


def tell_problems(request: HttpRequest, error: ValidationError) -> None:
    """Each reason of a refusal, as its own message."""
    for message in error.messages:
        messages.error(request, message)


def act_and_tell(request: HttpRequest, act: Callable[[], str]) -> bool:
    """Do `act`, which says what it did ("" if there is nothing to add) or raises
    ValidationError; tell the organiser either way. True when it was done."""
    try:
        done = act()
    except ValidationError as error:
        tell_problems(request, error)
        return False
    if done:
        messages.success(request, done)
    return True
