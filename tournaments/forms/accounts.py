"""The login form: Django's own, with the user name found whatever its case."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm

# More accounts than this share a name in some case only by mistake: one is enough to refuse.
MOST_SPELLINGS = 10


class AnyCaseLoginForm(AuthenticationForm):
    """ "Claire" or "CLAIRE" logs in as claire, as a volunteer expects. The name is written as
    the account spells it before the password is checked, so that django-axes counts every
    spelling's wrong passwords together (one lockout per account, not one per case). Should
    two accounts differ only by case (`clubs.services.new_organiser` now refuses it), the
    exact spelling is needed."""

    def clean_username(self) -> str:
        typed = self.cleaned_data["username"]
        model = get_user_model()
        field = model.USERNAME_FIELD
        spellings = list(
            model._default_manager.filter(**{f"{field}__iexact": typed}).values_list(
                field, flat=True
            )[:MOST_SPELLINGS]
        )
        if typed in spellings or len(spellings) != 1:
            return typed
        return spellings[0]
