"""Whole games through the engine, with a fake clock (no sleeping)."""

from __future__ import annotations

import pytest

from engine.events import (
    AnswerUndone,
    DuelDecided,
    GameStarted,
    LettersDrawn,
    NumbersAnswered,
    NumbersDrawn,
    PlayerAbsent,
    RoundClosed,
    TimerStarted,
    TimerStopped,
    ValueConfirmed,
    WordAnswered,
)
from engine.game import Game, GameRuleError, Phase
from engine.rules import RoundKind


def new_game(rules: str = "boxed", players: tuple[str, ...] = ("Ana", "Bruno")) -> Game:
    return Game(GameStarted(rules, players, seed=7))


def play_numbers(game: Game, plates: tuple[int, ...], target: int, **answers: str) -> None:
    game.apply(NumbersDrawn(plates, target))
    game.apply(TimerStarted(100.0))
    game.apply(TimerStopped(145.0))
    for player, steps in answers.items():
        game.apply(NumbersAnswered(player, steps=steps))
    game.apply(RoundClosed())


def play_letters(game: Game, letters: str, **words: str) -> None:
    game.apply(LettersDrawn(letters))
    game.apply(TimerStarted(200.0))
    game.apply(TimerStopped(230.0))
    for player, word in words.items():
        game.apply(WordAnswered(player, word))
    game.apply(RoundClosed())


def test_a_boxed_game_has_12_rounds_4_numbers_and_8_letters() -> None:
    game = new_game()
    kinds = []
    for _ in range(12):
        current = game.current
        assert current is not None
        kinds.append(current.kind)
        if current.kind is RoundKind.NUMBERS:
            play_numbers(game, (3, 75, 2, 4, 1, 1), 888, Ana="75-1=74 3x4=12 74x12=888")
        else:
            play_letters(game, "BAMERILANE", Ana="MALINE", Bruno="REANIMABLE")
    assert kinds.count(RoundKind.NUMBERS) == 4 and kinds.count(RoundKind.LETTERS) == 8
    assert game.over and game.phase is Phase.OVER
    assert game.scores == {"Ana": 40, "Bruno": 80}
    assert game.ranking() == ["Bruno", "Ana"]


def test_the_boxed_timers_are_45_seconds_for_numbers_and_30_for_letters() -> None:
    game = new_game()
    game.apply(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
    game.apply(TimerStarted(1000.0))
    assert game.remaining(1000.0) == 45
    assert game.remaining(1040.0) == 5
    assert game.remaining(1100.0) == 0
    game.apply(TimerStopped(1045.0))
    play_letters_started = new_game()
    play_numbers(play_letters_started, (3, 75, 2, 4, 1, 1), 888)
    play_letters_started.apply(LettersDrawn("BAMERILANE"))
    play_letters_started.apply(TimerStarted(0.0))
    assert play_letters_started.remaining(0.0) == 30


def test_a_letter_draw_with_fewer_than_2_vowels_is_refused_and_must_be_redrawn() -> None:
    game = new_game()
    play_numbers(game, (3, 75, 2, 4, 1, 1), 888)
    with pytest.raises(GameRuleError, match="au moins 2 voyelles"):
        game.apply(LettersDrawn("BCDFGHJKLA"))
    assert game.phase is Phase.DRAW
    game.apply(LettersDrawn("BAMERILANE"))
    assert game.phase is Phase.READY


def test_an_impossible_plate_draw_or_target_is_refused() -> None:
    game = new_game("tv")
    play_letters(game, "BAMERILANE")
    with pytest.raises(GameRuleError, match="trois plaques 7"):
        game.apply(NumbersDrawn((7, 7, 7, 1, 2, 3), 500))
    with pytest.raises(GameRuleError, match="entre 100 et 999"):
        game.apply(NumbersDrawn((7, 6, 5, 1, 2, 3), 50))


def test_answers_cannot_come_before_the_timer_and_the_round_cannot_close_early() -> None:
    game = new_game()
    game.apply(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
    with pytest.raises(GameRuleError):
        game.apply(NumbersAnswered("Ana", 888))
    game.apply(TimerStarted(0.0))
    game.apply(NumbersAnswered("Ana", steps="75-1=74 3x4=12 74x12=888"))
    with pytest.raises(GameRuleError):
        game.apply(RoundClosed())


def test_a_value_without_steps_is_scored_only_once_the_referee_confirms_it() -> None:
    game = new_game()
    game.apply(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
    game.apply(TimerStarted(0.0))
    game.apply(TimerStopped(45.0))
    game.apply(NumbersAnswered("Ana", 888))
    game.apply(NumbersAnswered("Bruno", 887))
    with pytest.raises(GameRuleError, match="à confirmer"):
        game.apply(RoundClosed())
    game.apply(ValueConfirmed("Ana", confirmed=False))
    game.apply(ValueConfirmed("Bruno", confirmed=True))
    game.apply(RoundClosed())
    assert game.rounds[0].record is not None
    assert game.rounds[0].record.points == {"Ana": 0, "Bruno": 7}


def test_undo_takes_back_the_last_answer_entered() -> None:
    game = new_game()
    play_numbers(game, (3, 75, 2, 4, 1, 1), 888)
    game.apply(LettersDrawn("BAMERILANE"))
    game.apply(TimerStarted(0.0))
    game.apply(TimerStopped(30.0))
    game.apply(WordAnswered("Ana", "MALINE"))
    game.apply(WordAnswered("Bruno", "REMANIABLX"))
    game.apply(AnswerUndone())
    game.apply(WordAnswered("Bruno", "REMANIABLE"))
    game.apply(RoundClosed())
    assert game.rounds[1].record is not None
    assert game.rounds[1].record.points == {"Ana": 0, "Bruno": 10}


def test_an_absent_player_cannot_answer_and_scores_nothing() -> None:
    game = new_game(players=("Ana", "Bruno", "Chloé"))
    game.apply(PlayerAbsent("Chloé"))
    game.apply(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
    game.apply(TimerStarted(0.0))
    with pytest.raises(GameRuleError, match="absent"):
        game.apply(NumbersAnswered("Chloé", steps="75-1=74 3x4=12 74x12=888"))
    game.apply(NumbersAnswered("Ana", steps="75-1=74 3x4=12 74x12=888"))
    game.apply(TimerStopped(45.0))
    game.apply(RoundClosed())
    assert game.rounds[0].record is not None
    assert game.rounds[0].record.points == {"Ana": 10, "Bruno": 0, "Chloé": 0}


def test_a_refused_word_gets_its_reason() -> None:
    game = new_game()
    play_numbers(game, (3, 75, 2, 4, 1, 1), 888)
    play_letters(game, "BAMERILANE", Ana="MANGEAIS", Bruno="MALINE")
    assert "Ana" in game.rounds[1].reasons


def test_the_tv_show_runs_letters_numbers_duels_and_the_sprint() -> None:
    game = new_game("tv")
    for _ in range(16):
        current = game.current
        assert current is not None
        if current.kind is RoundKind.LETTERS:
            play_letters(game, "BAMERILANE", Ana="REANIMABLE", Bruno="MALINE")
        elif current.kind is RoundKind.NUMBERS:
            play_numbers(game, (3, 100, 8, 8, 10, 6), 683, Bruno="100x6=600 8x10=80 600+80=680")
        else:
            assert current.phase is Phase.READY
            game.apply(DuelDecided(wrong="Ana"))
    assert game.over
    # Ana: 6 letters rounds x 10; Bruno: 6 numbers rounds x 7 + 2 duels and 2 sprints x 5
    assert game.scores == {"Ana": 60, "Bruno": 42 + 20}


def test_a_club_match_tie_goes_to_two_extra_rounds_then_sudden_death() -> None:
    game = new_game("club-match")
    for _ in range(20):
        play_blank_round(game)
    assert not game.over, "0-0 after 20 rounds: extra rounds follow"
    extra = []
    for _ in range(4):
        current = game.current
        assert current is not None
        extra.append(current.kind)
        play_blank_round(game)
    assert extra[:2] == [RoundKind.NUMBERS, RoundKind.LETTERS]
    assert extra[2] != extra[3], "sudden death alternates"
    current = game.current
    assert current is not None
    if current.kind is RoundKind.NUMBERS:
        play_numbers(game, (3, 75, 2, 4, 1, 1), 888, Ana="75-1=74 3x4=12 74x12=888")
    else:
        game.apply(LettersDrawn("BAMERILANE"))
        game.apply(TimerStarted(0.0))
        game.apply(TimerStopped(50.0))
        game.apply(WordAnswered("Ana", "MALINE"))
        game.apply(RoundClosed())
    assert game.over and game.ranking() == ["Ana", "Bruno"]


def play_blank_round(game: Game) -> None:
    """A round nobody answers, its draw made to the round's composition."""
    current = game.current
    assert current is not None
    if current.kind is RoundKind.NUMBERS:
        play_numbers(game, (3, 75, 2, 4, 1, 1), 888)
    else:
        play_letters(game, _draw_for(current.composition))


def _draw_for(composition: object) -> str:
    """A letter draw of the composition a club round asks for."""
    from engine.rules import Composition

    assert isinstance(composition, Composition)
    vowels = "AEIOUAEIOU"[: composition.vowels]
    consonants = "BCDFGHLMNPRST"[: composition.consonants]
    return vowels + consonants


def test_a_club_letter_draw_must_match_its_composition() -> None:
    game = new_game("club-duplicate", ("Ana",))
    current = game.current
    assert current is not None and current.composition is not None
    wrong = "AEIOUYBCDF" if current.composition.vowels != 6 else "AEIOUBCDFG"
    with pytest.raises(GameRuleError, match="consonnes"):
        game.apply(LettersDrawn(wrong))
    game.apply(LettersDrawn(_draw_for(current.composition)))


def _facts(game: Game) -> tuple[object, ...]:
    """Everything the events decide (the rounds compare field by field)."""
    return (tuple(game.rounds), frozenset(game.absent), game._extra, game._rng.getstate())


def test_a_wrong_entry_seen_on_the_result_is_taken_back_and_the_round_scored_again() -> None:
    events = [
        NumbersDrawn((3, 75, 2, 4, 1, 1), 888),
        TimerStarted(100.0),
        TimerStopped(145.0),
        NumbersAnswered("Ana", steps="75-1=74 3x4=12 74x12=888"),
        NumbersAnswered("Bruno", steps="75+1=76"),
        RoundClosed(),
    ]
    game = new_game()
    for event in events:
        game.apply(event)
    assert game.scores == {"Ana": 10, "Bruno": 0}
    # Bruno's answer was typed wrong: the referee takes it back before the next draw
    game.apply(AnswerUndone())
    current = game.current
    assert current is not None and current.number == 1 and current.phase is Phase.ANSWERS
    assert set(current.numbers_answers) == {"Ana"} and current.record is None
    assert len(game.rounds) == 1 and game.scores == {"Ana": 0, "Bruno": 0}
    game.apply(NumbersAnswered("Bruno", steps="75-1=74 3x4=12 74x12=888"))
    game.apply(RoundClosed())
    assert game.scores == {"Ana": 10, "Bruno": 10}
    assert game.current is not None and game.current.number == 2
    # replaying the saved events gives the same game
    replayed = new_game()
    for event in [
        *events,
        AnswerUndone(),
        NumbersAnswered("Bruno", steps="75-1=74 3x4=12 74x12=888"),
        RoundClosed(),
    ]:
        replayed.apply(event)
    assert _facts(replayed) == _facts(game)


def test_the_last_round_cannot_be_corrected_once_the_next_one_has_begun() -> None:
    game = new_game()
    play_numbers(game, (3, 75, 2, 4, 1, 1), 888, Ana="75-1=74 3x4=12 74x12=888")
    game.apply(LettersDrawn("BAMERILANE"))
    before = _facts(game)
    with pytest.raises(GameRuleError, match="aucune réponse à annuler"):
        game.apply(AnswerUndone())
    assert _facts(game) == before and game.scores == {"Ana": 10, "Bruno": 0}


def test_a_round_without_answers_or_the_game_s_first_round_has_nothing_to_take_back() -> None:
    game = new_game()
    with pytest.raises(GameRuleError, match="aucune réponse à annuler"):
        game.apply(AnswerUndone())
    play_numbers(game, (3, 75, 2, 4, 1, 1), 888)
    before = _facts(game)
    with pytest.raises(GameRuleError, match="aucune réponse à annuler"):
        game.apply(AnswerUndone())
    assert _facts(game) == before


def test_the_last_round_of_a_finished_game_can_still_be_corrected() -> None:
    game = new_game()
    for _ in range(12):
        current = game.current
        assert current is not None
        if current.kind is RoundKind.NUMBERS:
            play_numbers(game, (3, 75, 2, 4, 1, 1), 888)
        else:
            play_letters(game, "BAMERILANE", Bruno="MALINE")
    assert game.over and game.scores == {"Ana": 0, "Bruno": 48}
    game.apply(AnswerUndone())
    assert not game.over and game.phase is Phase.ANSWERS
    game.apply(WordAnswered("Bruno", "REANIMABLE"))
    game.apply(RoundClosed())
    assert game.over and game.scores == {"Ana": 0, "Bruno": 52}
