"""Checking a player's count, written as people write it."""

from __future__ import annotations

import pytest

from solver.proposal import ProposalSyntaxError, parse, verify

SHOW = [3, 75, 2, 4, 1, 1]


@pytest.mark.parametrize(
    "written",
    [
        "75-1=74 3x4=12 74*12=888",
        "75 - 1 = 74, 3 X 4 = 12, 74 × 12 = 888",
        ["75−1=74", "3·4=12", "74*12=888"],
        "75-1 3x4 74x12",
        "75 - 1 = 74\n4 * 3 = 12\n12 x 74 = 888",
    ],
)
def test_the_show_s_888_is_accepted_however_it_is_written(written: str | list[str]) -> None:
    verdict = verify(SHOW, written)
    assert verdict.valid and verdict.reason is None
    assert verdict.value == 888
    assert [step.result for step in verdict.steps] == [74, 12, 888]


@pytest.mark.parametrize("divide", ["/", ":", "÷"])
def test_every_division_sign_is_read(divide: str) -> None:
    verdict = verify([100, 4, 1, 2, 3, 5], f"100 {divide} 4 = 25")
    assert verdict.value == 25


def test_a_plate_used_twice_is_refused() -> None:
    verdict = verify([8, 3, 2, 1, 5, 6], "8x3=24 24-8=16")
    assert not verdict.valid
    assert verdict.reason == "étape 2 : le 8 est déjà utilisé"
    assert verdict.checks[0].ok and not verdict.checks[1].ok


def test_a_pair_of_equal_plates_can_both_be_used() -> None:
    assert verify([8, 8, 2, 1, 5, 6], "8x8=64").value == 64
    assert verify([8, 7, 2, 1, 5, 6], "8x8=64").reason == "il n'y a qu'un 8 de libre"


def test_a_number_that_is_no_plate_nor_result_is_refused() -> None:
    reason = verify(SHOW, "9x2=18").reason
    assert reason == "le 9 n'est ni une plaque ni un résultat précédent"


def test_a_non_exact_division_is_refused() -> None:
    assert verify(SHOW, "75/2").reason == "division non exacte (75 ÷ 2)"


def test_a_negative_result_is_refused() -> None:
    assert verify(SHOW, "3-75").reason == "résultat négatif (3 − 75)"


def test_a_wrong_written_result_is_refused_with_the_right_one() -> None:
    verdict = verify(SHOW, "75-1=73")
    assert verdict.reason == "calcul faux : 75 − 1 = 74, pas 73"
    assert verdict.value is None


def test_an_intermediate_result_can_only_be_used_once() -> None:
    assert verify(SHOW, "75-1=74 74+3=77 74+2=76").reason == "étape 3 : le 74 est déjà utilisé"


def test_keeping_a_lone_plate_reaches_its_value() -> None:
    assert verify(SHOW, "75").value == 75
    assert verify(SHOW, "76").reason == "76 n'est pas une plaque du tirage"


def test_unused_numbers_stay_available() -> None:
    assert verify(SHOW, "75-1=74").available == (1, 2, 3, 4, 74)


@pytest.mark.parametrize(
    ("written", "message"),
    [("75-", "il manque un nombre"), ("75 1", "il manque une opération"), ("3 & 4", "« & »")],
)
def test_an_unreadable_proposal_says_what_is_wrong(written: str, message: str) -> None:
    with pytest.raises(ProposalSyntaxError, match=message):
        parse(written)
