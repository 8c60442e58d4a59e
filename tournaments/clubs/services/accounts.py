"""Accounts on Django's own auth: made by `manage.py add_organiser`, by a person accepting an
invitation, or by signing up on a hosted site (SIGNUP_OPEN), where the account works once
its e-mail address is confirmed by a link valid PASSWORD_RESET_TIMEOUT seconds."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _


def new_organiser(*, username: str, email: str = "") -> User:
    """An account not saved yet, its name and e-mail checked (ValidationError)."""
    model = get_user_model()
    user = model(username=username.strip(), email=email.strip())
    # The password is checked apart (validate_password), once the name is known.
    user.full_clean(exclude=["password"])
    taken = model._default_manager.filter(username__iexact=user.username).first()
    if taken is not None:
        # A user name logs in whatever its case (forms.accounts): "Claire" is claire's.
        raise ValidationError(
            _("The user name %(name)s is taken (user names ignore case).")
            % {"name": taken.username}
        )
    return user


def create_organiser(*, username: str, password: str, email: str = "") -> User:
    """A new account that can log in; he joins a club with make_organiser or an invitation,
    or creates his own from the dashboard."""
    with transaction.atomic():
        user = new_organiser(username=username, email=email)
        validate_password(password, user)
        user.set_password(password)
        user.save()
    return user


class SignUpTokens(PasswordResetTokenGenerator):
    """Django's password-reset tokens, salted apart: a link stops working once the account
    is active (or its address changes), and after PASSWORD_RESET_TIMEOUT."""

    key_salt = "ramiscore.sign-up"

    def _make_hash_value(self, user, timestamp: int) -> str:
        return f"{user.pk}{user.is_active}{user.email}{timestamp}"


sign_up_tokens = SignUpTokens()


def sign_up(*, username: str, email: str, password: str, link: Callable[[str, str], str]) -> None:
    """An account that waits for its e-mail address to be confirmed: the link (`link(uid,
    token)`) is mailed to it. An address that an account already uses gets a note saying so
    instead, and the page says the same either way: nobody learns whose address it is."""
    email = email.strip()
    if not email:
        raise ValidationError(_("Give your e-mail address: the link to confirm it is sent there."))
    users = get_user_model().objects
    with transaction.atomic():
        # Sign-ups never confirmed make way for a new one with the same name or address.
        stale = users.filter(is_active=False, last_login=None)
        stale.filter(username__iexact=username.strip()).delete()
        stale.filter(email__iexact=email).delete()
        if users.filter(email__iexact=email).exists():
            user = None
        else:
            user = new_organiser(username=username, email=email)
            validate_password(password, user)
            user.set_password(password)
            user.is_active = False
            user.save()
    if user is None:
        _mail(email, "registration/sign_up_taken_email.txt", {"email": email})
        return
    url = link(urlsafe_base64_encode(force_bytes(user.pk)), sign_up_tokens.make_token(user))
    _mail(email, "registration/sign_up_email.txt", {"user": user, "url": url})


def _mail(address: str, template: str, context: dict) -> None:
    subject = _("Your Ramiscore account")
    send_mail(subject, render_to_string(template, context), settings.DEFAULT_FROM_EMAIL, [address])


def confirm_sign_up(*, uid: str, token: str):
    """The account whose address the link confirms, now active; ValidationError when the
    link is wrong, used or too old."""
    try:
        pk = urlsafe_base64_decode(uid).decode()
        user = get_user_model().objects.get(pk=pk)
    except (ValueError, TypeError, OverflowError, get_user_model().DoesNotExist):
        user = None
    if user is None or not sign_up_tokens.check_token(user, token):
        raise ValidationError(
            _("This link is not valid any more: it was used, or is too old. Sign up again.")
        )
    user.is_active = True
    user.save(update_fields=["is_active"])
    return user
