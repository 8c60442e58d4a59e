"""Admin registrations for the tournaments app."""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

admin.site.site_header = _("Ramiscore administration")
admin.site.site_title = _("Ramiscore administration")
admin.site.index_title = _("Club data")
