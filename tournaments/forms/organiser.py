"""Organiser forms: club, event, rules, players, seating by hand, game-file import."""

from __future__ import annotations

from typing import Any, TypedDict

from django import forms
from django.db.models import QuerySet
from django.urls import reverse_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tournaments.events.services.events import (
    MOST_PLAYERS_AT_ONCE,
    NAME_LENGTH,
    RULES,
    SETTINGS,
    TOURNAMENT_SETTINGS,
    plain_name,
    tournament_points_problems,
)
from tournaments.events.services.gamefiles import parse_game_file
from tournaments.forms.edits import HiddenErrorsShown, SeenField
from tournaments.forms.options import PercentagesField
from tournaments.forms.tie_breaks import TieBreaksField
from tournaments.models import Club, Event, Player
from tournaments.models.events import VARIANT_NAMES
from tournaments.words.names import by_name

MAX_FILE_BYTES = 1_000_000  # a game of 200 hands is about 30 kB


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=120, validators=[plain_name])


def variant_select() -> forms.Select:
    """The variant list; with JavaScript, choosing one swaps in its options (htmx)."""
    return forms.Select(
        attrs={
            "hx-get": reverse_lazy("organiser:variant_options"),
            "hx-target": "#variant-options",
            "hx-swap": "outerHTML",
            "hx-trigger": "change",
        }
    )


class EventForm(forms.ModelForm):
    """An event's settings; the variant's options come in an OptionsForm beside it."""

    points_scale = PercentagesField(
        label=_("Tournament points by place"),
        help_text=_("Points for 1st, 2nd, 3rd… at each table, e.g. 3, 1, 0."),
    )
    tie_breaks = TieBreaksField(
        label=_("Tie-breaks, in order"),
        help_text=_(
            "Number the tie-breaks you use in the order they apply (1 first); leave the "
            "others “not used”."
        ),
    )
    prize_places = PercentagesField(
        label=_("Prize pool by place (%)"),
        help_text=_("Percentages of the pool for 1st, 2nd, 3rd…, e.g. 50, 30, 20."),
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "club",
            "kind",
            "variant",
            "entry_fee",
            "confirmation_required",
            "language",
            "round_minutes",
            *TOURNAMENT_SETTINGS,
        ]
        widgets: dict[str, forms.Widget] = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
        }
        # Shown and typed the organiser's way: "2,50" in French.
        localized_fields = ["entry_fee", "club_share"]
        help_texts = {
            "entry_fee": _(
                "What each player puts in; at a club night each table plays for "
                "its players' stakes."
            ),
            "confirmation_required": _(
                "A hand entered at the table then counts once another player of the table "
                "has checked and confirmed it. What an organiser enters counts at once, and "
                "an organiser can confirm any hand."
            ),
        }

    def __init__(self, *args, clubs: QuerySet[Club] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        # What an event archive refuses, refused here: an event exported must import again.
        self.fields["name"].validators.append(plain_name)
        if "club" in self.fields:
            club = self.fields["club"]
            assert isinstance(club, forms.ModelChoiceField)  # the model's foreign key
            club.queryset = clubs if clubs is not None else Club.objects.none()
            club.empty_label = None
        for name in ("points_scale", "tie_breaks", "prize_places"):
            # Declared fields get no initial from the model: a new event shows its defaults.
            self.fields[name].initial = getattr(self.instance, name)
        for name in self._meta.localized_fields or ():
            if name in self.fields:
                # A localized field is a text box (a number box refuses "2,50"): ask the
                # phone for its number keyboard.
                self.fields[name].widget.attrs["inputmode"] = "decimal"
        if "variant" in self.fields:
            variant = self.fields["variant"]
            assert isinstance(variant, forms.ChoiceField)  # the model's field with choices
            variant.widget = variant_select()
            variant.choices = list(VARIANT_NAMES.items())
        # Left empty, the round time stays as it was (45 minutes for a new event).
        self.fields["round_minutes"].required = False
        self.fields["round_minutes"].widget.attrs["inputmode"] = "numeric"
        # How prizes are given (docs/prizes.md): left out, as it was (the model's default for
        # a new event), so that a club night's form need not say it.
        for name in ("prize_rule", "prize_ties"):
            if name in self.fields:
                self.fields[name].required = False

    def main_fields(self) -> list[forms.BoundField]:
        skip = set(TOURNAMENT_SETTINGS) | {"variant"}
        return [self[name] for name in self.fields if name not in skip]

    def tournament_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in TOURNAMENT_SETTINGS]

    def tournament_errors(self) -> bool:
        return any(self[name].errors for name in TOURNAMENT_SETTINGS)

    def clean_prize_rule(self) -> str:
        return self.cleaned_data["prize_rule"] or self.instance.prize_rule

    def clean_prize_ties(self) -> str:
        return self.cleaned_data["prize_ties"] or self.instance.prize_ties

    def clean_points_scale(self) -> list[int]:
        scale = self.cleaned_data["points_scale"] or []
        if not scale or any(points < 0 for points in scale):
            raise forms.ValidationError(_("Give the points by place, e.g. 3, 1, 0."))
        if problems := tournament_points_problems(points_scale=scale):
            raise forms.ValidationError(problems)
        return scale

    def clean_bye_points(self) -> int:
        bye_points = self.cleaned_data["bye_points"]
        if problems := tournament_points_problems(bye_points=bye_points or 0):
            raise forms.ValidationError(problems)
        return bye_points

    def clean_prize_places(self) -> list[int]:
        places = self.cleaned_data["prize_places"] or []
        if not places or any(not 0 <= p <= 100 for p in places) or sum(places) > 100:
            raise forms.ValidationError(
                _("Give percentages between 0 and 100 adding up to at most 100.")
            )
        return places

    def clean_round_minutes(self) -> int:
        return self.cleaned_data["round_minutes"] or self.instance.round_minutes

    def settings(self) -> dict[str, Any]:
        """The cleaned fields other than those create_event takes by name."""
        named = {"club", "name", "date", "variant", "kind", "entry_fee"}
        return {key: value for key, value in self.cleaned_data.items() if key not in named}


class EventSettingsForm(HiddenErrorsShown, EventForm):
    """An existing event's settings; its variant changes on the rules page, and its club
    stays (its players are that club's members). Carries what its page showed (`seen`)."""

    class Meta(EventForm.Meta):
        fields = list(SETTINGS)
        widgets = {
            **EventForm.Meta.widgets,
            "registration_closes_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seen"] = SeenField(self.instance, SETTINGS)

    def changes(self) -> dict[str, Any]:
        """Every setting as typed: the service writes those that differ."""
        return {name: self.cleaned_data[name] for name in SETTINGS}


class RulesForm(HiddenErrorsShown, forms.Form):
    """The variant (its options come in an OptionsForm beside it), why it changes, and the
    rules that the page showed (`seen`)."""

    variant = forms.ChoiceField(label=_("Variant"), choices=list(VARIANT_NAMES.items()))
    reason = forms.CharField(
        label=_("Why the change"),
        required=False,
        max_length=200,
        help_text=_("Kept in the event's history."),
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        variant = self.fields["variant"]
        assert isinstance(variant, forms.ChoiceField)  # declared above
        variant.widget = variant_select()
        variant.choices = list(VARIANT_NAMES.items())  # onto the new widget
        self.fields["seen"] = SeenField(event, RULES)


class DiscardForm(forms.Form):
    """Discarding a hand that waits for confirmation: why."""

    reason = forms.CharField(
        label=_("Why discard it?"),
        max_length=200,
        help_text=_("Kept in the hand's history with your name and the time."),
    )


class AddPlayerForm(forms.Form):
    name = forms.CharField(
        label=_("Add a player"),
        max_length=NAME_LENGTH,
        widget=forms.TextInput(attrs={"list": "club-members", "autocomplete": "off"}),
        help_text=_("A club member's name, or a new name to add him to the club."),
    )


class PlayerListForm(forms.Form):
    """Several players at once, pasted from a list: one name a line (services.events
    register_players says what each line may hold)."""

    names = forms.CharField(
        label=_("Names, one per line"),
        required=False,  # an empty list is the service's to refuse, with its sentence
        # Room for MOST_PLAYERS_AT_ONCE names of the longest length, one per line.
        max_length=MOST_PLAYERS_AT_ONCE * (NAME_LENGTH + 2),
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off", "spellcheck": "false"}),
        help_text=_(
            "Club members are recognised; new names join the club. Added players are checked in."
        ),
    )

    def lines(self) -> list[str]:
        return self.cleaned_data["names"].splitlines()


class OpenRoundForm(forms.Form):
    method = forms.ChoiceField(label=_("Seating"), choices=Event.Seating.choices)
    # A round after the planned ones, asked for on purpose (the further round's page).
    further = forms.BooleanField(required=False, widget=forms.HiddenInput)


class SeatingBoxes(TypedDict):
    """SeatByHandForm's own keywords: its table boxes, the present players, a bye's points."""

    tables: int
    players: list[Player]
    bye_points: int


class SeatByHandForm(forms.Form):
    """One text box per table, a name per line, and a box for who sits out the round; names
    are the event's present players."""

    BYES = "byes"

    def __init__(self, *args, tables: int, players: list[Player], bye_points: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {player.name.casefold(): player for player in players}
        for number in range(1, tables + 1):
            self.fields[f"table_{number}"] = forms.CharField(
                label=_("Table %(number)s") % {"number": number},
                required=False,
                widget=forms.Textarea(attrs={"rows": 4, "autocomplete": "off"}),
            )
        self.fields[self.BYES] = forms.CharField(
            label=_("Sits out this round (bye)"),
            required=False,
            widget=forms.Textarea(attrs={"rows": 2, "autocomplete": "off"}),
            help_text=ngettext(
                "One name per line. In a tournament, sitting out scores %(points)s point.",
                "One name per line. In a tournament, sitting out scores %(points)s points.",
                bye_points,
            )
            % {"points": bye_points},
        )

    def table_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name != self.BYES]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        self.tables: list[list[Player]] = []
        self.byes: list[Player] = []
        placed: dict[int, str] = {}  # player id → the box he is written in
        for name in self.fields:
            box = []
            for player in self._players_in(name, cleaned.get(name) or ""):
                if player.id in placed:
                    self.add_error(name, self._twice(player, placed[player.id]))
                else:
                    placed[player.id] = name
                    box.append(player)
            if name == self.BYES:
                self.byes = box
            elif box:
                self.tables.append(box)
        missing = sorted((p.name for p in self.players.values() if p.id not in placed), key=by_name)
        if not self.errors and missing:
            raise forms.ValidationError(
                ngettext(
                    "Not seated: %(players)s. Seat this player, let him sit out, or check him "
                    "out first.",
                    "Not seated: %(players)s. Seat these players, let them sit out, or check "
                    "them out first.",
                    len(missing),
                )
                % {"players": ", ".join(missing)}
            )
        if not self.errors and not self.tables:
            raise forms.ValidationError(gettext("Write the players' names, one per line."))
        return cleaned

    def _players_in(self, name: str, text: str) -> list[Player]:
        """The present players written in a box, one per line; an error for other names."""
        found = []
        for line in text.splitlines():
            typed = " ".join(line.split())
            if not typed:
                continue
            player = self.players.get(typed.casefold())
            if player is None:
                self.add_error(
                    name,
                    gettext("%(player)s is not a present player of this event.")
                    % {"player": typed},
                )
            else:
                found.append(player)
        return found

    def _twice(self, player: Player, first_box: str) -> str:
        if first_box == self.BYES:
            return gettext("%(player)s already sits out this round.") % {"player": player.name}
        return gettext("%(player)s is already seated at %(table)s.") % {
            "player": player.name,
            "table": self.fields[first_box].label,
        }


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Game file (.json)"), required=False)
    text = forms.CharField(
        label=_("Or paste the game file"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )
    round_number = forms.IntegerField(
        label=_("Round"),
        required=False,
        min_value=1,
        help_text=_("Leave empty for the open round (or a new one)."),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        upload, text = cleaned.get("file"), cleaned.get("text")
        if upload is not None:
            if upload.size > MAX_FILE_BYTES:
                raise forms.ValidationError(_("This file is too large for a game file."))
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("This file is not a text file.")) from None
        if not text:
            raise forms.ValidationError(_("Choose a game file or paste one."))
        # Not JSON, or nested too deep to read: one message, as the command line gives it.
        cleaned["document"] = parse_game_file(text)
        return cleaned
