"""The club rule on accents: "N'oubliez pas les accents sur le « e » (même si votre mot est
en majuscule)", and accented input everywhere a word or a draw is typed.

The rulings where the rule is silent are in docs/rulings.md ("Words: the lexicon, accents
and hyphens"); each test named ``test_ruling_...`` pins one.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from device.scenes.answers import WordEntry
from engine.events import (
    GameStarted,
    LettersDrawn,
    NumbersDrawn,
    RoundClosed,
    TimerStarted,
    TimerStopped,
    WordAnswered,
)
from engine.game import Game
from engine.judge import judge_word
from engine.rules import RULE_SETS, Composition, RoundKind
from solver.accents import accent_fault, club_spelling
from solver.words import validate

ROOT = Path(__file__).resolve().parent.parent


def club(word: str) -> str | None:
    """The club's verdict on a word alone: None when it stands, else the French reason."""
    return validate(word, accents=True).reason


# -- The rulebook's own examples ------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "right"),
    [
        ("fatuité", True),  # "quand ils sont sur la dernière lettre du mot"
        ("fatuite", False),
        ("arsenic", True),  # "quand ils sont dans un mot"
        ("resonnées", True),
        ("résonnées", False),
    ],
)
def test_the_club_rulebook_s_examples_of_accents_on_the_e(word: str, right: bool) -> None:
    assert (club(word) is None) == right


def test_a_wrong_e_says_what_is_wrong_in_french() -> None:
    assert club("fatuite") == "accent oublié sur le E : « fatuité »"
    assert club("résonnées") == "accent en trop sur le E : « resonnées »"
    assert club("arsénic") == "accent en trop sur le E : « arsenic »"
    assert club("fatuitè") == "mauvais accent sur le E : « fatuité »"


# -- The rulings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "right"),
    [
        ("élève", True),
        ("éleve", False),  # the grave accent forgotten
        ("exprès", True),
        ("exprés", False),  # the wrong accent
        ("pêche", True),
        ("pèche", False),  # "il pèche" is a conjugated form: the E is wrong for a noun
        ("noël", True),  # the diaeresis is an E's mark too
        ("noel", False),
        ("canoë", True),
    ],
)
def test_ruling_every_mark_on_an_e_counts_acute_grave_circumflex_and_diaeresis(
    word: str, right: bool
) -> None:
    assert (club(word) is None) == right


def test_ruling_capitals_carry_their_e_accents_too() -> None:
    # "même si votre mot est en majuscule"
    assert club("FATUITÉ") is None and club("ÉLÈVE") is None
    assert club("FATUITE") == "accent oublié sur le E : « fatuité »"
    assert club("ELEVE") is not None


@pytest.mark.parametrize(
    "word", ["garcon", "garçon", "naive", "naïve", "ame", "âme", "ile", "hotel", "aigue"]
)
def test_ruling_no_other_letter_s_marks_count_nor_the_cedilla(word: str) -> None:
    # "aigue": the 1990 spelling "aigüe" puts the diaeresis on the U, which does not count
    assert club(word) is None


@pytest.mark.parametrize(
    "word", ["événement", "évènement", "crémerie", "crèmerie", "péché", "pêché", "séché"]
)
def test_ruling_any_spelling_the_list_accepts_for_a_word_stands(word: str) -> None:
    assert club(word) is None


@pytest.mark.parametrize("word", ["porte-monnaie", "PORTE MONNAIE", "portemonnaie", "Été"])
def test_ruling_hyphens_spaces_and_case_are_not_counted(word: str) -> None:
    # "On ne tient pas compte des traits d'union"
    assert club(word) is None


def test_ruling_the_accent_rule_applies_to_the_club_rule_sets_only() -> None:
    assert validate("fatuite").valid and validate("résonnées").valid
    assert judge_word("FATUITEBRO", "fatuite") == judge_word("FATUITEBRO", "FATUITÉ")
    assert [name for name, rules in RULE_SETS.items() if rules.accents] == [
        "club-duplicate",
        "club-match",
        "club-match-classement",
        "club-match-final",
    ]


def test_a_word_the_list_refuses_keeps_the_list_s_reason() -> None:
    assert accent_fault("mangeais") is None and accent_fault("xqzw") is None
    assert club("mangeais") == "forme conjuguée non admise"
    assert club("XQZW") == "mot inconnu"


def test_the_club_spelling_keeps_only_the_e_s_marks() -> None:
    assert club_spelling("Crème-brûlée à l'œuf") == "CRÈMEBRULÉEALOEUF"


# -- Accented input everywhere a word or a draw is typed --------------------------------


def test_an_accented_word_shows_the_spelling_written() -> None:
    assert validate("ÉLÈVE").display == "élève"
    assert validate("eleve").display == "élevé"  # the most familiar, when the E's say nothing


def arbitre(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "device", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


def test_the_command_line_takes_accents_and_hyphens_in_words_and_draws() -> None:
    letters = arbitre("letters", "bâmé-rilâne", "--json")
    assert json.loads(letters.stdout)["words"] == ["REANIMABLE", "REMANIABLE"]
    dice = arbitre("dice", "ç", "S", "P", "--json")
    assert json.loads(dice.stdout)["consonants"] == ["C", "S", "P"]
    word = arbitre("validate", "Réanimable", "--letters", "BAMÉRILANE", "--json")
    assert json.loads(word.stdout)["valid"] is True
    club = arbitre("validate", "élève", "--letters", "ÉLÈVE-BRSAI", "--accents")
    assert club.stdout == "élève : admis\n"


def test_validate_applies_the_club_rule_with_accents() -> None:
    refused = arbitre("validate", "FATUITE", "--accents")
    assert refused.stdout == "FATUITE : refusé (accent oublié sur le E : « fatuité »)\n"
    assert arbitre("validate", "fatuité", "--accents").stdout == "fatuité : admis\n"
    batch = arbitre("validate", "--batch", "--accents", "--json", stdin="résonnées\nresonnées\n")
    assert [json.loads(line)["valid"] for line in batch.stdout.splitlines()] == [False, True]
    other = arbitre("validate", "chat", "--accents", "--rules", "dice")
    assert other.returncode == 2 and "--rules dcdl" in other.stderr


def test_a_club_game_refuses_a_word_whose_e_lacks_its_accent() -> None:
    game = Game(GameStarted("club-match", ("Ana", "Bruno"), seed=7))
    while game.current is not None and game.current.kind is RoundKind.NUMBERS:
        game.apply(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
        game.apply(TimerStarted(100.0))
        game.apply(TimerStopped(155.0))
        game.apply(RoundClosed())
    current = game.current
    assert current is not None and isinstance(current.composition, Composition)
    game.apply(LettersDrawn(_with_eleve(current.composition)))
    game.apply(TimerStarted(200.0))
    game.apply(TimerStopped(250.0))
    game.apply(WordAnswered("Ana", "ÉLÈVE"))
    game.apply(WordAnswered("Bruno", "ELEVE"))
    game.apply(RoundClosed())
    assert current.reasons == {"Bruno": "accent oublié sur le E : « élevé »"}
    assert current.record is not None and current.record.points == {"Ana": 1, "Bruno": 0}


def _with_eleve(composition: Composition) -> str:
    """A draw of the composition holding E L E V E (two consonants, three vowels)."""
    return "ELEVE" + "BRSTN"[: composition.consonants - 2] + "AIOU"[: composition.vowels - 3]


def test_arbitre_score_applies_the_club_rule_too() -> None:
    lines = [
        {"players": ["Ana", "Bruno"]},
        {
            "round": "letters",
            "letters": "ELEVEBRSAI",
            "answers": {"Ana": "élève", "Bruno": "eleve"},
        },
    ]
    text = "\n".join(json.dumps(line) for line in lines) + "\n"
    club_match = json.loads(arbitre("score", "--rules", "club-match", "--json", stdin=text).stdout)
    assert club_match["scores"] == {"Ana": 1, "Bruno": 0}
    boxed = json.loads(arbitre("score", "--rules", "boxed", "--json", stdin=text).stdout)
    assert boxed["scores"] == {"Ana": 5, "Bruno": 5}


def test_the_device_keyboard_gives_an_e_its_accent() -> None:
    entry = WordEntry("ELEVEBRSAI")
    for index in (0, 1, 2, 3, 4):
        entry.tap(index)
    assert entry.word == "ELEVE"
    entry.tap(0)  # an E of the word tapped again: É, then È, Ê, Ë, and E again
    entry.tap(2)
    entry.tap(2)
    assert entry.word == "ÉLÈVE"
    entry.undo()
    assert entry.word == "ÉLÈV"
    typed = WordEntry("ELEVEBRSAI")
    assert all(typed.type(char) for char in "ÉLÈVE")
    assert typed.word == "ÉLÈVE" and not typed.type("É")
