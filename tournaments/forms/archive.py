"""The upload of an event archive (docs/archive.md): the file, the club it goes to, and a new
name if the club already has an event of that name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from tournaments.archive.services.read import parse_archive_text
from tournaments.events.services.events import plain_name
from tournaments.forms.edits import HiddenErrorsShown
from tournaments.models import Club, Event

# An evening of 500 tables with every hand's history is about 15 MB.
MAX_ARCHIVE_BYTES = 20_000_000


class ArchiveUploadForm(HiddenErrorsShown, forms.Form):
    file = forms.FileField(label=_("Event archive (.ramiscore.json)"))
    # Hidden when the organiser has one club: a value tampered with is said at the top.
    club = forms.ModelChoiceField(
        label=_("Club"),
        queryset=Club.objects.none(),
        empty_label=None,
        error_messages={
            "invalid_choice": _(
                "This club is not one of yours: an archive is imported into a club you organise."
            )
        },
    )
    rename = forms.CharField(
        label=_("New name"),
        required=False,
        max_length=Event._meta.get_field("name").max_length,
        validators=[plain_name],
        help_text=_("Only if the club already has an event of the archive's name."),
    )

    def __init__(self, *args, clubs: QuerySet[Club], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        club = self.fields["club"]
        assert isinstance(club, forms.ModelChoiceField)  # declared above
        club.queryset = clubs
        if len(clubs) == 1:
            self.fields["club"].widget = forms.HiddenInput()
            self.initial.setdefault("club", clubs[0].pk)

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_ARCHIVE_BYTES:
            raise forms.ValidationError(
                _("This file is too large: an event archive is at most %(limit)s.")
                % {"limit": filesizeformat(MAX_ARCHIVE_BYTES)}
            )
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("This file is not a text file.")) from None
        # Not JSON, or nested too deep: one message, as the command line gives it.
        self.cleaned_data["document"] = parse_archive_text(text)
        return upload
