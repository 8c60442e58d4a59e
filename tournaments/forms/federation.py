"""A federation official's forms: the member list to import, and the players to merge."""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

MOST_BYTES = 10 * 1024 * 1024  # a member list of 50,000 rows is about 3 MB


class MemberListForm(forms.Form):
    file = forms.FileField(
        label=_("Member list"),
        help_text=_(
            "CSV or XLSX, first line naming the columns: licence, name, club, and if you have "
            "them birth year and category."
        ),
    )

    def clean_file(self) -> UploadedFile:
        upload = self.cleaned_data["file"]
        if upload.size > MOST_BYTES:
            raise forms.ValidationError(_("The file is larger than 10 MB: is it the member list?"))
        return upload


class MergeForm(forms.Form):
    players = forms.CharField(
        label=_("Players"),
        help_text=_("Their numbers, as the search shows them, separated by commas."),
    )

    def clean_players(self) -> list[int]:
        numbers = [part.strip() for part in self.cleaned_data["players"].split(",") if part.strip()]
        if not all(number.isdigit() and len(number) < 18 for number in numbers):
            raise forms.ValidationError(_("Give the players' numbers, separated by commas."))
        return sorted({int(number) for number in numbers})
