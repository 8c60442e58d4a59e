"""The French catalogue's translations have the shape of their English
(ramiscore/catalogue.py, run by `make check-messages`)."""

from __future__ import annotations

import pytest

from ramiscore.catalogue import CATALOGUE, catalogue_problems, shape_problems


def test_every_french_translation_has_the_shape_of_its_english() -> None:
    assert [str(problem) for problem in catalogue_problems(CATALOGUE)] == []


@pytest.mark.parametrize(
    ("msgid", "msgstr"),
    [
        ("Table %(number)s", "Table %(numero)s"),
        ("%(name)s: %(value)s", "%(name)s\u00a0: %(value)s %(value)s"),
        # The tail of another entry pasted after the right text.
        (
            "Nobody meets the same player twice while it can be avoided.",
            "Personne ne rencontre deux fois le même joueur tant qu’on peut l’éviter.demandé, "
            "ignorez cet e-mail : votre mot de passe reste le même.",
        ),
        ("Delete this event?", "Supprimer cet événement."),
        ("Scan the code, or type the address:", "Scannez le code ou tapez l’adresse"),
        ("The round is closed.", "La ronde est close. Les tables aussi."),
    ],
)
def test_a_translation_of_another_shape_is_found(msgid: str, msgstr: str) -> None:
    assert shape_problems(msgid, msgstr)


@pytest.mark.parametrize(
    ("msgid", "msgstr"),
    [
        ("Save a copy of var/club.sqlite3.", "Gardez une copie de var/club.sqlite3."),
        ("Points by place, e.g. 3, 1, 0.", "Points par place, par ex. 3, 1, 0."),
        ("Next:", "Ensuite\u00a0:"),
        ("Delete this event?", "Supprimer cet événement\u202f?"),
        (
            "Give the points for 1st, 2nd, 3rd… at each table.",
            "Les points du 1er, 2e, 3e… de chaque table.",
        ),
        ("", ""),
    ],
)
def test_a_faithful_translation_passes(msgid: str, msgstr: str) -> None:
    assert shape_problems(msgid, msgstr) == []
