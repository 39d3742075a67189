"""The demo: a whole game played by itself (the idle attract mode, and a smoke test).

The demo plays as the people at the table would, through the same inputs: it presses the
buzzer (the space bar), taps the buttons it sees on the screen, types on the keyboard and
presses Enter. It never calls a screen's methods, so every path it takes is one a person
can take. What it decides comes from what a person sees: the screen's name and buttons
(a tile's tap zone carries the tile's value), the game's state, and the holder itself
(the sample photos' names, when the camera is the simulated one).

Every second or so of (possibly accelerated) time it does the next thing: starts a game,
reads the draw (a tile the camera could not read is tapped and typed as it is on the
holder, or the photo retaken; a holder the rules refuse again and again is typed
instead), turns the hourglass, and enters the answers of simulated
players: the first finds the solver's best, the second the next best (now and then a word
the lexicon refuses), the others nothing, so that every screen and rule shows up.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

import pygame

from device.demo_paroles import ParolesTable
from device.demo_pyramide import PyramideTable
from device.host import Host
from device.intents import Action, rotate_point
from device.scenes.base import Scene
from device.scenes.dice import COUNTS
from engine.dice import DiceRound
from engine.game import Phase, Round
from engine.letters import draw_letters
from engine.paroles import ParolesGame
from engine.pyramide import PyramideGame
from engine.rules import RoundKind
from engine.sloubi import BEAT, SloubiGame, SloubiRound, count_at, roll_bucket
from solver.numbers import Solution
from solver.plates import draw_numbers
from solver.words import LongestWords
from vision.samples import samples

DELAY = 1.5
"""Seconds (of the app's clock) between two actions."""

KEYS = {
    Action.BUZZ: (pygame.K_SPACE, " "),
    Action.CONFIRM: (pygame.K_RETURN, "\r"),
    Action.BACK: (pygame.K_ESCAPE, "\x1b"),
    Action.DELETE: (pygame.K_BACKSPACE, "\b"),
}
"""The keys that make each action (see :mod:`device.intents`)."""

TYPED_OPS = {"+": "+", "-": "-", "*": "x", "/": ":"}
"""How a person types each operation."""

SPRINT_DRAWS = ("kind:sprint-numbers", "kind:sprint-letters")
"""The sprint's two draws, as the player who chooses taps one."""
PHOTOS_PER_DRAW = 3
"""Photos taken of a round's holder before the players type the draw instead: a real
camera may show a holder the rules refuse (the simulated one shows a draw they accept)."""


class Stage(Host, Protocol):
    """What the demo sees: the host, and the screen it shows."""

    @property
    def scene(self) -> Scene: ...

    def refresh(self) -> None: ...


def on_the_holder(values: tuple[str, ...]) -> tuple[str, ...] | None:
    """What the tiles of a reading with "?" really show, as a person at the table sees
    them: here, the sample photo (named after its tiles) that the reading can be."""
    for sample in (*samples("letters"), *samples("numbers")):
        seen = sample.values
        if len(seen) == len(values) and all(
            v in ("?", s) for v, s in zip(values, seen, strict=True)
        ):
            return seen
    return None


def dice_on_the_holder(values: tuple[str, ...]) -> tuple[str, ...] | None:
    """What dice read with "?" really show, from the one sample photo of dice they can be
    (the consonants in any order, as the game takes them); None when it is not one only."""
    found = []
    for sample in samples("dice"):
        faces = list(sample.values)
        seen = _fill(values[:3], faces[:3])
        vowel = values[3:]
        if seen is None or (vowel and vowel[0] not in ("?", *faces[3:])):
            continue
        found.append((*seen, *(faces[3:4] if vowel else [])))
    return found[0] if len(found) == 1 else None


def _reading(scene: Scene) -> bool:
    """Whether the screen is reading a photo of the holder (it says so): a photo taken
    then is not one more try, however slow the reading (an accelerated demo on a busy Pi
    would otherwise give up on the camera after a few turns and type the draw)."""
    return getattr(scene, "reading_job", None) is not None


def _fill(values: tuple[str, ...], faces: list[str]) -> tuple[str, ...] | None:
    """``values`` with each "?" replaced by a face not already read; None if they differ."""
    left = list(faces)
    for value in values:
        if value != "?":
            if value not in left:
                return None
            left.remove(value)
    filled = iter(left)
    return tuple(v if v != "?" else next(filled) for v in values)


class DemoPlayer:
    def __init__(
        self,
        stage: Stage,
        seed: int = 2,
        look: Callable[[tuple[str, ...]], tuple[str, ...] | None] = on_the_holder,
        look_dice: Callable[[tuple[str, ...]], tuple[str, ...] | None] = dice_on_the_holder,
    ) -> None:
        self.stage = stage
        self.rng = random.Random(seed)
        self.look = look
        self.look_dice = look_dice
        self._seen: object = None
        self._since = 0.0
        self._passed: dict[int, int] = {}
        """Players of each round who were entered as "Rien" by the demo."""
        self._photos: dict[int, int] = {}
        """Photos of each round's holder asked for."""
        self._game: object = None
        """The game these counts are about (a new game starts them again)."""
        self.paroles = ParolesTable(random.Random(seed))
        """The players of a bluff game and their cards."""
        self.pyramide = PyramideTable(self, self.rng)
        self._song: SloubiRound | None = None
        """The song (its round) the demo pressed the buzzer to stop."""
        self._pressed_count = 0
        """The count shown when it pressed."""
        self._lead = 0.0
        """Seconds between a press and its taking, as the last song showed."""

    # --- the inputs, as a person makes them -------------------------------------------

    def press(self, action: Action) -> None:
        key, char = KEYS[action]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0))

    def type(self, text: str) -> None:
        for char in text:
            event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UNKNOWN, unicode=char, mod=0)
            pygame.event.post(event)

    def tap(self, key: str) -> bool:
        """Tap the centre of the button ``key`` shown on screen; False if there is none."""
        button = next((b for b in self.stage.scene.buttons if b.key == key), None)
        if button is None:
            return False
        width, height = self.stage.theme.size
        x, y = button.rect.center
        rotation = self.stage.options.rotation
        # the point of the panel that the screen's rotation brings under (x, y)
        px, py = rotate_point(x / width, y / height, (360 - rotation) % 360)
        panel = (width, height) if rotation in (0, 180) else (height, width)
        pos = (round(px * panel[0]), round(py * panel[1]))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        )
        return True

    # --- what to do ---------------------------------------------------------------------

    def act(self, now: float) -> None:
        """Do the next thing a table would do, once the screen has been shown a while."""
        scene = self.stage.scene
        seen = (id(scene), scene.state)
        if scene.state.endswith("-chant-en-cours"):
            self._sing(now)  # the song waits for no one: listen at every turn
            return
        self._learn_lead()
        if seen != self._seen:
            self._seen, self._since = seen, now
            return
        if now - self._since < DELAY:
            return
        self._since = now
        self.stage.refresh()
        session = self.stage.session
        if session is not None and session.game is not self._game:
            self._game = session.game
            self._passed.clear()
            self._photos.clear()
        current = session.game.current if session is not None else None
        name = scene.name
        if name == "accueil":
            self.tap("play")
        elif name == "menu":
            self.tap("back")
        elif name == "fin":
            if not self.stage.options.exit_after_game:
                self.press(Action.BUZZ)
        elif name == "sloubi-seau":
            self._bucket(scene)
        elif name == "sloubi-chant":
            self.press(Action.BUZZ)  # the winner is ready: "Sloubi 1"
        elif name in ("resultat", "des-resultat", "sloubi-resultat"):
            if name != "resultat" or scene.state.endswith("-solution"):
                self.press(Action.BUZZ)
        elif name == "duel" and scene.state.endswith("-verdict"):
            self.press(Action.BUZZ)  # the duel's verdict seen: go on
        elif session is not None and isinstance(session.game, ParolesGame):
            self.paroles.act(self, scene, session.game)
        elif session is not None and isinstance(session.game, PyramideGame):
            self.pyramide.act(scene, session.game)
        elif isinstance(current, DiceRound):
            if name == "des-lancer":
                self._roll(scene, current)
            elif name == "des-annonces":
                self._announce(current)
            elif name == "des-mot":
                self._word(current)
        elif isinstance(current, Round):
            if name == "manche":
                self._draw(scene, current)
            elif name == "reponses":
                self._answer(current)
            elif name == "duel":
                self._duel(scene, current)

    def _draw(self, scene: Scene, current: Round) -> None:
        if current.phase is Phase.RUNNING:
            return  # the hourglass runs out by itself
        tiles = [b for b in scene.buttons if b.key.startswith("tile:")]
        values = tuple(b.label for b in tiles)
        if current.phase is Phase.DRAW and "?" in values:
            holder = self.look(values)
            if holder is None:
                self.tap("retake")
                return
            index = values.index("?")
            self.tap(tiles[index].key)
            self.type(holder[index])
            return
        if current.phase is Phase.DRAW and not values:
            if _reading(scene):
                return  # "lecture du chevalet…": the table waits for the photo's reading
            photos = self._photos.get(current.number, 0)
            if photos >= PHOTOS_PER_DRAW:
                self.type(self._drawn_by_hand(current))  # then the buzzer validates it
                return
            self._photos[current.number] = photos + 1
        self.press(Action.BUZZ)

    def _drawn_by_hand(self, current: Round) -> str:
        """A draw the rules accept, as the players would type it on the keyboard."""
        session = self.stage.session
        assert session is not None
        rules = session.dcdl.rules
        if current.kind is RoundKind.NUMBERS:
            return ",".join(str(p) for p in draw_numbers(self.rng, rules.targets).plates) + ","
        return draw_letters(self.rng, current.composition, rules.min_vowels)

    def _answer(self, current: Round) -> None:
        job = self.stage.jobs.best(current)
        if job is None or not job.done:
            return  # the simulated players wait for the solver
        best = job.result
        saved = len(current.numbers_answers) + len(current.words)
        rank = saved + self._passed.get(current.number, 0)
        text = ""
        if isinstance(best, Solution):
            steps = best.best.steps if rank == 0 else best.best.steps[:-rank]
            # each step written whole, as on the show's paper: "75-1=74, 3x4=12, "
            text = "".join(f"{s.a}{TYPED_OPS.get(s.op, s.op)}{s.b}={s.result}," for s in steps)
        elif isinstance(best, LongestWords):
            choices = [best.words, best.next_words]
            words = choices[rank] if rank < len(choices) else ()
            text = words[0] if words else ""
            if rank == 1 and self.rng.random() < 0.25:
                text = current.letters  # a made-up word, refused by the lexicon
        if not text:
            self._passed[current.number] = self._passed.get(current.number, 0) + 1
            self.tap("nothing")
            return
        self.type(text)
        self.press(Action.CONFIRM)

    def _roll(self, scene: Scene, current: DiceRound) -> None:
        """The dice: correct a "?" as the dice show it, else read them (or, when the photos
        keep failing, let the device roll)."""
        tiles = [b for b in scene.buttons if b.key.startswith("tile:")]
        values = tuple(b.label for b in tiles)
        if "?" in values:
            holder = self.look_dice(values)
            if holder is None:
                self.tap("retake")
                return
            index = values.index("?")
            self.tap(tiles[index].key)
            self.type(holder[index])
            return
        if not values:
            if _reading(scene):
                return  # the photo of the dice is being read
            photos = self._photos.get(current.number, 0)
            if photos >= PHOTOS_PER_DRAW:
                self.tap("virtual")
                return
            self._photos[current.number] = photos + 1
        self.press(Action.BUZZ)

    def _announce(self, current: DiceRound) -> None:
        """Someone announces the shortest length or one more; a better player interrupts."""
        hard = current.shortest.get("hard")
        if hard is None:
            return
        counting = current.counting
        if counting is None:
            announcer = self.rng.choice(current.players)
            if hard.length is None:
                self.tap(f"player:{announcer}")
                self.tap("impossible")
            elif hard.length > COUNTS[-1]:
                self.tap("nobody")
            else:
                letters = min(hard.length + self.rng.choice([0, 1]), COUNTS[-1])
                self.tap(f"player:{announcer}")
                self.tap(f"count:{letters}")
            return
        if (
            hard.length is not None
            and counting.letters is not None
            and counting.letters > hard.length
            and len(current.announcements) == 1
        ):
            other = self.rng.choice([p for p in current.players if p != counting.player])
            self.tap(f"player:{other}")
            self.tap(f"count:{hard.length}")

    def _word(self, current: DiceRound) -> None:
        """The last announcer's word: one of the shortest (now and then none)."""
        hard = current.shortest.get("hard")
        if hard is None or not hard.words or self.rng.random() < 0.15:
            self.tap("none")
            return
        self.type(hard.words[0])
        self.press(Action.CONFIRM)

    def _bucket(self, scene: Scene) -> None:
        """A player counts the bucket and types its total (now and then the device rolls,
        and now and then a child's total out of range is typed, to be refused, then fixed)."""
        session = self.stage.session
        if session is None or not isinstance(session.game, SloubiGame):
            return
        game = session.game
        if scene.message and "enfants" in scene.message:
            self.press(Action.DELETE)
            self.press(Action.DELETE)
            self.press(Action.DELETE)
            return
        if self.rng.random() < 0.3:
            self.tap("virtual")
            return
        total = roll_bucket(self.rng, children=game.children)
        if game.children and self.rng.random() < 0.1:
            total = 117  # a slip of the tongue: the screen refuses it
        self.type(str(total))
        self.press(Action.CONFIRM)

    def _sing(self, now: float) -> None:
        """Stop the song on the winner's score: press when the count, plus how late the
        last press was taken (learned from the last song), reaches it."""
        session = self.stage.session
        if session is None or not isinstance(session.game, SloubiGame):
            return
        current = session.game.current
        if current is None or current.started is None or current.winner is None:
            return
        if self._song is current:
            return  # pressed already: the press is on its way
        if count_at(current.started, now + self._lead) >= current.totals[current.winner]:
            self._song, self._pressed_count = current, count_at(current.started, now)
            self.press(Action.BUZZ)

    def _learn_lead(self) -> None:
        """After a song: how many beats passed between the press and its taking."""
        song = self._song
        if song is not None and song.stopped_at is not None and self._pressed_count:
            self._lead = max(0, song.stopped_at - self._pressed_count) * BEAT
            self._pressed_count = 0

    def _duel(self, scene: Scene, current: Round) -> None:
        if self.tap("kind:calcul") or self.tap(self.rng.choice(SPRINT_DRAWS)):
            return
        if any(self.tap(draw) for draw in SPRINT_DRAWS):  # the second sprint: the one left
            return
        if current.phase is Phase.READY:
            self.press(Action.BUZZ)
            return
        players = list(self.stage.session.game.players) if self.stage.session else []
        verdict = self.rng.choice(["right", "wrong"])
        self.tap(f"{verdict}:{self.rng.choice(players)}")
