"""Scoring, with the rulebooks' own worked examples (../shared/rules/dcdl-*.md)."""

from __future__ import annotations

import pytest

from engine.scoring import (
    LettersRound,
    NumbersAnswer,
    NumbersRound,
    WordAnswer,
    duel,
    duplicate_numbers_points,
    letters_boxed,
    letters_duplicate,
    letters_match,
    letters_tv,
    numbers_boxed,
    numbers_duplicate,
    numbers_match,
    numbers_tv,
)


def ok(word: str) -> WordAnswer:
    return WordAnswer(word, valid=True)


def wrong(word: str) -> WordAnswer:
    return WordAnswer(word, valid=False)


def numbers(target: int, best: int = 0, **answers: NumbersAnswer) -> NumbersRound:
    return NumbersRound(target, best, answers)


# --- boxed game ----------------------------------------------------------------------


def test_boxed_exact_count_scores_10_and_a_closer_player_takes_the_round() -> None:
    points = numbers_boxed(numbers(683, A=NumbersAnswer(683), B=NumbersAnswer(680)))
    assert points == {"A": 10, "B": 0}


def test_boxed_444_and_450_for_447_are_equally_close_and_both_score_7() -> None:
    points = numbers_boxed(numbers(447, A=NumbersAnswer(444), B=NumbersAnswer(450)))
    assert points == {"A": 7, "B": 7}


def test_boxed_an_error_or_no_answer_scores_nothing() -> None:
    points = numbers_boxed(
        numbers(447, A=NumbersAnswer(447, error=True), B=NumbersAnswer(), C=NumbersAnswer(300))
    )
    assert points == {"A": 0, "B": 0, "C": 7}


def test_boxed_one_point_per_letter_for_the_longest_word_ties_all_score() -> None:
    points = letters_boxed(
        LettersRound({"A": ok("MALINE"), "B": ok("MARINE"), "C": ok("RAME"), "D": WordAnswer()})
    )
    assert points == {"A": 6, "B": 6, "C": 0, "D": 0}


def test_boxed_a_refused_word_scores_nothing_and_its_points_go_to_the_other_player() -> None:
    points = letters_boxed(LettersRound({"A": ok("MALINE"), "B": wrong("REMANIABLO")}))
    assert points == {"A": 10, "B": 0}


def test_ruling_boxed_refused_word_with_more_players_goes_to_the_round_s_winner() -> None:
    # "the other player receives them": the one who beat it, not everybody (C's 4-letter
    # word used to earn 10)
    points = letters_boxed(
        LettersRound({"A": ok("MALINE"), "B": wrong("REMANIABLO"), "C": ok("RAME")})
    )
    assert points == {"A": 10, "B": 0, "C": 0}
    tied = {"A": ok("MALINE"), "B": wrong("REMANIABLO"), "C": ok("MARINE"), "D": ok("RAME")}
    assert letters_boxed(LettersRound(tied)) == {"A": 10, "B": 0, "C": 10, "D": 0}


def test_ruling_boxed_refused_word_with_more_players_and_no_valid_word() -> None:
    # nobody beat it with a word: every player not refused is the "other player"
    answers = {"A": wrong("REMANIABLO"), "B": WordAnswer(), "C": WordAnswer()}
    assert letters_boxed(LettersRound(answers)) == {"A": 0, "B": 10, "C": 10}


def test_ruling_boxed_refused_word_the_round_record_says_where_the_points_came_from() -> None:
    from engine.records import letters_record
    from engine.rules import BOXED

    answers = {"ANAIS": wrong("REANIMABX"), "BRUNO": ok("MALINE"), "CHLOE": ok("LAME")}
    record = letters_record(BOXED, "BAMERILANE", answers)
    assert record.points == {"ANAIS": 0, "BRUNO": 9, "CHLOE": 0}
    assert record.notes == {"BRUNO": "+9 : mot de 9 lettres refusé chez ANAIS"}


def test_boxed_two_refused_words_give_each_other_nothing() -> None:
    points = letters_boxed(LettersRound({"A": wrong("XXXXXXX"), "B": wrong("YYYYYYYY")}))
    assert points == {"A": 0, "B": 0}


# --- the TV show ---------------------------------------------------------------------


def test_tv_a_correct_6_against_a_correct_8_only_b_scores_8() -> None:
    assert letters_tv(LettersRound({"A": ok("MALINE"), "B": ok("ANIMABLE")})) == {"A": 0, "B": 8}


def test_tv_two_correct_7_letter_words_both_score_7() -> None:
    assert letters_tv(LettersRound({"A": ok("ANIMALE"), "B": ok("MARINEE")})) == {"A": 7, "B": 7}


def test_tv_two_incorrect_words_nobody_scores() -> None:
    assert letters_tv(LettersRound({"A": wrong("ANIMALEX"), "B": wrong("MARINEX")})) == {
        "A": 0,
        "B": 0,
    }


def test_tv_a_has_a_correct_8_b_a_wrong_10_b_scores_nothing_a_scores_10() -> None:
    points = letters_tv(LettersRound({"A": ok("ANIMABLE"), "B": wrong("REMANIABLO")}))
    assert points == {"A": 10, "B": 0}


def test_tv_numbers_exact_scores_10_and_the_worse_result_nothing() -> None:
    assert numbers_tv(numbers(683, A=NumbersAnswer(683), B=NumbersAnswer(680))) == {
        "A": 10,
        "B": 0,
    }


def test_tv_numbers_the_best_possible_approach_of_an_impossible_count_scores_10() -> None:
    points = numbers_tv(numbers(831, 1, A=NumbersAnswer(830), B=NumbersAnswer(825)))
    assert points == {"A": 10, "B": 0}


def test_tv_numbers_at_least_as_good_as_the_opponent_scores_7() -> None:
    points = numbers_tv(numbers(831, 1, A=NumbersAnswer(828), B=NumbersAnswer(834)))
    assert points == {"A": 7, "B": 7}
    points = numbers_tv(numbers(831, 1, A=NumbersAnswer(828), B=NumbersAnswer(831, error=True)))
    assert points == {"A": 7, "B": 0}


def test_tv_a_duel_gives_5_points_or_5_to_the_opponent_of_a_wrong_answer() -> None:
    assert duel(["A", "B"], winner="A") == {"A": 5, "B": 0}
    assert duel(["A", "B"], wrong="A") == {"A": 0, "B": 5}
    assert duel(["A", "B"]) == {"A": 0, "B": 0}


# --- club duplicate ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "points"),
    [(0, 9), (1, 8), (2, 7), (3, 6), (4, 5), (5, 4), (6, 4), (7, 3), (8, 3), (9, 2), (10, 2)]
    + [(d, 1) for d in range(11, 21)]
    + [(21, 0), (100, 0), (None, 0)],
)
def test_duplicate_numbers_scale(distance: int | None, points: int) -> None:
    assert duplicate_numbers_points(distance, 0) == points


def test_duplicate_an_impossible_count_approachable_at_1_is_worth_8() -> None:
    assert duplicate_numbers_points(1, 1) == 8
    assert duplicate_numbers_points(2, 1) == 7


def test_duplicate_otherwise_the_best_approach_is_worth_7_and_the_scale_goes_down() -> None:
    assert duplicate_numbers_points(3, 3) == 7
    assert duplicate_numbers_points(4, 3) == 6
    assert duplicate_numbers_points(5, 3) == 5
    assert duplicate_numbers_points(21, 3) == 1
    assert duplicate_numbers_points(22, 3) == 0


def test_duplicate_players_score_independently_and_an_error_scores_0() -> None:
    points = numbers_duplicate(
        numbers(603, A=NumbersAnswer(600), B=NumbersAnswer(603), C=NumbersAnswer(603, error=True))
    )
    assert points == {"A": 6, "B": 9, "C": 0}
    assert letters_duplicate(LettersRound({"A": ok("MALINE"), "B": wrong("MALINEX")})) == {
        "A": 6,
        "B": 0,
    }


# --- club match ----------------------------------------------------------------------


def test_match_the_better_result_takes_1_point_an_equal_result_none() -> None:
    assert letters_match(LettersRound({"A": ok("MALINE"), "B": ok("RAME")})) == {"A": 1, "B": 0}
    assert letters_match(LettersRound({"A": ok("MALINE"), "B": ok("MARINE")})) == {
        "A": 0,
        "B": 0,
    }
    assert numbers_match(numbers(500, A=NumbersAnswer(498), B=NumbersAnswer(501))) == {
        "A": 0,
        "B": 1,
    }


def test_match_a_lone_error_gives_the_point_to_the_opponent_both_wrong_nobody() -> None:
    assert letters_match(LettersRound({"A": wrong("REMANIABLO"), "B": WordAnswer()})) == {
        "A": 0,
        "B": 1,
    }
    assert numbers_match(
        numbers(500, A=NumbersAnswer(500, error=True), B=NumbersAnswer(500, error=True))
    ) == {"A": 0, "B": 0}


def test_match_a_count_far_from_the_target_still_beats_no_count_at_all() -> None:
    # "le joueur ayant un meilleur résultat que son adversaire marque 1 point": 12 away is a
    # result, nothing is none (it used to lose to nothing when more than 1 away)
    assert numbers_match(numbers(888, A=NumbersAnswer(900), B=NumbersAnswer())) == {
        "A": 1,
        "B": 0,
    }
    assert numbers_match(numbers(888, A=NumbersAnswer(), B=NumbersAnswer())) == {"A": 0, "B": 0}


def test_ruling_duplicate_impossible_count_scale_continues_from_the_best_approach() -> None:
    # "S'il n'est pas approchable à + 1, la meilleure approche donne 7 points puis on
    # applique le barème": best 4 away scores 7, 5 away 6, 6 away 5 (the scale, shifted)
    assert [duplicate_numbers_points(d, 4) for d in (4, 5, 6, 7)] == [7, 6, 5, 4]
    # "approchable à + 1" read as 1 away on either side: 8 points, the plain scale after
    assert [duplicate_numbers_points(d, 1) for d in (1, 2, 3)] == [8, 7, 6]


def test_ruling_zero_as_an_intermediate_result_is_an_error() -> None:
    from engine.judge import judge_numbers

    judged = judge_numbers([3, 75, 2, 4, 5, 5], 303, steps="5-5=0 0+3=3 75x4=300 300+3=303")
    assert judged.answer.error and judged.reason is not None and "nul" in judged.reason
