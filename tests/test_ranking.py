"""The final ranking and its tie-breaks (club duplicate: ../shared/rules/dcdl-club-tournoi.md)."""

from __future__ import annotations

import random

from engine.ranking import RoundRecord, ranking
from engine.rules import CLUB_DUPLICATE, RoundKind

L, N = RoundKind.LETTERS, RoundKind.NUMBERS
KEYS = CLUB_DUPLICATE.ranking_keys


def letters(points: dict[str, int], top: int = 10) -> RoundRecord:
    return RoundRecord(L, points, word_lengths=dict(points), top=top)


def test_the_higher_total_ranks_first() -> None:
    records = [letters({"A": 7, "B": 9})]
    assert ranking(["A", "B"], records, KEYS) == ["B", "A"]


def test_a_tie_goes_to_the_player_with_more_10_letter_words() -> None:
    # both 20 points: A with two 10s, B with 9 + 9 + a numbers 2
    records = [
        letters({"A": 10, "B": 9}),
        letters({"A": 10, "B": 9}),
        RoundRecord(N, {"A": 0, "B": 2}, top=9),
    ]
    assert ranking(["B", "A"], records, KEYS) == ["A", "B"]


def test_then_the_numbers_points() -> None:
    records = [letters({"A": 8, "B": 9}), RoundRecord(N, {"A": 9, "B": 8}, top=9)]
    assert ranking(["B", "A"], records, KEYS) == ["A", "B"]


def test_then_the_9_8_and_7_letter_words() -> None:
    records = [letters({"A": 9, "B": 8}), letters({"A": 6, "B": 7})]
    assert ranking(["B", "A"], records, KEYS) == ["A", "B"]


def test_then_the_first_round_not_topped_comes_later_for_the_winner() -> None:
    # same totals and word counts; A misses the top in round 2, B already in round 1
    records = [letters({"A": 8, "B": 6}, top=8), letters({"A": 6, "B": 8}, top=8)]
    assert ranking(["B", "A"], records, KEYS) == ["A", "B"]


def test_a_perfect_tie_is_settled_by_lot_repeatably() -> None:
    records = [letters({"A": 8, "B": 8}, top=8)]
    first = ranking(["A", "B"], records, KEYS, random.Random(1))
    assert sorted(first) == ["A", "B"]
    assert ranking(["A", "B"], records, KEYS, random.Random(1)) == first
    outcomes = {tuple(ranking(["A", "B"], records, KEYS, random.Random(s))) for s in range(20)}
    assert len(outcomes) == 2
