"""The Hunspell affix expander, held to the real Hunspell engine and to known forms."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from solver.affixes import HUNSPELL_FR, Form, expand, read_aff, read_dic, split_flags
from solver.lexicon import is_plain, normalise


def test_hunspell_accepts_every_form_the_expander_generates(
    dictionary_forms: list[Form],
) -> None:
    """Every form that can reach a game's list (its normalised spelling is A-Z only).

    The others are chemical formulas with subscript digits and the like, which Hunspell's
    own tokenizer cuts in pieces, so `hunspell -l` cannot be asked about them whole.
    """
    hunspell = shutil.which("hunspell")
    assert hunspell, "hunspell is not installed: run `make test`, not pytest"
    words = sorted({f.text for f in dictionary_forms if is_plain(normalise(f.text))})
    assert len(words) > 450_000
    rejected = subprocess.run(
        [hunspell, "-d", str(HUNSPELL_FR), "-l"],
        input="\n".join(words),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert rejected == []


def test_the_dictionary_unfolds_into_about_half_a_million_tagged_forms(
    dictionary_forms: list[Form],
) -> None:
    distinct = {(f.text, f.morph) for f in dictionary_forms}
    assert 480_000 < len(distinct) < 560_000


def readings(forms: list[Form], text: str) -> set[str]:
    return {f.morph for f in forms if f.text == text}


def test_forms_carry_the_tags_of_their_stem_and_of_their_ending(
    dictionary_forms: list[Form],
) -> None:
    assert "po:v1_it_x__a po:infi" in readings(dictionary_forms, "manger")
    assert "po:nom is:mas is:sg" in readings(dictionary_forms, "manger")
    assert "po:v1_it_x__a po:ppre" in readings(dictionary_forms, "mangeant")
    assert "po:v1_it_x__a po:iimp po:1sg po:2sg" in readings(dictionary_forms, "mangeais")
    assert any("is:fem is:pl" in m for m in readings(dictionary_forms, "mangées"))


def test_unit_prefixes_continue_into_the_plural(dictionary_forms: list[Form]) -> None:
    assert "po:nom is:mas is:pl" in readings(dictionary_forms, "kilomètres")
    assert readings(dictionary_forms, "mégawatts")


def test_a_stem_that_needs_an_affix_is_not_a_word_by_itself() -> None:
    aff = read_aff(HUNSPELL_FR.with_suffix(".aff"))
    (entry,) = (
        e
        for e in read_dic(HUNSPELL_FR.with_suffix(".dic"))
        if e.word == "manger" and "v1" in e.morph
    )
    assert "()" in entry.flags
    texts = {f.text for f in expand(entry, aff)}
    assert "manger" in texts  # from the empty-suffix infinitive rule...
    assert all(f.morph != entry.morph for f in expand(entry, aff))  # ...never bare


def test_elision_prefixes_are_never_applied(dictionary_forms: list[Form]) -> None:
    texts = {f.text for f in dictionary_forms}
    assert "ami" in texts
    for glued in ("l'ami", "d'ami", "qu'ami", "l'exagramme", "d'hectomètres", "m'aime"):
        assert glued not in texts


def test_symbols_and_abbreviations_keep_their_keepcase_mark(
    dictionary_forms: list[Form],
) -> None:
    marked = {f.text for f in dictionary_forms if f.keepcase}
    assert {"km", "Hz", "atm"} <= marked
    assert "kilomètre" not in marked


@pytest.mark.parametrize("flags", ["S", "S.("])
def test_flags_are_two_characters_each(flags: str) -> None:
    with pytest.raises(ValueError):
        split_flags(flags)
