"""The "racine" helper: what a program can see of Pyramide's root rule (pyramide.md, 5.2.1)."""

from __future__ import annotations

import pytest

from engine.racine import root_warnings


def rules(proposal: str, target: str) -> list[str]:
    return [warning.rule for warning in root_warnings(proposal, target)]


@pytest.mark.parametrize(
    ("proposal", "target"),
    [
        ("pourchasser", "poursuivre"),  # a prefix of 4 letters
        ("contrarier", "contrecarrer"),
    ],
)
def test_a_common_prefix_longer_than_three_letters_is_flagged(proposal: str, target: str) -> None:
    assert rules(proposal, target) == ["préfixe"]


@pytest.mark.parametrize(("proposal", "target"), [("midi", "minuit"), ("tricycle", "triporteur")])
def test_a_prefix_of_three_letters_or_less_is_allowed(proposal: str, target: str) -> None:
    assert rules(proposal, target) == []


@pytest.mark.parametrize(
    ("proposal", "target", "suffix"),
    [("homicide", "génocide", "-cide"), ("carnivores", "herbivore", "-vore")],
)
def test_a_shared_root_valued_suffix_is_flagged(proposal: str, target: str, suffix: str) -> None:
    (warning,) = root_warnings(proposal, target)
    assert warning.rule == "suffixe" and warning.reason.endswith(suffix)


def test_grammatical_endings_are_not_roots() -> None:
    assert rules("entièrement", "complètement") == []
    assert rules("agréable", "aimable") == []


def test_a_letter_of_the_alphabet_cannot_call_a_word() -> None:
    assert rules("g", "hache") == ["lettre"]
    assert rules("lambda", "mu") == []


def test_a_word_inside_the_other_is_the_same_family() -> None:
    (warning,) = root_warnings("courir", "parcourir")
    assert warning.rule == "famille" and "cour dans parcourir" in warning.reason


def test_synonyms_contraries_and_associations_pass() -> None:
    for proposal, target in [("lent", "rapide"), ("aquatique", "nautique"), ("marcher", "via")]:
        assert rules(proposal, target) == []


def test_a_three_letter_radical_is_left_to_the_referee() -> None:
    """The rules forbid "malmené" for "maltraité" (mal- is a radical there): the helper
    cannot tell a radical from a prefix of three letters, and says nothing."""
    assert rules("malmené", "maltraité") == []
