"""The tie-breaks of a tournament, chosen from the registry with their explanation: each one has
a numbered select ("not used", 1, 2, 3…) saying where it comes in the order. Plain selects
work without JavaScript and on a phone; the stored value stays the ordered list of keys."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.template.loader import render_to_string
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.ranking import TIE_BREAKS
from tournaments.words.tie_breaks import tie_break_explanation, tie_break_label


def order_choices() -> list[tuple[str, str | Promise]]:
    return [("", _("not used")), *((str(n), str(n)) for n in range(1, len(TIE_BREAKS) + 1))]


def numbers(value: Sequence[str] | None) -> list[str]:
    """The stored keys, in order → each tie-break's number ("" when not used)."""
    value = list(value or [])
    return [str(value.index(key) + 1) if key in value else "" for key in TIE_BREAKS]


class TieBreakOrderWidget(forms.MultiWidget):
    """One select per tie-break (named `<name>_<key>`), each with its label and explanation."""

    template_name = "organiser/_tie_breaks_widget.html"
    use_fieldset = True  # the field's label is the legend of the group

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        widgets: dict[str, forms.Widget | type[forms.Widget]] = {
            key: forms.Select(choices=order_choices()) for key in TIE_BREAKS
        }
        super().__init__(widgets, attrs)

    def decompress(self, value: list[str] | None) -> list[str]:
        return numbers(value)

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict:
        context = super().get_context(name, value, attrs)
        rows = []
        subwidgets = context["widget"]["subwidgets"]
        for tie_break, widget, sub in zip(
            TIE_BREAKS.values(), self.widgets, subwidgets, strict=True
        ):
            sub_id = sub["attrs"].get("id", sub["name"])
            sub_attrs = {**sub["attrs"], "aria-describedby": f"{sub_id}-why"}
            selected = sub["value"][0] if sub["value"] else ""
            rows.append(
                {
                    "id": sub_id,
                    "label": capfirst(tie_break_label(tie_break.key)),
                    "explanation": tie_break_explanation(tie_break.key),
                    "select": widget.render(sub["name"], selected, sub_attrs),
                }
            )
        context["widget"]["rows"] = rows
        return context

    def render(self, name: str, value: Any, attrs=None, renderer=None) -> SafeString:
        # The project's templates, where the site's own partials live.
        context = self.get_context(name, value, attrs)
        return SafeString(render_to_string(self.template_name, context))


class TieBreaksField(forms.MultiValueField):
    """The ordered tie-breaks: numbers 1, 2, 3… among the registry's, gaps allowed."""

    widget = TieBreakOrderWidget

    def __init__(self, **kwargs) -> None:
        fields = [forms.ChoiceField(choices=order_choices(), required=False) for _key in TIE_BREAKS]
        kwargs.setdefault("required", False)
        super().__init__(fields, require_all_fields=False, **kwargs)

    def value_labels(self) -> dict[str, str]:
        """Each stored key's label, for a page that names a stored list of them."""
        return {key: capfirst(tie_break.label) for key, tie_break in TIE_BREAKS.items()}

    def prepare_value(self, value: Any) -> Any:
        # The stored list of keys (an initial value) becomes the numbers the selects show;
        # posted numbers stay as they were typed.
        if isinstance(value, list | tuple) and all(item in TIE_BREAKS for item in value):
            return numbers(value)
        return value

    def compress(self, data_list: list[str]) -> list[str]:
        numbered = [(int(n), key) for key, n in zip(TIE_BREAKS, data_list, strict=False) if n]
        seen: dict[int, str] = {}
        for number, key in numbered:
            if number in seen:
                raise forms.ValidationError(
                    gettext(
                        "%(first)s and %(second)s both have number %(number)s: give each "
                        "tie-break its own number."
                    )
                    % {
                        "first": capfirst(tie_break_label(seen[number])),
                        "second": tie_break_label(key),
                        "number": number,
                    }
                )
            seen[number] = key
        return [key for _number, key in sorted(numbered)]
