"""The word solvers, against the TV show's examples and brute-force scans of the lists."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations

import pytest

from solver.lexicon import lexicon
from solver.words import (
    CONSONANTS,
    InvalidLetters,
    check_draw,
    check_hand,
    longest,
    shortest_with,
    validate,
)


@cache
def every_word(rules: str) -> tuple[str, ...]:
    """The whole list of a game, read one word at a time: the brute force's input."""
    words = lexicon(rules)
    return tuple(word for word, _ in words.words(words.accepted))


def holds(word: str, letters: Counter[str]) -> bool:
    """``word`` holds each of ``letters`` at least that many times."""
    return all(word.count(letter) >= count for letter, count in letters.items())


def spells(letters: Counter[str], word: str) -> bool:
    """The tiles ``letters`` spell ``word``."""
    return len(word) <= letters.total() and holds("".join(letters.elements()), Counter(word))


# -- "Le mot le plus long": the TV show's worked examples ------------------------------------


def test_bamerilane_gives_remaniable_and_reanimable() -> None:
    found = longest("B A M E R I L A N E")
    assert found.best_length == 10
    assert set(found.words) == {"REMANIABLE", "REANIMABLE"}
    assert set(found.display) == {"remaniable", "réanimable"}


def test_anedosunei_gives_saoudienne_then_three_nine_letter_words() -> None:
    found = longest("ANEDOSUNEI")
    assert (found.best_length, found.words) == (10, ("SAOUDIENNE",))
    assert found.next_length == 9
    assert {"ADENOSINE", "AUDONIENS", "SOUDANIEN"} <= set(found.next_words)


@pytest.mark.parametrize("seed", range(4))
def test_longest_words_match_a_scan_of_the_whole_list(seed: int) -> None:
    rng = random.Random(seed)
    letters = "".join(rng.choices("AEIOU", k=4) + rng.choices("BCDLMNPRST", k=6))
    tiles = Counter(letters)
    formable = [w for w in every_word("dcdl") if len(w) >= 2 and spells(tiles, w)]
    best = max(map(len, formable))
    second = max(len(w) for w in formable if len(w) < best)
    found = longest(letters)
    assert found.best_length == best
    assert set(found.words) == {w for w in formable if len(w) == best}
    assert found.next_length == second
    assert set(found.next_words) == {w for w in formable if len(w) == second}


def test_answers_come_most_familiar_first() -> None:
    found = longest("RSTLNEAIOU")
    assert found.words[0] == "RELATIONS"  # before ISOLATEUR, ALUNERAIS...


def test_a_draw_without_any_word_has_best_length_zero() -> None:
    found = longest("XXXXXXXXXX")
    assert (found.best_length, found.words, found.next_length) == (0, (), None)


@pytest.mark.parametrize(
    ("letters", "message"),
    [
        ("", "aucune lettre"),
        ("ABC1EFGHIJ", "« 1 » n'est pas une lettre"),
        ("ABCDEFGHIJK", "11 lettres"),
        ("ABC?", "« \\? » n'est pas une lettre"),  # no jokers in this game
    ],
)
def test_a_bad_draw_is_refused_in_french(letters: str, message: str) -> None:
    with pytest.raises(InvalidLetters, match=message):
        check_draw(letters)


def test_a_draw_is_normalised_like_a_word() -> None:
    assert check_draw("é-l è v e").letters == "ELEVE"


# -- a player's answer -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "letters", "rules", "reason"),
    [
        ("réanimable", "BAMERILANE", "dcdl", None),
        ("Réanimable", None, "dcdl", None),
        ("BALEINES", "BAMERILANE", "dcdl", "il manque un S"),
        ("ABEILLES", "BAMERILANE", "dcdl", "il manque un L et un S"),
        ("EMMELERA", "BAMERILANE", "dcdl", "il manque un E et un M"),
        ("MANGEAIS", None, "dcdl", "forme conjuguée non admise"),
        ("CHANTERAIENT", None, "dcdl", "forme conjuguée non admise"),
        ("Marseille", None, "dcdl", "nom propre"),
        ("ADN", None, "dcdl", "sigle, symbole ou abréviation"),
        ("BLIMARENE", None, "dcdl", "mot inconnu"),
        ("MANGEAIS", None, "dice", None),
        ("Marseille", None, "dice", None),
        ("MANGEAIS", None, "paroles", None),
        ("Marseille", None, "paroles", "nom propre"),
        ("A2", None, "dcdl", "ce n'est pas un mot : lettres A à Z seulement"),
    ],
)
def test_a_player_s_word_is_judged_with_a_french_reason(
    word: str, letters: str | None, rules: str, reason: str | None
) -> None:
    verdict = validate(word, letters, rules)
    assert verdict.valid == (reason is None)
    assert verdict.reason == reason


def test_a_verdict_gives_the_normalised_word_and_its_spelling() -> None:
    verdict = validate("porte-monnaie")
    assert (verdict.word, verdict.display) == ("PORTEMONNAIE", "porte-monnaie")
    assert validate("BLIMARENE").display is None


def test_the_boxed_game_takes_words_of_two_letters_or_more() -> None:
    assert validate("A").reason == "un mot compte au moins 2 lettres"
    assert validate("AN").valid


# -- "Le mot le plus court": the dice game ---------------------------------------------------


@cache
def shortest_first() -> tuple[str, ...]:
    return tuple(sorted(every_word("dice"), key=len))


def scan_shortest(required: list[Counter[str]]) -> tuple[int | None, set[str]]:
    """Read the list from its shortest words up, stopping past the first length found."""
    length, words = None, set()
    for word in shortest_first():
        if length is not None and len(word) > length:
            break
        if any(holds(word, need) for need in required):
            length = len(word)
            words.add(word)
    return length, words


@pytest.mark.parametrize("roll", ["BCD", "KLM", "QRT", "SSP", "ZZZ", "XWK", "HJV"])
def test_shortest_words_match_a_scan_of_the_whole_list(roll: str) -> None:
    found = shortest_with(list(roll))
    length, words = scan_shortest([Counter(roll)])
    assert found.length == length
    assert set(found.words) == words
    assert found.impossible == (length is None)


def test_a_consonant_rolled_twice_must_appear_twice() -> None:
    found = shortest_with("SSP")
    assert found.words and all(word.count("S") >= 2 for word in found.words)


def test_some_rolls_are_impossible() -> None:
    assert shortest_with("XWK").impossible
    assert shortest_with("XWK").words == ()


@pytest.mark.parametrize(
    ("roll", "vowel"), [("BCD", "A"), ("XWK", "O"), ("QZJ", "*"), ("FFP", "E"), ("HMM", "I")]
)
def test_an_easy_player_needs_the_vowel_and_two_consonants_or_the_three(
    roll: str, vowel: str
) -> None:
    found = shortest_with(list(roll), vowel, "easy")
    vowels = "AEIOUY" if vowel == "*" else vowel
    required = [Counter(roll)]
    required += [Counter((v, *pair)) for v in vowels for pair in combinations(roll, 2)]
    length, words = scan_shortest(required)
    assert (found.length, set(found.words)) == (length, words)


def test_ruling_an_easy_player_may_give_a_word_with_the_three_consonants_and_no_vowel() -> None:
    """F F P and the E: PFF holds the three consonants and no E, and is the shortest."""
    found = shortest_with("FFP", "E", "easy")
    assert (found.length, found.words) == (3, ("PFF",))


def test_a_hard_player_needs_the_three_consonants_whatever_the_vowel() -> None:
    assert shortest_with("BCD", "A", "hard").words == shortest_with("BCD").words


@pytest.mark.parametrize(
    ("roll", "vowel", "player", "message"),
    [
        ("BC", None, None, "trois consonnes"),
        ("BCA", None, None, "« A » n'est pas une consonne"),
        ("BCD", "B", "easy", "face du dé voyelle"),
        ("BCD", "A", None, "easy ou hard"),
        ("BCD", None, "easy", "dé voyelle"),
    ],
)
def test_a_bad_roll_is_refused_in_french(
    roll: str, vowel: str | None, player: str | None, message: str
) -> None:
    with pytest.raises(InvalidLetters, match=message):
        shortest_with(list(roll), vowel, player)


def test_the_dice_hold_twenty_consonants_so_1540_rolls() -> None:
    rolls = {tuple(sorted(r)) for r in combinations(CONSONANTS * 3, 3)}
    assert len(CONSONANTS) == 20 and len(rolls) == 1540


# -- "Les paroles s'envolent": a "menteur !" call -------------------------------------------


def test_a_hand_spells_a_word_with_a_joker() -> None:
    check = check_hand("CHAT?", "chats")
    assert check.spelled
    assert check.longest.best_length == 5 and "CHATS" in check.longest.words


def test_a_liar_is_caught() -> None:
    check = check_hand("CHATE", "CHATTE")
    assert not check.spelled
    assert check.verdict.reason == "il manque un T"


def test_two_jokers_at_most() -> None:
    with pytest.raises(InvalidLetters, match="3 jokers"):
        check_draw("AB???", "paroles")
    assert longest("EAU??", "paroles").best_length == 5


def test_jokers_match_a_scan_of_the_whole_list() -> None:
    found = longest("RSE?", "paroles")
    formable = [
        w
        for w in every_word("paroles")
        if len(w) <= 4 and sum((Counter(w) - Counter("RSE")).values()) <= 1
    ]
    best = max(len(w) for w in formable if len(w) <= 4)
    assert found.best_length == best
    assert set(found.words) == {w for w in formable if len(w) == best}
