"""Entering each player's answer, one player after the other.

Numbers: a keypad of the free numbers (plates, then results) and the four operations
builds the steps as the show writes them; every step is checked as it is written and a
problem is said at once, in French. Letters: a keyboard of the draw's own tiles, each
usable once (a USB keyboard types only letters of the draw); tapping an E of the word
again gives it its accent (é, è, ê, ë), which the club rules judge. "Rien" records no answer.

Whose turn it is comes from the game: the first player at the table, in order, whose
answer is not saved and who has not said "Rien" on this screen. So a game resumed after a
power cut asks the first player whose answer is missing (and closes the round when none
is), and an answer taken back from the menu is asked for again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pygame

from device.host import Host
from device.intents import Action, Press
from device.scenes.base import DcdlScene, header, open_menu_on
from device.theme import (
    ACCENT,
    BAD,
    GOOD,
    MUTED,
    PANEL,
    TEXT,
    Button,
    TapZone,
    draw_tiles,
    row_of_boxes,
)
from engine.events import NumbersAnswered, RefusedEvent, RoundClosed, WordAnswered
from engine.rules import RoundKind
from engine.store import StoreError
from solver.arithmetic import OP_SYMBOLS, IllegalStep, Op, apply
from solver.lexicon import normalise
from solver.proposal import ProposalSyntaxError, verify

OPS: tuple[Op, ...] = ("+", "-", "*", "/")
TYPED_OPS: dict[str, Op] = {"+": "+", "-": "-", "*": "*", "X": "*", "/": "/", ":": "/"}
"""Operation signs typed on a USB keyboard (and the keys of the operation buttons)."""
SEPARATORS = ",;"
"""Typed between two steps written whole (the space bar, the buzzer, separates too)."""


class NumbersEntry:
    """Steps being written with the keypad: ``[a, op]`` waits for its second operand."""

    def __init__(self, plates: tuple[int, ...]) -> None:
        self.plates = plates
        self.steps: list[str] = []
        self.first: int | None = None
        self.op: Op | None = None
        self.typed = ""
        self.claiming = False
        """The digits typed are the result written after a step's ``=`` (``600-8=592``)."""
        self.announced = ""
        """The value the player announced, if the referee wrote it (a count announced as
        764 whose steps give 760 is an error: the miscalculation is recorded)."""
        self.announcing = False
        """Digits go to :attr:`announced` ("Annonce", or A on a keyboard)."""
        self.problem: str | None = None

    @property
    def text(self) -> str:
        return " ".join(self.steps)

    def free(self) -> list[int]:
        """The numbers still free: plates and results not used yet (minus a picked one)."""
        left = list(verify(self.plates, self.text).available) if self.steps else sorted(self.plates)
        if self.first is not None and self.first in left:
            left.remove(self.first)
        return left

    @property
    def value(self) -> int | None:
        if not self.steps:
            return None
        return verify(self.plates, self.text).value

    def pick(self, number: int) -> None:
        self.problem = None
        self.claiming = False
        if self.first is None or self.op is None:
            if number not in self.free() and self.first is None:
                self.problem = f"le {number} n'est pas libre"
                return
            self.first = number
            return
        if number not in self.free():
            self.problem = f"le {number} n'est pas libre"
            return
        try:
            result = apply(self.first, self.op, number)
        except IllegalStep as illegal:
            self.problem = str(illegal)
            return
        symbol = {"*": "x", "/": ":"}.get(self.op, self.op)
        self.steps.append(f"{self.first}{symbol}{number}={result}")
        self.first, self.op = None, None

    def operation(self, op: Op) -> None:
        if self.first is None:
            self.problem = "choisissez d'abord un nombre"
            return
        self.op = op

    def type(self, char: str) -> None:
        """A USB keyboard: digits make a number, an operation sign or Enter uses it. A step
        may be written whole, ``600-8=592``: the number after ``=`` is the result the player
        claims, judged against the true one (a wrong result is an error, as the rules say)."""
        if char == "A":
            self.announcing = not self.announcing
            return
        if self.announcing:
            if char.isdigit():
                self.announce(int(char))
            return
        if char.isdigit():
            self.typed = (self.typed + char)[-4:]
            return
        if char in TYPED_OPS:
            claimed = self._use_typed()
            if claimed is not None:  # "=592x3": the claimed result goes on
                self.pick(claimed)
            if self.problem is None or self.first is not None:
                self.operation(TYPED_OPS[char])
        elif char == "=":
            completes = self.first is not None and self.op is not None and bool(self.typed)
            after_step = not self.typed and self.first is None and bool(self.steps)
            steps = len(self.steps)
            self._use_typed()
            if (completes and len(self.steps) > steps) or after_step:
                self.claiming = True
        elif char in SEPARATORS:
            self.finish_typing()

    def _use_typed(self) -> int | None:
        """Use the digits typed; a claimed result is checked, and returned when right."""
        if not self.typed:
            return None
        number, self.typed = int(self.typed), ""
        if self.claiming:
            self.claiming = False
            return self._claim(number)
        self.pick(number)
        return None

    def _claim(self, claimed: int) -> int | None:
        """The last step's written result: right, it is returned; wrong, the step keeps the
        player's number and the entry says why it is false (the answer is then an error)."""
        a, rest = self.steps[-1].split("=")[0], self.steps[-1].split("=")[1]
        if int(rest) == claimed:
            return claimed
        self.steps[-1] = f"{a}={claimed}"
        self.problem = verify(self.plates, self.text).reason
        return None

    def finish_typing(self) -> None:
        self._use_typed()
        self.claiming = False  # "600-8=" and Enter: nothing was claimed

    def announce(self, digit: int) -> None:
        self.announced = (self.announced + str(digit))[-4:].lstrip("0")

    def undo(self) -> None:
        self.problem = None
        if self.announcing:
            self.announced = self.announced[:-1]
        elif self.typed:
            self.typed = self.typed[:-1]
        elif self.claiming:
            self.claiming = False
        elif self.op is not None:
            self.op = None
        elif self.first is not None:
            self.first = None
        elif self.steps:
            self.steps.pop()

    def slots(self) -> tuple[list[tuple[int, bool]], list[tuple[int, bool]]]:
        """The plates in the draw's order, then the results in the order they were made,
        each with whether it is still free: the keypad keeps every number in its place."""
        free = Counter(self.free())
        checks = verify(self.plates, self.text).checks if self.steps else ()
        results = [c.result for c in checks if c.result is not None]

        def marked(numbers: Iterable[int]) -> list[tuple[int, bool]]:
            out = []
            for number in numbers:
                out.append((number, free[number] > 0))
                free[number] -= 1
            return out

        return marked(self.plates), marked(results)

    def pending(self) -> str:
        if self.claiming:
            return f"= {self.typed}"
        parts = [str(self.first) if self.first is not None else ""]
        if self.op is not None:
            parts.append(OP_SYMBOLS[self.op])
        parts.append(self.typed)
        return " ".join(p for p in parts if p)


#: The ways of writing an E, in the order a tap on an E of the word cycles them: the club
#: rule sets want an E's accent right (typed "é" on a USB keyboard marks the E at once).
E_ACCENTS = "EÉÈÊË"


class WordEntry:
    """A word spelt with the draw's tiles, each usable once; an E may carry its accent."""

    def __init__(self, letters: str) -> None:
        self.letters = letters
        self.used: list[int] = []
        self.accents: dict[int, str] = {}

    @property
    def word(self) -> str:
        return "".join(self.accents.get(i, self.letters[i]) for i in self.used)

    def tap(self, index: int) -> None:
        if index not in self.used:
            self.used.append(index)
        elif self.letters[index] == "E":  # an E of the word: its next accent
            written = E_ACCENTS.index(self.accents.get(index, "E"))
            self.accents[index] = E_ACCENTS[(written + 1) % len(E_ACCENTS)]

    def type(self, char: str) -> bool:
        """Use a free tile showing ``char`` (an accented E uses an E); False when none."""
        tile = normalise(char)
        for index, letter in enumerate(self.letters):
            if letter == tile and index not in self.used:
                self.used.append(index)
                if char in E_ACCENTS[1:]:
                    self.accents[index] = char
                return True
        return False

    def undo(self) -> None:
        if self.used:
            self.accents.pop(self.used.pop(), None)


class AnswersScene(DcdlScene):
    name = "reponses"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.passed: set[str] = set()
        """Who said "Rien" on this screen (no event records it)."""
        self.numbers: NumbersEntry | None = None
        self.word: WordEntry | None = None
        self._entry_for: str | None = None
        self._close_tried = False
        self._new_entry()

    @property
    def players(self) -> list[str]:
        """The players asked for an answer, in order: those at the table."""
        return [p for p in self.game.players if p not in self.game.absent]

    @property
    def asked(self) -> str | None:
        """Whose answer is being entered: the first not saved nor passed; None when all are."""
        current = self.current
        saved = set(current.numbers_answers) | set(current.words)
        for player in self.players:
            if player not in saved and player not in self.passed:
                return player
        return None

    @property
    def player(self) -> str:
        return self.asked or self.players[-1]

    @property
    def index(self) -> int:
        """The position of the player asked among those at the table."""
        return self.players.index(self.player)

    @property
    def state(self) -> str:
        return f"manche{self.current.number:02d}-reponse-{self.index + 1}"

    def _new_entry(self) -> None:
        self._entry_for = self.asked
        if self.current.kind is RoundKind.NUMBERS:
            self.numbers, self.word = NumbersEntry(self.current.plates), None
        else:
            self.numbers, self.word = None, WordEntry(self.current.letters)

    def update(self, now: float) -> bool:
        """A new player asked (an answer taken back from the menu) gets a fresh entry; when
        every answer is in (a resumed game), the round closes."""
        if self.game.current is None:
            return False
        if self.asked is None and not self._close_tried:
            self.close_round()  # after a failure, "Valider" tries again
            return True
        if self.asked != self._entry_for:
            self._new_entry()
            return True
        return False

    # --- input --------------------------------------------------------------------

    def on_button(self, key: str) -> None:
        if key == "nothing":
            self.passed.add(self.player)
            self._next()
        elif key == "ok":
            self.submit()
        elif key == "undo":
            self._undo()
        elif key == "announce" and self.numbers is not None:
            self.numbers.announcing = not self.numbers.announcing
        elif key.startswith("digit:") and self.numbers is not None:
            self.numbers.announce(int(key[6:]))
        elif key.startswith("op:") and self.numbers is not None:
            self.numbers.operation(TYPED_OPS[key[3:]])
        elif key.startswith("num:") and self.numbers is not None:
            self.numbers.finish_typing()  # "75-1=74" typed, then 74 tapped
            if self.numbers.problem is None:
                self.numbers.pick(int(key[4:]))
        elif key.startswith("tile:") and self.word is not None:
            self.word.tap(int(key[5:]))

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if press.action is Action.CONFIRM:
            self.submit()
        elif press.action is Action.BUZZ and self.numbers is not None:
            self.numbers.finish_typing()  # "75-1=74 3x4=12": the space ends a step
        elif press.action is Action.DELETE:
            self._undo()

    def on_typed(self, char: str) -> None:
        self.message = None
        if self.numbers is not None:
            self.numbers.type(char)
        elif self.word is not None and char.isalpha() and not self.word.type(char):
            self.message = f"pas de {char} libre dans le tirage"

    def _undo(self) -> None:
        if self.numbers is not None:
            self.numbers.undo()
        elif self.word is not None:
            self.word.undo()

    def submit(self) -> None:
        """Record the current player's answer and go on to the next player."""
        session = self.host.session
        assert session is not None
        player = self.player
        event: NumbersAnswered | WordAnswered | None = None
        if self.numbers is not None:
            self.numbers.finish_typing()
            if self.numbers.pending():
                self.message = "terminez l'opération en cours ou effacez-la"
                return
            announced = int(self.numbers.announced) if self.numbers.announced else None
            if announced is not None and not self.numbers.steps:
                self.message = "écrivez aussi les étapes du compte annoncé"
                return
            if self.numbers.steps:
                event = NumbersAnswered(player, announced, self.numbers.text, at=session.clock())
        elif self.word is not None and self.word.word:
            event = WordAnswered(player, self.word.word, at=session.clock())
        if event is None:
            self.passed.add(player)
        else:
            try:
                session.do(event)
            except (RefusedEvent, StoreError, ProposalSyntaxError) as error:
                self.message = str(error)
                return
        self._next()

    def _next(self) -> None:
        self.message = None
        if self.asked is not None:
            self._new_entry()
            return
        self.close_round()

    def close_round(self) -> None:
        session = self.host.session
        assert session is not None
        self._close_tried = True
        try:
            session.do(RoundClosed())
        except (RefusedEvent, StoreError) as error:
            self.message = str(error)
            return
        self.host.done()  # the result

    # --- drawing ------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        header(self, surface, self.game, self.current)
        theme.text(
            surface, f"Réponse de {self.player}", 0.08, ACCENT, center=(w // 2, int(h * 0.17))
        )
        if self.numbers is not None:
            self._draw_numbers(surface, self.numbers)
        elif self.word is not None:
            self._draw_word(surface, self.word)
        row = pygame.Rect(0, int(h * 0.8), w, int(h * 0.12))
        labels = [("Effacer", "undo", PANEL), ("Rien", "nothing", PANEL), ("Valider", "ok", GOOD)]
        if self.numbers is not None:
            label = "Étapes" if self.numbers.announcing else "Annonce"
            labels.insert(1, (label, "announce", ACCENT if self.numbers.announcing else PANEL))
        for (label, key, colour), box in zip(labels, _wide_row(row, len(labels)), strict=True):
            self.buttons.append(
                Button(box, label, key, colour, (10, 10, 10) if key == "ok" else TEXT)
            )

    def _draw_numbers(self, surface: pygame.Surface, entry: NumbersEntry) -> None:
        theme = self.host.theme
        w, h = theme.size
        target = self.current.target
        lines = [*entry.steps[-3:], entry.pending() + " …"]
        theme.text(surface, f"À trouver : {target}", 0.06, MUTED, topleft=(12, int(h * 0.24)))
        if entry.announced or entry.announcing:
            said = f"Annoncé : {entry.announced or '…'}"
            theme.text(surface, said, 0.06, ACCENT, topleft=(12, int(h * 0.62)))
        for i, line in enumerate(lines):
            theme.text(surface, line, 0.065, TEXT, topleft=(12, int(h * (0.31 + 0.07 * i))))
        if entry.problem:
            theme.text(surface, entry.problem, 0.055, BAD, topleft=(int(w * 0.45), int(h * 0.24)))
        elif entry.value is not None:
            theme.text(
                surface, f"= {entry.value}", 0.1, ACCENT, topleft=(int(w * 0.55), int(h * 0.24))
            )
        if entry.announcing:  # the digits of the announced value
            for top, digits in ((0.36, range(5)), (0.47, range(5, 10))):
                area = pygame.Rect(int(w * 0.42), int(h * top), int(w * 0.56), int(h * 0.1))
                for box, digit in zip(row_of_boxes(area, 5), digits, strict=True):
                    self.buttons.append(Button(box, str(digit), f"digit:{digit}"))
            return
        plates, results = entry.slots()
        for top, slots in ((0.36, plates), (0.47, results)):
            area = pygame.Rect(int(w * 0.42), int(h * top), int(w * 0.56), int(h * 0.1))
            boxes = row_of_boxes(area, len(entry.plates))  # fixed places: nothing moves
            for box, (number, free) in zip(boxes, slots, strict=False):
                colour, ink = ((250, 236, 200), (20, 20, 20)) if free else (PANEL, MUTED)
                self.buttons.append(Button(box, str(number), f"num:{number}", colour, ink))
        op_area = pygame.Rect(int(w * 0.5), int(h * 0.58), int(w * 0.4), int(h * 0.17))
        for box, op in zip(row_of_boxes(op_area, 4), OPS, strict=True):
            colour = ACCENT if entry.op == op else PANEL
            self.buttons.append(Button(box, OP_SYMBOLS[op], f"op:{op}", colour))

    def _draw_word(self, surface: pygame.Surface, entry: WordEntry) -> None:
        theme = self.host.theme
        w, h = theme.size
        area = pygame.Rect(10, int(h * 0.27), w - 20, int(h * 0.2))
        boxes = draw_tiles(surface, theme, area, list(entry.letters), used=frozenset(entry.used))
        for index, box in enumerate(boxes):
            self.buttons.append(TapZone(box, entry.letters[index], f"tile:{index}"))
        word = entry.word or "…"
        theme.text(surface, word, 0.14, ACCENT, center=(w // 2, int(h * 0.62)))
        count = f"{len(entry.word)} lettres"
        if self.game.rules.accents:  # the club rule: an E's accent must be right
            count += " · touchez un E du mot pour son accent"
        theme.text(surface, count, 0.05, MUTED, center=(w // 2, int(h * 0.72)))


def _wide_row(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    width = area.width // count
    return [
        pygame.Rect(area.x + i * width + 8, area.y, width - 16, area.height) for i in range(count)
    ]
