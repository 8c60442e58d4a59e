"""The hand entry form: who ended the hand and how, then what each counted player held.

One text field per player holds either a count ("12") or card codes ("KD 7S 3H", or "RK 7P 3C"
on a French page: codes are read in the page language's letters, see words/cards.py): the
engine does the counting, deadwood and lay-offs, and its problems come back beside the
field concerned.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.validators import RegexValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import HandLine, Seat
from tournaments.play.facts import HandFacts
from tournaments.play.selectors.games import HandRow
from tournaments.rules import RulesError
from tournaments.rules.cards import ENGLISH, CardLetters, read_cards
from tournaments.rules.hands import (
    ALL_OR_NONE,
    COUNTED,
    HOLDS_NOTHING,
    NEVER_MELDED,
    NO_DEADWOOD,
    NOBODY,
    Held,
    ways_to_end,
    who_is_counted,
)
from tournaments.rules.variants import GIN, Variant
from tournaments.words.cards import code_problems, other_letters, page_letters, shown_codes
from tournaments.words.labels import HOW_LABELS

COUNTS, CARDS = "counts", "cards"
NOT_A_COUNT = _(
    "Type a count: a whole number such as 12. To enter the cards themselves, choose Cards."
)
COUNT = re.compile(r"^[+-]?\d{1,9}$")  # a count as typed; the engine refuses negatives
# The id a phone gives an entry (static/js/offline.js): letters, digits, "-" and "_".
ENTRY_KEY = RegexValidator(
    r"^[A-Za-z0-9_-]{8,64}\Z", _("The page is out of date: reload it and enter the hand again.")
)


@dataclass
class PlayerFields:
    """One player's part of step 2: the held field and, in rami-jokers, "never melded"."""

    seat: Seat
    held: forms.BoundField
    never: forms.BoundField | None


class HandForm(forms.Form):
    """A hand's facts for one game; `facts()` gives them to the entry services."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    # Only what the page shows (counts or the card grid): never refused, see mode_value.
    mode = forms.CharField(required=False, max_length=10, widget=forms.HiddenInput)
    # Made by the phone when the hand is first sent and sent again with it: stored once.
    idempotency_key = forms.CharField(
        required=False, max_length=64, validators=[ENTRY_KEY], widget=forms.HiddenInput
    )
    ended_by = forms.ChoiceField(
        label=_("Who ended the hand?"), required=False, widget=forms.RadioSelect
    )
    how = forms.ChoiceField(label=_("How?"), widget=forms.RadioSelect)

    def __init__(
        self,
        *args,
        variant: Variant,
        seats: list[Seat],
        reason: bool = False,
        letters: CardLetters | None = None,
        entrant: str = "",
        **kwargs,
    ) -> None:
        """`entrant`: whether the form asks who is entering the hand ("asked", "required"
        when the event has hands confirmed, "" not at all: an organiser is entering)."""
        super().__init__(*args, **kwargs)
        self.variant, self.seats = variant, seats
        self.letters = letters or page_letters()
        # Held fields refused as typed (a wrong card code, or letters where a count is
        # asked): kept as typed so that the preview can still say what is wrong.
        self.refused_codes: set[str] = set()
        self.typed_no_count = False  # letters typed where the page asks for a count
        if entrant:
            self.fields["entering"] = player_choice(
                seats,
                label=_("Who is entering this hand?"),
                required=entrant == REQUIRED,
                missing=_("Say who is entering the hand: another player will confirm it."),
            )
            if entrant == REQUIRED:
                self.fields["entering"].help_text = _(
                    "Another player of the table then checks it on his phone and confirms it."
                )
        hows = ways_to_end(variant)
        how_field, ended_by_field = self.fields["how"], self.fields["ended_by"]
        # Declared above as choice fields: their choices depend on the game.
        assert isinstance(how_field, forms.ChoiceField)
        assert isinstance(ended_by_field, forms.ChoiceField)
        how_field.choices = [(how, HOW_LABELS[how].choice) for how in hows]
        how_field.initial = hows[0]  # going out / knock: most hands end this way
        ended_by_field.choices = [(str(seat.position), seat.player.name) for seat in seats]
        for seat in seats:
            self.fields[held_name(seat)] = forms.CharField(
                label=seat.player.name, required=False, max_length=200
            )
            if variant.has_never_melded:
                self.fields[never_name(seat)] = forms.BooleanField(
                    label=_("Never melded"), required=False
                )
        if reason:
            self.fields["reason"] = forms.CharField(
                label=_("Why are you correcting this hand?"),
                max_length=200,
                help_text=_("Kept in the hand's history with your name and the time."),
            )
            # The hand as the page showed it (services.entry.hand_fingerprint).
            self.fields["seen"] = forms.CharField(
                required=False, max_length=64, widget=forms.HiddenInput
            )

    @property
    def is_gin(self) -> bool:
        return self.variant.family == GIN

    @property
    def mode_value(self) -> str:
        """The entry mode the page shows: counts, or the card grid."""
        value = self["mode"].value()
        return CARDS if value == CARDS else COUNTS

    def players(self) -> list[PlayerFields]:
        return [
            PlayerFields(
                seat,
                self[held_name(seat)],
                self[never_name(seat)] if self.variant.has_never_melded else None,
            )
            for seat in self.seats
        ]

    def clean(self) -> dict[str, Any]:
        """Card codes are read in the page's letters: a code that is no card there is refused
        beside its player, naming the card it is the other way (see words/cards.py). Where
        the page asks for counts, a typo is a wrong count, not a wrong card code (valid codes
        are still counted, as in Cards mode)."""
        super().clean()
        cleaned = self.cleaned_data
        for seat in self.seats:
            text = self._held_text(seat)
            if not text or COUNT.match(text) or self._never(seat):
                continue
            reading = read_cards(text, self.letters, other_letters(self.letters))
            if not reading.bad:
                continue
            name = held_name(seat)
            if self.mode_value == COUNTS:
                self.add_error(name, NOT_A_COUNT)
                self.typed_no_count = True
            else:
                self.add_error(name, code_problems(reading, self.letters))
            self.refused_codes.add(name)
        return cleaned

    def facts_valid(self) -> bool:
        """Whether the hand's facts are readable (a correction's reason may still be missing)."""
        return self.is_valid() or set(self.errors) <= {"reason"}

    def entering_seat(self) -> Seat | None:
        """The player who says he is entering the hand, if asked and given."""
        return seat_at(self.seats, self.cleaned_data.get("entering"))

    def is_complete(self) -> bool:
        """Whether every player who must be counted has a value (for the live preview). A
        value refused for its card codes counts as given: the preview then says what is
        wrong with it while the player is still at the table."""
        self.is_valid()
        if self.typed_no_count:
            # Letters typed as a count are wrong whatever comes next: the preview says so.
            return True
        if set(self.errors) - {"reason", "entering"} - self.refused_codes:
            return False
        rule = who_is_counted(self.variant, self.cleaned_data["how"])
        ender = None if rule.ender == NOBODY else self._ended_by_seat()
        if rule.ender != NOBODY and ender is None:
            return False
        others = [seat for seat in self.seats if seat != ender]
        if rule.others == ALL_OR_NONE and not any(self._given(seat) for seat in others):
            return True
        needed = others + ([ender] if rule.ender == COUNTED and ender is not None else [])
        return all(self._given(seat) for seat in needed)

    def facts(self) -> HandFacts:
        """The hand's facts, values kept as typed when wrong so that the engine names them."""
        how = self.cleaned_data["how"]
        rule = who_is_counted(self.variant, how)
        ender = None if rule.ender == NOBODY else self._ended_by_seat()
        held: dict[int, Held] = {}
        for seat in self.seats:
            if self._never(seat):
                held[seat.id] = NEVER_MELDED
                continue
            text = self._held_text(seat)
            if seat == ender and rule.ender == HOLDS_NOTHING and text in ("", "0"):
                continue  # who went out holds nothing: a typed 0 means the same
            if seat == ender and rule.ender == NO_DEADWOOD and not text:
                text = "0"  # a gin has no deadwood by definition
            if text:
                held[seat.id] = read_held(text, self.letters)
        return HandFacts(how, ender, held)

    def add_problems(self, error: RulesError) -> None:
        """Put each of the engine's problems beside the field it is about."""
        by_name = {seat.player.name: seat for seat in self.seats}
        for problem in error.problems:
            text = problem.text(gettext)
            if problem.player in by_name:
                self.add_error(held_name(by_name[problem.player]), text)
            elif problem.field in ("how", "ended_by"):
                self.add_error(problem.field, text)
            else:
                self.add_error(None, problem.where(gettext) + text)

    def _ended_by_seat(self) -> Seat | None:
        return seat_at(self.seats, self.cleaned_data.get("ended_by"))

    def _given(self, seat: Seat) -> bool:
        return bool(self._held_text(seat)) or self._never(seat)

    def _held_text(self, seat: Seat) -> str:
        name = held_name(seat)
        if name in self.refused_codes:
            text = self[name].data or ""  # as typed: cleaning refused it
        else:
            text = self.cleaned_data.get(name, "")
        return " ".join(text.replace(",", " ").split())

    def _never(self, seat: Seat) -> bool:
        return bool(self.cleaned_data.get(never_name(seat)))


ASKED, REQUIRED = "asked", "required"


def player_choice(seats: list[Seat], *, label, required: bool, missing) -> forms.ChoiceField:
    """One of the table's players, as buttons (their seat positions as values)."""
    return forms.ChoiceField(
        label=label,
        choices=[(str(seat.position), seat.player.name) for seat in seats],
        required=required,
        widget=forms.RadioSelect,
        error_messages={"required": missing},
    )


def seat_at(seats: list[Seat], position: str | None) -> Seat | None:
    return next((seat for seat in seats if str(seat.position) == position), None)


class ConfirmForm(forms.Form):
    """The confirm screen of a table link: which player of the table checks the hand (any
    but the one named as entering it)."""

    def __init__(self, *args, seats: list[Seat], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        self.fields["confirmer"] = player_choice(
            seats,
            label=_("Who confirms?"),
            required=True,
            missing=_("Say who confirms the hand."),
        )

    def seat(self) -> Seat | None:
        return seat_at(self.seats, self.cleaned_data.get("confirmer"))


def held_name(seat: Seat) -> str:
    return f"held_{seat.position}"


def never_name(seat: Seat) -> str:
    return f"never_{seat.position}"


def read_held(text: str, letters: CardLetters = ENGLISH) -> Held:
    """A count, the cards (a tuple) read in `letters`, or the text itself when a code is
    wrong (the engine then names it)."""
    if COUNT.match(text):
        return int(text)
    reading = read_cards(text, letters)
    return text if reading.bad else tuple(reading.cards)


def initial_from_hand(
    row: HandRow, seats: list[Seat], letters: CardLetters | None = None
) -> dict[str, object]:
    """The correction form's initial values: the stored facts of one hand, cards written in
    the page's letters (the form reads them back in the same letters)."""
    letters = letters or page_letters()
    hand = row.hand
    positions = {seat.id: seat.position for seat in seats}
    initial: dict[str, object] = {
        "number": hand.number,
        "how": hand.how,
        "ended_by": str(positions[hand.ended_by_id]) if hand.ended_by_id else "",
        "mode": COUNTS,
    }
    for seat, line in zip(seats, row.lines, strict=True):
        if line is None:
            continue
        initial[never_name(seat)] = line.never_melded
        initial[held_name(seat)] = held_text(line, letters)
        if line.held_cards:
            initial["mode"] = CARDS
    return initial


def held_text(line: HandLine, letters: CardLetters = ENGLISH) -> str:
    if line.held_cards:
        return shown_codes(line.held_cards, letters)
    return "" if line.held_count is None else str(line.held_count)


class DeleteLastForm(forms.Form):
    """Deleting the last hand: which one the organiser saw, and why."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    reason = forms.CharField(
        label=_("Why are you deleting this hand?"),
        max_length=200,
        help_text=_("Kept in the hand's history with your name and the time."),
    )
