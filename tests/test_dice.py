"""The dice game "Le mot le plus court" (../shared/rules/des-mot-le-plus-court.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakeclock import FakeClock

from engine.dice import (
    CountdownStopped,
    DiceCorrected,
    DiceError,
    DiceGame,
    DiceRolled,
    ImpossibleAnnounced,
    LettersAnnounced,
    LevelsChosen,
    Phase,
    RollPassed,
    WordGiven,
)
from engine.events import Event, GameStarted
from engine.session import Session
from engine.store import Store

PLAYERS = ("Ana", "Bruno", "Chloé")


class Table:
    """A dice game played at a table with a fake clock, as the app will drive it."""

    def __init__(self, players: tuple[str, ...] = PLAYERS) -> None:
        self.clock = FakeClock()
        self.game = DiceGame(GameStarted("dice", players, seed=1))

    def roll(self, consonants: str, vowel: str | None = None) -> None:
        self.game.apply(DiceRolled(consonants, vowel))

    def announce(self, player: str, letters: int, after: float = 0.0) -> None:
        self.game.apply(LettersAnnounced(player, letters, self.clock.advance(after)))

    def impossible(self, player: str, after: float = 0.0) -> None:
        self.game.apply(ImpossibleAnnounced(player, self.clock.advance(after)))

    def wait(self, seconds: float) -> None:
        """Time passes; the STOP the clock owes, if any, is recorded."""
        stop = self.game.due(self.clock.advance(seconds))
        if stop is not None:
            self.game.apply(stop)

    def word(self, player: str, word: str) -> None:
        self.game.apply(WordGiven(player, word))

    def say(self, player: str, letters: int, word: str) -> None:
        """One player announces, counts down undisturbed and gives a word."""
        self.announce(player, letters, after=2)
        self.wait(letters)
        self.word(player, word)

    def play(self, consonants: str, player: str, letters: int, word: str) -> None:
        """A roll on which one player alone announces."""
        self.roll(consonants)
        self.say(player, letters, word)


def test_a_valid_word_of_the_announced_length_scores_as_many_points() -> None:
    table = Table()
    table.roll("TRS")
    table.announce("Bruno", 6, after=3)
    assert table.game.phase is Phase.COUNTING
    assert table.game.count_shown(table.clock.now + 2.5) == 4
    table.wait(5.9)
    assert table.game.phase is Phase.COUNTING  # "1...": not STOP yet
    table.wait(0.1)
    assert table.game.phase is Phase.WORD
    table.word("Bruno", "tressé")
    assert table.game.scores == {"Ana": 0, "Bruno": 6, "Chloé": 0}
    assert table.game.phase is Phase.ROLL


def test_a_lower_announcement_interrupts_the_countdown_and_starts_its_own() -> None:
    table = Table()
    table.roll("TRS")
    table.announce("Ana", 6, after=1)
    table.announce("Bruno", 5, after=4)  # Ana had reached "2"
    with pytest.raises(DiceError, match="moins de 5"):
        table.announce("Chloé", 5, after=1)
    with pytest.raises(DiceError, match="interrompu"):
        table.announce("Bruno", 4, after=0)
    table.announce("Ana", 4, after=1)  # interrupted, Ana may announce again
    table.wait(3.9)
    with pytest.raises(DiceError, match="STOP"):
        table.game.apply(WordGiven("Ana", "tirs"))
    table.wait(0.1)
    with pytest.raises(DiceError, match="Ana"):
        table.word("Bruno", "tirs")
    table.word("Ana", "tirs")
    assert table.game.scores == {"Ana": 4, "Bruno": 0, "Chloé": 0}
    assert [a.player for a in table.game.rounds[0].announcements] == ["Ana", "Bruno", "Ana"]


def test_an_announcement_after_stop_is_too_late_and_stop_never_comes_early() -> None:
    table = Table()
    table.roll("BRT")
    table.announce("Ana", 5)
    started = table.clock.now
    with pytest.raises(DiceError, match="pas encore"):
        table.game.apply(CountdownStopped(started + 4.5))
    assert table.game.due(started + 4.5) is None
    assert table.game.due(started + 7.0) == CountdownStopped(started + 5.0)
    with pytest.raises(DiceError, match="trop tard"):
        table.announce("Bruno", 4, after=5)
    assert table.game.phase is Phase.COUNTING  # the refused announcement changed nothing


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("TRSX", "mot inconnu"),
        ("tard", "il manque un S"),  # not the three consonants
        ("tresse", "6 lettres au lieu des 4 annoncées"),  # valid, but not the length announced
        ("", "ce n'est pas un mot : lettres A à Z seulement"),  # no word at STOP
    ],
)
def test_a_refused_word_gives_the_announced_points_to_every_other_player(
    word: str, reason: str
) -> None:
    table = Table()
    table.play("TRS", "Chloé", 4, word)
    verdict = table.game.rounds[0].verdict
    assert verdict is not None and verdict.reason == reason
    assert table.game.scores == {"Ana": 4, "Bruno": 4, "Chloé": 0}


def test_ruling_a_consonant_rolled_twice_must_appear_twice_in_the_word() -> None:
    """S, S and P: "au moins les 3 consonnes sorties aux dés" are S, S and P. SPA holds
    only one S and gives the others 3 points; SPAS scores 4."""
    table = Table()
    table.play("SSP", "Ana", 3, "spa")
    verdict = table.game.rounds[0].verdict
    assert verdict is not None and verdict.reason == "il manque un S"
    table.play("PSS", "Bruno", 4, "spas")
    assert table.game.scores == {"Ana": 0, "Bruno": 7, "Chloé": 3}


def test_impossible_uninterrupted_is_worth_3_points_and_the_device_says_it_was_right() -> None:
    table = Table()
    table.roll("XWK")
    assert table.game.rounds[0].shortest["hard"].impossible
    table.impossible("Bruno", after=2)
    table.wait(9.5)
    assert table.game.phase is Phase.COUNTING
    table.wait(0.5)
    assert table.game.scores == {"Ana": 0, "Bruno": 3, "Chloé": 0}
    assert table.game.rounds[0].impossible_was_right


def test_an_uninterrupted_impossible_scores_even_when_a_word_existed() -> None:
    table = Table()
    table.roll("TRS")
    table.impossible("Ana")
    table.wait(10)
    assert table.game.scores["Ana"] == 3
    assert not table.game.rounds[0].impossible_was_right  # the device shows TRES, SORT...


def test_impossible_is_interrupted_by_any_number_even_above_10() -> None:
    table = Table()
    table.roll("BCD")
    assert table.game.rounds[0].shortest["hard"].length == 6
    assert not table.game.rounds[0].impossible_was_right
    table.impossible("Ana")
    table.announce("Chloé", 12, after=9)
    table.announce("Ana", 6, after=3)
    table.wait(6)
    table.word("Ana", "bolduc")
    assert table.game.scores == {"Ana": 6, "Bruno": 0, "Chloé": 0}


def test_impossible_only_opens_a_roll() -> None:
    table = Table()
    table.roll("BCD")
    table.announce("Ana", 8)
    with pytest.raises(DiceError, match="IMPOSSIBLE"):
        table.impossible("Bruno", after=1)


def test_the_shortest_words_are_known_as_soon_as_the_dice_are_rolled() -> None:
    table = Table()
    table.roll("TRS")
    shortest = table.game.rounds[0].shortest["hard"]
    assert shortest.length == 4 and "TRES" in shortest.words


def test_players_roll_in_turn_and_a_roll_nobody_announces_on_is_passed() -> None:
    table = Table()
    rollers = []
    for _ in range(4):
        rollers.append(table.game.rounds[-1].roller)
        table.roll("XWK")
        table.game.apply(RollPassed())
    assert rollers == ["Ana", "Bruno", "Chloé", "Ana"]
    assert sum(table.game.scores.values()) == 0


def test_a_bad_roll_or_an_unknown_player_is_refused_with_a_reason() -> None:
    table = Table()
    with pytest.raises(DiceError, match="consonne"):
        table.roll("TAS")
    with pytest.raises(DiceError, match="dé voyelle"):
        table.roll("TRS", "A")
    table.roll("TRS")
    with pytest.raises(DiceError, match="Zoé ne joue pas"):
        table.announce("Zoé", 4)
    with pytest.raises(DiceError, match="de 3 à 30"):
        table.announce("Ana", 2)


def test_the_intergenerational_variant_checks_each_player_by_their_own_rule() -> None:
    table = Table()
    table.game.apply(LevelsChosen(easy=("Chloé",)))
    table.roll("TRS", "A")
    assert table.game.rounds[0].shortest["easy"].length == 3
    table.say("Chloé", 3, "rat")  # the vowel and two of the three consonants
    table.roll("TRS", "A")
    table.say("Ana", 3, "rat")  # a hard player needs the three consonants
    verdict = table.game.rounds[1].verdict
    assert verdict is not None and verdict.reason == "il manque un S"
    assert table.game.scores == {"Ana": 0, "Bruno": 3, "Chloé": 6}


def test_an_easy_player_s_word_must_hold_the_vowel() -> None:
    table = Table()
    table.game.apply(LevelsChosen(easy=("Ana",)))
    table.roll("TRS", "O")
    table.say("Ana", 4, "tire")
    verdict = table.game.rounds[0].verdict
    assert verdict is not None
    assert (
        verdict.reason == "il faut la voyelle et deux des trois consonnes, ou les trois consonnes"
    )


def test_ruling_an_easy_player_may_give_a_word_with_the_three_consonants_and_no_vowel() -> None:
    """The rules: "pourront chercher un mot comportant la voyelle et au moins deux des trois
    consonnes": a may, not a must. TRÈS holds T, R and S and no O: Ana scores it."""
    table = Table()
    table.game.apply(LevelsChosen(easy=("Ana",)))
    table.roll("TRS", "O")
    table.say("Ana", 4, "très")
    assert table.game.scores == {"Ana": 4, "Bruno": 0, "Chloé": 0}
    table.roll("FFP", "E")
    assert table.game.rounds[1].shortest["easy"].words == ("PFF",)  # shorter than any E word
    table.say("Ana", 3, "pff")
    assert table.game.scores["Ana"] == 7


def test_the_joker_face_lets_an_easy_player_choose_the_vowel() -> None:
    table = Table()
    table.game.apply(LevelsChosen(easy=("Ana",)))
    table.roll("TRS", "*")
    table.say("Ana", 3, "tir")
    assert table.game.scores["Ana"] == 3


def test_levels_are_chosen_before_the_first_roll() -> None:
    table = Table()
    table.roll("TRS")
    with pytest.raises(DiceError, match="avant le premier lancer"):
        table.game.apply(LevelsChosen(easy=("Ana",)))


def test_the_game_ends_as_soon_as_a_player_reaches_36() -> None:
    table = Table()
    for _ in range(5):  # Ana and Bruno 30 points each (6-letter words), Chloé 0
        table.play("BCD", "Ana", 6, "bolduc")
        table.play("BCD", "Bruno", 6, "bocard")
    table.play("TRS", "Chloé", 6, "tresse")  # Chloé 6
    assert table.game.scores == {"Ana": 30, "Bruno": 30, "Chloé": 6}
    table.play("TRS", "Ana", 4, "XXXX")  # wrong: Bruno and Chloé score 4
    assert not table.game.over
    table.play("BCD", "Bruno", 6, "bocard")  # Bruno 40: the first to reach 36 ends it
    assert table.game.over and table.game.ranking() == ["Bruno", "Ana", "Chloé"]
    with pytest.raises(DiceError, match="terminée"):
        table.roll("BCD")


def tie_at_36() -> Table:
    """Ana and Bruno on 30 points; Chloé's wrong 6-letter announcement brings both to 36."""
    table = Table()
    for _ in range(5):
        table.play("BCD", "Ana", 6, "bolduc")
        table.play("BCD", "Bruno", 6, "bocard")
    table.play("BCD", "Chloé", 6, "BCDBCD")
    assert table.game.scores == {"Ana": 36, "Bruno": 36, "Chloé": 0}
    return table


def test_tied_leaders_at_36_roll_again_among_themselves_only() -> None:
    table = tie_at_36()
    assert not table.game.over
    roll_off = table.game.rounds[-1]
    assert roll_off.roll_off and roll_off.players == ("Ana", "Bruno")
    table.roll("TRS")
    with pytest.raises(DiceError, match="Chloé ne joue pas"):
        table.announce("Chloé", 4)
    table.announce("Bruno", 5)
    table.wait(5)
    table.word("Bruno", "XYZZY")  # refused: the other tied player scores, not Chloé
    assert table.game.over
    assert table.game.scores == {"Ana": 41, "Bruno": 36, "Chloé": 0}
    assert table.game.ranking() == ["Ana", "Bruno", "Chloé"]


def test_a_passed_roll_off_is_rolled_again() -> None:
    table = tie_at_36()
    table.roll("XWK")
    table.game.apply(RollPassed())
    assert not table.game.over and table.game.rounds[-1].roll_off
    table.roll("XWK")
    table.impossible("Bruno")
    table.wait(10)
    assert table.game.over and table.game.ranking()[0] == "Bruno"


def test_dice_read_wrong_are_corrected_before_anyone_announces() -> None:
    """The camera read an H where the die shows an M: corrected, the roll is the dice on
    the table, and the shortest words are theirs."""
    table = Table()
    table.roll("HRS")
    table.game.apply(DiceCorrected("MRS"))
    played = table.game.rounds[0]
    assert played.consonants == "MRS"
    assert all(set("MRS") <= set(w) for w in played.shortest["hard"].words)
    table.say("Ana", 5, "merls")
    assert table.game.scores["Ana"] == 5


def test_dice_are_not_corrected_once_someone_announced_nor_before_the_roll() -> None:
    """An announcement is about the dice shown; a correction then would change what was
    announced on. Refused, with its reason, and nothing changes."""
    table = Table()
    with pytest.raises(DiceError, match="avant la première annonce"):
        table.game.apply(DiceCorrected("MRS"))
    table.roll("HRS")
    table.announce("Ana", 5)
    with pytest.raises(DiceError, match="avant la première annonce"):
        table.game.apply(DiceCorrected("MRS"))
    assert table.game.rounds[0].consonants == "HRS"


def test_a_correction_is_checked_as_a_roll_is() -> None:
    table = Table()
    table.roll("HRS")
    with pytest.raises(DiceError, match="consonne"):
        table.game.apply(DiceCorrected("MAS"))
    with pytest.raises(DiceError, match="dé voyelle"):
        table.game.apply(DiceCorrected("MRS", "A"))
    assert table.game.rounds[0].consonants == "HRS"


def test_a_corrected_roll_is_saved_and_resumed(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    session = Session.new(store, "dice", list(PLAYERS), seed=5, clock=FakeClock())
    session.do(DiceRolled("HRS"))
    session.do(DiceCorrected("MRS"))
    game = Session.resume(store, session.game_id, clock=FakeClock()).game
    assert isinstance(game, DiceGame)
    assert game.rounds[0].consonants == "MRS" and game.phase is Phase.LISTENING


def test_a_dice_game_is_saved_and_resumed_where_it_stopped(tmp_path: Path) -> None:
    clock = FakeClock()
    store = Store(tmp_path / "games.db")
    session = Session.new(store, "dice", list(PLAYERS), seed=5, clock=clock)
    session.do(LevelsChosen(easy=("Chloé",)))
    session.do(DiceRolled("TRS", "A"))
    session.do(LettersAnnounced("Ana", 6, clock()))
    said = clock.advance(2)
    session.do(LettersAnnounced("Chloé", 3, said))
    resumed = Session.resume(store, session.game_id, clock=clock)
    game = resumed.game
    assert isinstance(game, DiceGame)
    assert game.phase is Phase.COUNTING and game.level("Chloé") == "easy"
    clock.advance(2.5)
    assert resumed.clock_due() is None
    clock.advance(0.7)
    assert resumed.clock_due() == CountdownStopped(said + 3)
    resumed.do(WordGiven("Chloé", "rat"))
    again = Session.resume(store, session.game_id, clock=clock).game
    assert isinstance(again, DiceGame) and again.scores == {"Ana": 0, "Bruno": 0, "Chloé": 3}


NOT_NUMBERS = [float("nan"), float("inf"), float("-inf")]


def test_a_time_that_is_no_number_is_refused_in_french_and_changes_nothing() -> None:
    table = Table()
    table.roll("TRS")
    table.announce("Ana", 6)
    before = table.game.state()
    for at in NOT_NUMBERS:
        with pytest.raises(DiceError, match="nombre non fini"):
            table.game.apply(LettersAnnounced("Bruno", 5, at))
        with pytest.raises(DiceError, match="nombre non fini"):
            table.game.apply(CountdownStopped(at))
        with pytest.raises(DiceError, match="instant invalide"):
            table.game.count_shown(at)
        with pytest.raises(DiceError, match="instant invalide"):
            table.game.due(at)
    assert table.game.state() == before


SOON = 1_000_001.0  # a second into the countdown of the table below


@pytest.mark.parametrize(
    "event",
    [
        LettersAnnounced("Bruno", True, SOON),  # type: ignore[arg-type]
        LettersAnnounced("Bruno", 5.0, SOON),  # type: ignore[arg-type]
        LettersAnnounced("Bruno", "5", SOON),  # type: ignore[arg-type]
        LettersAnnounced(("Bruno",), 5, SOON),  # type: ignore[arg-type]
        LettersAnnounced("Bruno", 10**5000, SOON),
        ImpossibleAnnounced("Bruno", "tout de suite"),  # type: ignore[arg-type]
        WordGiven("Ana", None),  # type: ignore[arg-type]
        WordGiven("Ana", "\ud800"),
        WordGiven("Ana", "A" * 100_000),
        DiceRolled(["T", "R", "S"]),  # type: ignore[arg-type]
        DiceRolled("TRS", 1),  # type: ignore[arg-type]
        LevelsChosen("Ana"),  # type: ignore[arg-type]
        LevelsChosen(["Ana"]),  # type: ignore[arg-type]
    ],
    ids=lambda event: type(event).__name__,
)
def test_an_event_with_a_field_of_the_wrong_type_is_refused_in_french(event: Event) -> None:
    table = Table()
    if not isinstance(event, LevelsChosen | DiceRolled):
        table.roll("TRS")
        table.announce("Ana", 6)
    if isinstance(event, WordGiven):
        table.wait(6)
    before = table.game.state()
    with pytest.raises(DiceError, match="mal formé"):
        table.game.apply(event)
    assert table.game.state() == before
