"""The dice game "Le mot le plus court" on the screen, played through the app's inputs."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_app import make_app, press, settle, tap, type_char
from test_dcdl_text import _record

from device.app import App
from device.intents import Action
from device.reader import DrawReading
from device.theme import UNSURE
from engine.dice import DiceGame, Phase


class DiceReader:
    """A camera over three dice, unsure of the first one the first time; it notes whether
    it was told the vowel die is in play."""

    def __init__(self, faces: tuple[str, ...] = ("S", "S", "P")) -> None:
        self.faces = faces
        self.told: list[bool] = []

    def read_dice(self, vowel_die: bool) -> DrawReading:
        self.told.append(vowel_die)
        if len(self.told) == 1:
            return DrawReading(("?", *self.faces[1:]))
        return DrawReading(self.faces)

    def read_letters(self, composition: object = None) -> DrawReading:
        raise AssertionError("no letters in the dice game")

    def read_numbers(self) -> DrawReading:
        raise AssertionError("no plates in the dice game")

    def close(self) -> None:
        pass


def _tap_button(app: App, key: str) -> None:
    app.step()
    button = next(b for b in app.scene.buttons if b.key == key)
    tap(app, *button.rect.center)


def _game(app: App) -> DiceGame:
    assert app.session is not None and isinstance(app.session.game, DiceGame)
    return app.session.game


def _start(tmp_path: Path, reader: DiceReader) -> tuple[App, object]:
    app, clock = make_app(tmp_path, reader, rules="dice", players=["Ana", "Bruno"])
    press(app)  # home: play
    assert app.scene.name == "des-lancer"
    press(app)  # the photo: ? S P
    assert app.scene.state.endswith("-correction")
    _tap_button(app, "tile:0")
    type_char(app, "s")
    press(app)  # S S P
    assert reader.told == [False], "the reader is told the basic game has no vowel die"
    assert _game(app).current is not None and _game(app).current.consonants == "SSP"
    return app, clock


class DoubtingDiceReader(DiceReader):
    """A camera over three dice that reads them surely but lost the vowel die."""

    def read_dice(self, vowel_die: bool) -> DrawReading:
        self.told.append(vowel_die)
        return DrawReading(self.faces, ("dé des voyelles non trouvé",))


def test_dice_read_surely_but_doubted_by_the_reader_wait_for_the_players(tmp_path: Path) -> None:
    """The reader's warning is shown and the roll is the players' to validate (or to
    correct, or to photograph again), not given to the game at once."""
    app, _ = make_app(tmp_path, DoubtingDiceReader(), rules="dice", players=["Ana", "Bruno"])
    press(app)  # home: play
    press(app)  # the photo: S S P, surely, with a doubt
    assert app.scene.name == "des-lancer"
    assert _game(app).current is None or not _game(app).current.consonants  # type: ignore[union-attr]
    app.step()
    h = app.surface.get_height()
    band = pygame.surfarray.pixels3d(app.surface)[:, int(h * 0.47) : int(h * 0.54)]
    orange = (band[..., 0] > 230) & (abs(band[..., 1].astype(int) - UNSURE[1]) < 30)
    assert int((orange & (band[..., 2] < 110)).sum()) > 100  # the warning's letters
    del band
    press(app)  # the buzzer validates the dice
    assert _game(app).current is not None and _game(app).current.consonants == "SSP"
    app.close()


def test_a_lower_announcement_interrupts_and_its_word_scores_its_length(tmp_path: Path) -> None:
    app, clock = _start(tmp_path, DiceReader())
    assert app.scene.name == "des-annonces"
    _tap_button(app, "player:Ana")
    _tap_button(app, "count:5")
    clock.now += 1  # type: ignore[attr-defined]
    _tap_button(app, "player:Bruno")
    _tap_button(app, "count:4")
    clock.now += 4  # type: ignore[attr-defined]
    app.step()  # STOP, four counts after Bruno's announcement
    assert app.scene.name == "des-mot"
    for char in "spas":
        type_char(app, char)
    press(app, Action.CONFIRM)
    assert app.scene.name == "des-resultat"
    assert _game(app).scores == {"Ana": 0, "Bruno": 4}
    press(app)
    assert app.scene.name == "des-lancer" and _game(app).current.roller == "Bruno"  # type: ignore[union-attr]
    app.close()


def test_a_dice_game_cut_during_a_countdown_resumes_with_the_count_running_on(
    tmp_path: Path,
) -> None:
    app, clock = _start(tmp_path, DiceReader())
    _tap_button(app, "player:Ana")
    _tap_button(app, "count:5")
    announced = clock.now  # type: ignore[attr-defined]
    app.close()  # the power goes while Ana counts

    resumed, clock = make_app(tmp_path, DiceReader(), rules="dice")
    clock.now = announced + 2
    _tap_button(resumed, "resume")
    assert resumed.scene.name == "des-annonces"
    assert _game(resumed).count_shown(clock.now) == 3
    clock.now = announced + 7
    resumed.step()
    assert resumed.scene.name == "des-mot", "STOP came while the referee was off"
    assert _game(resumed).current is not None
    assert _game(resumed).phase is Phase.WORD
    resumed.close()


def test_a_whole_dice_demo_game_plays_to_the_end(tmp_path: Path) -> None:
    app, clock = make_app(tmp_path, rules="dice", demo=True, exit_after_game=True)
    for _ in range(20_000):
        if not app.running:
            break
        clock.now += 0.5
        app.step()
        app.jobs.settle()
    assert not app.running, "the demo game did not end"
    game = _game(app)
    assert game.over and max(game.scores.values()) >= 36
    shots = [p.name for p in (tmp_path / "shots").iterdir()]
    for needed in ("accueil-dice", "lancer01-des", "annonces", "mot", "resultat", "fin"):
        assert any(needed in name for name in shots), needed
    settle(app)
    app.close()


def test_the_camera_reader_tells_the_dice_reader_whether_the_vowel_die_is_in_play() -> None:
    from device.reader import CameraReader
    from vision.camera import FolderCamera
    from vision.samples import SAMPLES

    def first_photo() -> CameraReader:
        return CameraReader(
            FolderCamera(SAMPLES / "letters"), dice_camera=FolderCamera(SAMPLES / "dice")
        )

    assert first_photo().read_dice(vowel_die=True).values == ("B", "C", "D", "A")
    assert len(first_photo().read_dice(vowel_die=False).values) == 3, "no vowel die read"


def test_the_variant_is_chosen_before_the_first_roll_and_the_reader_reads_the_vowel_die(
    tmp_path: Path,
) -> None:
    reader = DiceReader(("S", "S", "P", "A"))
    app, _clock = make_app(tmp_path, reader, rules="dice", players=["Ana", "Bruno"])
    press(app)
    _tap_button(app, "variant")
    _tap_button(app, "easy:Ana")
    _tap_button(app, "levels")
    assert _game(app).levels == {"Ana": "easy", "Bruno": "hard"}
    press(app)  # the photo: ? S P A
    _tap_button(app, "tile:0")
    type_char(app, "s")
    press(app)
    assert reader.told == [True], "the reader is told the vowel die is in play"
    current = _game(app).current
    assert current is not None and (current.consonants, current.vowel) == ("SSP", "A")
    assert set(current.shortest) == {"hard", "easy"}
    app.close()


def test_an_impossible_is_interrupted_by_a_number_even_above_ten(tmp_path: Path) -> None:
    """« il marquera 3 points si aucun autre joueur n'interrompt son décompte en donnant un
    nombre, même supérieur à 10 »: Bruno's 12 letters stop Ana's IMPOSSIBLE."""
    app, clock = _start(tmp_path, DiceReader())
    _tap_button(app, "player:Ana")
    _tap_button(app, "impossible")
    clock.now += 2  # type: ignore[attr-defined]
    _tap_button(app, "player:Bruno")
    _tap_button(app, "count:12")
    current = _game(app).current
    assert current is not None and current.counting is not None
    assert (current.counting.player, current.counting.letters) == ("Bruno", 12)
    app.close()


class SureDiceReader(DiceReader):
    """A camera that reads every die surely: the faces it is given, right or wrong."""

    def read_dice(self, vowel_die: bool) -> DrawReading:
        self.told.append(vowel_die)
        return DrawReading(self.faces)


def test_a_die_the_camera_could_not_read_is_corrected_by_touch_only(tmp_path: Path) -> None:
    """A table with a touchscreen and no keyboard: the "?" die is tapped, then the S of
    the screen's keys; the buzzer takes the roll."""
    app, _ = make_app(tmp_path, DiceReader(), rules="dice", players=["Ana", "Bruno"])
    press(app)  # home: play
    press(app)  # the photo: ? S P
    _tap_button(app, "tile:0")
    assert app.scene.state.endswith("-correction")
    _tap_button(app, "kb:S")
    press(app)
    current = _game(app).current
    assert current is not None and current.consonants == "SSP"
    app.close()


def test_a_d20_being_corrected_offers_its_twenty_consonants_and_no_vowel(
    tmp_path: Path,
) -> None:
    """ "3 dés 20 faces avec des consonnes": the keys of a d20 being corrected are its
    twenty faces, no vowel a player could tap by mistake, each key larger for it."""
    app, _ = make_app(tmp_path, DiceReader(), rules="dice", players=["Ana", "Bruno"])
    press(app)  # home: play
    press(app)  # the photo: ? S P
    _tap_button(app, "tile:0")
    app.step()
    keys = {b.key[3:] for b in app.scene.buttons if b.key.startswith("kb:")}
    assert keys == set("BCDFGHJKLMNPQRSTVWXZ") | {"del", "ok"}
    key = next(b for b in app.scene.buttons if b.key == "kb:B")
    assert key.rect.height >= 0.1 * app.surface.get_height()
    app.close()


def test_a_die_read_wrong_is_corrected_before_anyone_announces(tmp_path: Path) -> None:
    """The camera read an H where the die shows an M, surely: the roll was taken. Before
    anyone announces, the H is tapped and the M of the screen's keys: the roll is the
    dice on the table, and the shortest words are theirs."""
    app, _ = make_app(
        tmp_path, SureDiceReader(("H", "R", "S")), rules="dice", players=["Ana", "Bruno"]
    )
    press(app)  # home: play
    press(app)  # the photo, read surely: the roll is taken
    assert app.scene.name == "des-annonces"
    assert _game(app).current is not None and _game(app).current.consonants == "HRS"
    _tap_button(app, "tile:0")
    assert app.scene.state.endswith("-correction")
    _tap_button(app, "kb:M")
    current = _game(app).current
    assert current is not None and current.consonants == "MRS"
    assert all(set("MRS") <= set(w) for w in current.shortest["hard"].words)
    assert not app.scene.state.endswith("-correction")
    app.close()


def test_once_someone_announced_the_dice_are_no_longer_corrected(tmp_path: Path) -> None:
    app, _ = make_app(
        tmp_path, SureDiceReader(("H", "R", "S")), rules="dice", players=["Ana", "Bruno"]
    )
    press(app)  # home: play
    press(app)  # the roll
    _tap_button(app, "player:Ana")
    _tap_button(app, "count:5")
    assert _game(app).phase is Phase.COUNTING
    app.step()
    assert not [b for b in app.scene.buttons if b.key.startswith("tile:")]
    app.close()


def test_a_roll_off_between_long_names_is_said_whole_at_a_readable_size(tmp_path: Path) -> None:
    """Three players of long names tied at 36 (the fourth's wrong word gave each 6): the
    roll-off's screen says who rolls off, on the screen, at 20 px or more, clear of the
    header's scores."""
    from engine.dice import CountdownStopped, DiceRolled, LettersAnnounced, WordGiven

    names = ["Marie-Antoinette", "Jean-Christophe", "Anne-Charlotte", "Pierre-Emmanuel"]
    app, _clock = make_app(tmp_path, DiceReader(), rules="dice", players=names)
    press(app)  # home: play
    session = app.session
    assert session is not None
    now = 0.0

    def say(player: str, word: str) -> None:
        nonlocal now
        session.do(DiceRolled("BCD", None))
        now += 1
        session.do(LettersAnnounced(player, len(word), now))
        now += len(word) + 1
        session.do(CountdownStopped(now))
        session.do(WordGiven(player, word))

    for _ in range(5):
        for player, word in zip(names[:3], ("bolduc", "bocard", "bécard"), strict=True):
            say(player, word)
    say(names[3], "BCDBCD")  # refused: the three others score its 6
    game = _game(app)
    assert game.scores == dict(zip(names, (36, 36, 36, 0), strict=True)) and not game.over
    app.play(session)
    app.step()
    assert app.scene.name == "des-resultat"  # the fourth's refused word
    press(app)  # the roll-off's dice
    drawn = _record(app)
    app.refresh()
    app.step()
    assert app.scene.name == "des-lancer"
    said = [(line, rect) for line, rect in drawn if line.startswith("Départage")]
    assert [line for line, _ in said] == ["Départage : " + " et ".join(names[:3])]
    rect = said[0][1]
    assert rect.height >= 20 and app.surface.get_rect().contains(rect), rect
    for line, other in drawn:
        if line != said[0][0] and other.top < 70:  # the header's lines
            assert not other.inflate(0, -8).colliderect(rect.inflate(0, -8)), (line, other)
    app.close()
