"""Who is in a prize category: the ages of docs/prizes.md, read from its table, and each kind
of category against the facts a club records (nothing recorded keeps a player out)."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from tournaments.rules.categories import (
    AGE,
    CLUB,
    EVERYONE,
    NAMED,
    NEWCOMERS,
    RATING,
    WOMEN,
    CategoryRule,
    PlayerFacts,
    is_in,
    members,
    possible_ages,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "prizes.md"
DAY = datetime.date(2026, 6, 1)


def age_examples() -> list[tuple[str, str, str, str]]:
    """The rows of the doc's table of ages: born, ages on, band, in the band."""
    text = DOC.read_text()
    table = text.split("<!-- ages: born | ages on | band | in -->", 1)[1]
    rows = []
    for line in table.splitlines()[3:]:
        if not line.startswith("|"):
            break
        rows.append(tuple(cell.strip() for cell in line.strip("|").split("|")))
    return rows


def band(text: str) -> tuple[int | None, int | None]:
    """ "under 18", "65 and over", "30 and over, under 40" → (at least, under)."""
    least = re.search(r"(\d+) and over", text)
    under = re.search(r"under (\d+)", text)
    return (int(least[1]) if least else None, int(under[1]) if under else None)


def born(text: str) -> dict:
    if text == "(none)":
        return {}
    if len(text) == 4:
        return {"birth_year": int(text)}
    return {"birth_date": datetime.date.fromisoformat(text)}


AGES = age_examples()


def test_the_doc_has_its_table_of_ages():
    assert len(AGES) >= 8


@pytest.mark.parametrize(("born_on", "on", "text", "answer"), AGES)
def test_each_age_example_of_the_doc(born_on, on, text, answer):
    least, under = band(text)
    rule = CategoryRule(
        AGE, age_from=least, age_under=under, reference_date=datetime.date.fromisoformat(on)
    )
    facts = PlayerFacts(1, **born(born_on))
    assert is_in(rule, facts, on=DAY) is answer.startswith("yes")


def test_a_birth_year_alone_gives_two_possible_ages_but_on_new_years_eve():
    assert possible_ages(DAY, birth_date=None, birth_year=2000) == (25, 26)
    new_years_eve = datetime.date(2026, 12, 31)
    assert possible_ages(new_years_eve, birth_date=None, birth_year=2000) == (26, 26)
    assert possible_ages(DAY, birth_date=None, birth_year=None) is None


def test_without_a_reference_date_ages_are_counted_on_the_event_day():
    rule = CategoryRule(AGE, age_under=18)
    facts = PlayerFacts(1, birth_date=datetime.date(2008, 6, 2))
    assert is_in(rule, facts, on=DAY)  # 17 on 1 June, 18 the next day
    assert not is_in(rule, facts, on=datetime.date(2026, 6, 2))


@pytest.mark.parametrize(
    ("rule", "facts", "answer"),
    [
        (CategoryRule(EVERYONE), PlayerFacts(1), True),
        (CategoryRule(WOMEN), PlayerFacts(1, gender="woman"), True),
        (CategoryRule(WOMEN), PlayerFacts(1, gender="other"), False),
        (CategoryRule(WOMEN), PlayerFacts(1), False),  # not recorded: not in it
        (CategoryRule(NEWCOMERS), PlayerFacts(1, first_event=True), True),
        (CategoryRule(NEWCOMERS), PlayerFacts(1), False),
        (CategoryRule(CLUB, club=7), PlayerFacts(1, clubs=frozenset({3, 7})), True),
        (CategoryRule(CLUB, club=7), PlayerFacts(1, clubs=frozenset({3})), False),
        (CategoryRule(RATING, rating_under=1100), PlayerFacts(1, rating=1099), True),
        (CategoryRule(RATING, rating_under=1100), PlayerFacts(1, rating=1100), False),
        (
            CategoryRule(RATING, rating_from=1000, rating_under=1100),
            PlayerFacts(1, rating=999),
            False,
        ),
        (CategoryRule(RATING, rating_from=1000), PlayerFacts(1), False),
        (CategoryRule(NAMED, players=frozenset({1, 2})), PlayerFacts(2), True),
        (CategoryRule(NAMED, players=frozenset({1, 2})), PlayerFacts(3), False),
    ],
)
def test_each_kind_reads_its_fact(rule, facts, answer):
    assert is_in(rule, facts, on=DAY) is answer


def test_members_are_the_players_in_the_category():
    facts = [PlayerFacts(1, gender="woman"), PlayerFacts(2, gender="man"), PlayerFacts(3)]
    assert members(CategoryRule(WOMEN), facts, on=DAY) == {1}


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        is_in(CategoryRule("left-handed"), PlayerFacts(1), on=DAY)
