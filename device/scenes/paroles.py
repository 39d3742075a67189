"""Les paroles s'envolent: the first player's draw, the word announced, the answer
("J'accepte" or "Menteur !"), the hand revealed, the verdict, and the end with its score
sheet.

The cards stay in the players' hands: the referee shows who holds them, how many there
are and to whom the next word is said, and it only learns their letters when a hand is
revealed. Letter cards held in a fan have no reader: they are typed (USB keyboard or the
on-screen one, ``?`` for a joker). A hand laid on a Scrabble rack, as the rules allow,
is photographed by the buzzer and read like a DCDL holder; a card the camera could not
read shows "?" in orange: tap it and type its letter, or ``?`` if it is a joker.

The buzzer is "Menteur !" when a word waits for its answer (Enter accepts), and
validates everywhere else.
"""

from __future__ import annotations

import math

import pygame

from device.host import Host
from device.intents import Action, Press
from device.jobs import Job
from device.phones_view import draw_join
from device.reader import DrawReading, NoDraw
from device.scenes.base import GameOverScene, GameScene, next_on_buzzer, open_menu_on
from device.theme import (
    ACCENT,
    BAD,
    GOOD,
    MUTED,
    PANEL,
    TEXT,
    UNSURE,
    Button,
    Colour,
    TapZone,
    draw_tiles,
)
from engine.paroles import (
    FIRST_WORD_AT_MOST,
    FRESH_HAND,
    TARGET,
    AnnouncementAccepted,
    Deck,
    FirstCardsDrawn,
    Hand,
    HandRevealed,
    LiarCall,
    LiarCalled,
    ParolesGame,
    WordAnnounced,
)
from engine.rules import RoundKind
from solver.words import JOKERS

KEY_ROWS = ("AZERTYUIOP", "QSDFGHJKLM", "WXCVBN")
"""The on-screen keyboard, AZERTY as French tables know it (words are compared without
accents, so none are needed here)."""

MAX_TYPED = 20
"""The longest word or hand that can be typed (the solver takes hands of 20 cards)."""

DARK = (20, 20, 20)
HELD_SCALE = 0.045
"""The size of the verdict's line on the longest words the hand held."""


class ParolesScene(GameScene[ParolesGame]):
    """A screen of a game of "Les paroles s'envolent" being played."""

    game_type = ParolesGame

    joker_key = False
    """Whether the on-screen keyboard offers "?" (a joker card)."""

    @property
    def hand(self) -> Hand:
        """The hand going round (these screens show while there is one)."""
        hand = self.game.hand
        assert hand is not None
        return hand

    @property
    def number(self) -> int:
        """The hand's number: one more than the "Menteur !" calls before it."""
        return len(self.game.calls) + 1

    # --- drawing helpers ------------------------------------------------------------

    def table(self, surface: pygame.Surface) -> int:
        """The players in their seats' order (the turn order), each with their score; the
        holder of the cards in yellow, the player the word is said to framed in green.
        Returns the height it takes."""
        theme = self.host.theme
        w, h = theme.size
        game = self.game
        theme.text(
            surface,
            f"Les paroles s'envolent · en {TARGET} points · main {self.number}",
            0.045,
            MUTED,
            topleft=(12, 4),
            max_width=w - 24,
        )
        players = game.players
        cols = len(players) if len(players) <= 3 else (2 if len(players) == 4 else 3)
        width = (w - 16) // cols
        box_h = int(h * 0.085)
        top = int(h * 0.065)
        holder = game.hand.holder if game.hand is not None and not game.over else None
        listener = game.listener if holder is not None else None
        scores = game.scores
        for i, player in enumerate(players):
            row, col = divmod(i, cols)
            rect = pygame.Rect(8 + col * width + 4, top + row * (box_h + 6), width - 8, box_h)
            held = player == holder
            pygame.draw.rect(surface, ACCENT if held else PANEL, rect, border_radius=box_h // 5)
            if player == listener:
                pygame.draw.rect(surface, GOOD, rect, width=4, border_radius=box_h // 5)
            theme.text(
                surface,
                f"{i + 1}. {player} : {scores[player]}",
                0.05,
                DARK if held else TEXT,
                center=rect.center,
                max_width=rect.width - 12,
            )
        rows = math.ceil(len(players) / cols)
        return top + rows * (box_h + 6)

    def line(
        self,
        surface: pygame.Surface,
        text: str,
        y: int,
        scale: float = 0.055,
        colour: Colour = TEXT,
    ) -> int:
        """One centred line of text at ``y`` (its top); returns the next line's top."""
        theme = self.host.theme
        w, h = theme.size
        rect = theme.text(
            surface, text, scale, colour, center=(w // 2, y + int(h * scale * 0.7)),
            max_width=w - 24,
        )  # fmt: skip
        return max(rect.bottom, y + int(h * scale)) + int(h * 0.012)

    def keyboard(self, top: int, ok_label: str = "Valider") -> None:
        """The on-screen AZERTY keyboard from ``top``: letters ("?" for a joker where one
        is allowed), "Effacer" and the validation key."""
        w, h = self.host.theme.size
        key_h = int(h * 0.095)
        unit = (w - 16) // 10
        for r, keys in enumerate(KEY_ROWS):
            y = top + r * (key_h + 5)
            last = r == len(KEY_ROWS) - 1
            letters = keys + ("?" if last and self.joker_key else "")
            for i, key in enumerate(letters):
                box = pygame.Rect(8 + i * unit + 2, y, unit - 4, key_h)
                self.buttons.append(Button(box, key, f"key:{key}"))
            if last:
                x = 8 + len(letters) * unit
                erase = pygame.Rect(x + 2, y, int(unit * 1.5) - 4, key_h)
                ok = pygame.Rect(erase.right + 6, y, w - 8 - erase.right - 8, key_h)
                self.buttons.append(Button(erase, "Effacer", "erase"))
                self.buttons.append(Button(ok, ok_label, "ok", GOOD, (10, 30, 10)))


def _card(char: str) -> str | None:
    """A typed card: a letter A to Z, or "?" for a joker ("*" too); None for anything else."""
    if char in JOKERS:
        return "?"
    char = char.upper()
    return char if len(char) == 1 and "A" <= char <= "Z" else None


class ParolesFirstScene(ParolesScene):
    """Who plays first: one card each, the letter nearest A begins (a joker after Z);
    players tied on it draw again among themselves."""

    name = "paroles-premier"
    joker_key = True

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.cards: list[str] = [""] * len(self.game.drawing)
        """The card typed for each player still drawing, in seat order."""
        self.selected = 0
        self.joining = False
        """The phones' QR code is shown (with ``--web``), in place of the draw."""

    @property
    def state(self) -> str:
        joining = "-telephones" if self.joining else ""
        return f"premier-tirage{len(self.game.first_cards) + 1}{joining}"

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if press.action in (Action.BUZZ, Action.CONFIRM):
            self.validate()
        elif press.action is Action.DELETE:
            self.erase()

    def on_typed(self, char: str) -> None:
        card = _card(char)
        if card is None:
            return
        self.cards[self.selected] = card
        empty = [i for i, c in enumerate(self.cards) if not c]
        self.selected = empty[0] if empty else self.selected
        self.message = None

    def on_button(self, key: str) -> None:
        if key.startswith("key:"):
            self.on_typed(key[4:])
        elif key.startswith("seat:"):
            self.selected = int(key[5:])
        elif key == "erase":
            self.erase()
        elif key == "ok":
            self.validate()
        elif key == "phones":
            self.joining = not self.joining
        elif key == "virtual":
            deck = Deck(self.session.rng)
            self.cards = list(deck.deal(len(self.cards)))
            self.validate()

    def erase(self) -> None:
        self.cards[self.selected] = ""

    def validate(self) -> None:
        if not all(self.cards):
            missing = [p for p, c in zip(self.game.drawing, self.cards, strict=True) if not c]
            self.message = "il manque la carte de " + ", ".join(missing)
            return
        if self.do(FirstCardsDrawn("".join(self.cards))):
            self.host.done()  # the first word, or a new draw between the tied players

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        y = self.table(surface) + int(h * 0.01)
        game = self.game
        if game.first_cards:
            last = game.first_cards[-1]
            tied = " et ".join(game.drawing)
            card = last[game.drawing[0]]
            y = self.line(surface, f"Égalité sur {card} : {tied} retirent", y, 0.055, ACCENT)
        else:
            y = self.line(surface, "Qui commence ? Une carte chacun", y, 0.06, ACCENT)
        phones, url = self.host.phones, self.host.phones_url
        if self.joining and phones is not None and url is not None:
            draw_join(surface, theme, phones, url)  # the players' phones join here
            back = pygame.Rect(int(w * 0.55), int(h * 0.75), int(w * 0.4), int(h * 0.1))
            self.buttons.append(Button(back, "Retour au tirage", "phones"))
            return
        drawing = game.drawing
        cols = min(len(drawing), 3)
        width = (w - 16) // cols
        box_h = int(h * 0.08)
        for i, player in enumerate(drawing):
            row, col = divmod(i, cols)
            rect = pygame.Rect(8 + col * width + 4, y + row * (box_h + 5), width - 8, box_h)
            chosen = i == self.selected
            label = f"{player} : {self.cards[i] or '_'}"
            colour = ACCENT if chosen else PANEL
            self.buttons.append(Button(rect, label, f"seat:{i}", colour, DARK if chosen else TEXT))
        y += math.ceil(len(drawing) / cols) * (box_h + 5)
        virtual = pygame.Rect(int(w * 0.25), y, int(w * 0.5), int(h * 0.07))
        if phones is not None:  # with --web, the QR code is one tap away
            virtual = pygame.Rect(int(w * 0.06), y, int(w * 0.42), int(h * 0.07))
            join = pygame.Rect(int(w * 0.52), y, int(w * 0.42), int(h * 0.07))
            self.buttons.append(Button(join, "Téléphones (QR code)", "phones"))
        self.buttons.append(Button(virtual, "Tirage par l'arbitre", "virtual"))
        self.keyboard(max(virtual.bottom + 4, int(h * 0.6)))
        if self.message is None:
            self.message = "la lettre la plus proche de A commence (le joker ? après Z)"


class ParolesAnnounceScene(ParolesScene):
    """The holder of the cards announces a word to the next player: it is typed."""

    name = "paroles-annonce"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.word = ""

    @property
    def state(self) -> str:
        return f"main{self.number:02d}-annonce{len(self.hand.words) + 1}"

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if press.action in (Action.BUZZ, Action.CONFIRM):
            self.announce()
        elif press.action is Action.DELETE:
            self.word = self.word[:-1]

    def on_typed(self, char: str) -> None:
        if char.isalpha() and len(self.word) < MAX_TYPED:
            self.word += char.upper()
            self.message = None

    def on_button(self, key: str) -> None:
        if key.startswith("key:"):
            self.on_typed(key[4:])
        elif key == "erase":
            self.word = self.word[:-1]
        elif key == "ok":
            self.announce()

    def announce(self) -> None:
        if not self.word:
            self.message = f"tapez le mot que {self.hand.holder} annonce"
            return
        if self.do(WordAnnounced(self.hand.holder, self.word)):
            self.host.done()  # the next player's answer

    def what_happened(self) -> str:
        """What the holder did with the cards before this announcement."""
        hand, game = self.hand, self.game
        if hand.words:
            return f"{hand.holder} a accepté, écarté une carte et pioché deux : {hand.cards} cartes"
        if game.calls:
            return f"{hand.holder} prend {FRESH_HAND} nouvelles cartes (la main révélée est jetée)"
        # Short enough to be read at a metre (the long sentence shrank to 13 pixels): the
        # drawn cards back in the pack, the pack shuffled, the first player's five cards.
        return f"{hand.holder} commence avec {FRESH_HAND} cartes (paquet rebattu)"

    def rule(self) -> str:
        """How long the word may be."""
        hand = self.hand
        if not hand.words:
            return f"main neuve : {FIRST_WORD_AT_MOST} lettres au plus"
        last = hand.words[-1]
        return f"plus long que {last} : de {len(last) + 1} à {hand.cards} lettres"

    def draw_content(self, surface: pygame.Surface) -> None:
        h = self.host.theme.height
        hand = self.hand
        y = self.table(surface) + int(h * 0.01)
        y = self.line(surface, self.what_happened(), y, 0.042, MUTED)
        listener = self.game.next_player(hand.holder)
        y = self.line(surface, f"{hand.holder} annonce un mot à {listener}", y, 0.06, ACCENT)
        y = self.line(surface, self.rule(), y, 0.045, TEXT)
        self.line(surface, self.word or "…", y, 0.09, TEXT)
        self.keyboard(int(h * 0.6), "Annoncer")


class ParolesAnswerScene(ParolesScene):
    """The next player, and only they, accepts the word or cries "Menteur !"."""

    name = "paroles-reponse"

    @property
    def state(self) -> str:
        return f"main{self.number:02d}-reponse{len(self.hand.words)}"

    @property
    def listener(self) -> str:
        return self.game.next_player(self.hand.holder)

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if press.action is Action.BUZZ:
            self.answer(liar=True)
        elif press.action is Action.CONFIRM:
            self.answer(liar=False)

    def on_button(self, key: str) -> None:
        if key in ("accept", "liar"):
            self.answer(liar=key == "liar")

    def answer(self, liar: bool) -> None:
        event = LiarCalled(self.listener) if liar else AnnouncementAccepted(self.listener)
        if self.do(event):
            self.host.done()  # the revealed hand, or the next announcement

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        hand = self.hand
        listener = self.listener
        word = hand.words[-1]
        y = self.table(surface) + int(h * 0.01)
        y = self.line(surface, f"{hand.holder} annonce à {listener} :", y, 0.055, TEXT)
        y = self.line(surface, f"{word} ({len(word)} lettres)", y, 0.1, ACCENT)
        y = self.line(
            surface, f"{hand.holder} tient {hand.cards} cartes · seul {listener} répond", y,
            0.045, MUTED,
        )  # fmt: skip
        top = max(y + int(h * 0.02), int(h * 0.6))
        row_h = int(h * 0.18)
        accept = pygame.Rect(int(w * 0.03), top, int(w * 0.45), row_h)
        liar = pygame.Rect(int(w * 0.52), top, int(w * 0.45), row_h)
        self.buttons.append(Button(accept, f"{listener} accepte", "accept", GOOD, (10, 30, 10)))
        self.buttons.append(Button(liar, "Menteur !", "liar", BAD, DARK))
        self.line(
            surface, "Entrée : accepter · Buzzer : « Menteur ! »", top + row_h + int(h * 0.01),
            0.042, MUTED,
        )  # fmt: skip


class ParolesRevealScene(ParolesScene):
    """ "Menteur !": the accused shows the hand; it is typed, or photographed on a rack."""

    name = "paroles-main"
    joker_key = True

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.values: list[str] = []
        self.unsure: set[int] = set()
        """Cards of a photo the reader could not read, still to be told."""
        self.from_photo = False
        self.fixing: int | None = None
        self.reading_job: Job[DrawReading] | None = None

    @property
    def state(self) -> str:
        photo = "-photo" if self.from_photo else ""
        fixing = "-correction" if self.unsure else ""
        return f"main{self.number:02d}-revelee{photo}{fixing}"

    def on_press(self, press: Press) -> None:
        if open_menu_on(press, self.host):
            return
        if press.action in (Action.BUZZ, Action.CONFIRM):
            if not self.values and press.action is Action.BUZZ:
                self.photograph()
            else:
                self.reveal()
        elif press.action is Action.DELETE:
            self.erase()

    def on_typed(self, char: str) -> None:
        card = _card(char)
        if card is None or self.reading_job is not None:
            return
        if self.fixing is not None and self.fixing < len(self.values):
            self.values[self.fixing] = card
            self.unsure.discard(self.fixing)
            self.fixing = None
        else:
            if self.from_photo:  # typing over a photo: the hand is typed instead
                self.values, self.unsure, self.from_photo = [], set(), False
            if len(self.values) < MAX_TYPED:
                self.values.append(card)
        self.message = None

    def on_button(self, key: str) -> None:
        if key.startswith("key:"):
            self.on_typed(key[4:])
        elif key.startswith("tile:") and self.reading_job is None:
            self.fixing = int(key[5:])
            self.message = "tapez la lettre de cette carte, ou ? pour un joker"
        elif key == "erase":
            self.erase()
        elif key == "ok":
            self.reveal()
        elif key == "photo":
            self.values, self.unsure, self.from_photo, self.fixing = [], set(), False, None
            self.photograph()

    def erase(self) -> None:
        if self.fixing is not None:
            self.fixing = None
            return
        if self.values:
            self.unsure.discard(len(self.values) - 1)
            self.values.pop()
        if not self.values:
            self.from_photo = False

    def photograph(self) -> None:
        """Read the hand laid on a rack, off the UI thread."""
        if self.reading_job is None:
            self.reading_job = self.host.jobs.read_draw(RoundKind.LETTERS)
            self.message = "lecture de la réglette…"

    def reveal(self) -> None:
        if not self.values:
            self.message = "tapez les cartes, ou buzzer : la photo"
            return
        if self.unsure:
            self.message = "touchez les cartes en orange : leur lettre, ou ? (joker)"
            return
        if self.do(HandRevealed("".join(self.values))):
            self.host.done()  # the verdict

    def update(self, now: float) -> bool:
        job = self.reading_job
        if job is None or not job.done:
            return False
        self.reading_job = None
        reading = job.result
        if reading is None:
            error = job.error
            why = str(error) if isinstance(error, NoDraw) else f"lecture impossible ({error})"
            self.message = f"{why} : tapez les cartes"
            return True
        self.values = list(reading.values)
        self.unsure = set(reading.uncertain)
        self.from_photo = True
        cards = self.hand.cards
        if len(self.values) != cards:
            self.message = f"{len(self.values)} cartes sur la photo, pas {cards} : tapez-les"
        elif self.unsure:
            self.message = "cartes en orange : touchez-les, tapez la lettre (? : joker)"
        else:
            self.message = "buzzer : valider la main"
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        hand = self.hand
        accuser = self.game.next_player(hand.holder)
        y = self.table(surface) + int(h * 0.01)
        y = self.line(surface, f"Menteur ! {accuser} conteste {hand.words[-1]}", y, 0.055, BAD)
        y = self.line(
            surface, f"{hand.holder} montre ses {hand.cards} cartes : tapez-les (? = joker)", y,
            0.045, TEXT,
        )  # fmt: skip
        bottom = int(h * 0.6) - int(h * 0.08)
        area = pygame.Rect(10, y, w - 20, bottom - y - 4)
        if self.values:
            unsure = frozenset(self.unsure | ({self.fixing} if self.fixing is not None else set()))
            boxes = draw_tiles(surface, theme, area, self.values, unsure=unsure)
            for index, (box, value) in enumerate(zip(boxes, self.values, strict=True)):
                self.buttons.append(TapZone(box, value, f"tile:{index}"))
        else:
            self.line(surface, "… ou buzzer : photo d'une réglette", area.y, 0.05, MUTED)
        count = f"{len(self.values)} / {hand.cards} cartes"
        colour = TEXT if len(self.values) == hand.cards else UNSURE
        theme.text(surface, count, 0.05, colour, topleft=(14, bottom + 6))
        photo = pygame.Rect(int(w * 0.4), bottom, int(w * 0.58), int(h * 0.07))
        self.buttons.append(Button(photo, "Photo d'une réglette", "photo"))
        self.keyboard(int(h * 0.6), "Révéler")


class ParolesVerdictScene(ParolesScene):
    """A "Menteur !" judged: the hand, whether it spells the word (or why not), who
    scores, the longest word the hand held."""

    name = "paroles-verdict"

    def __init__(self, host: Host, number: int) -> None:
        super().__init__(host)
        self._call = number

    @property
    def number(self) -> int:
        """The call's number (the navigator notes it as seen when this screen is done)."""
        return self._call

    @property
    def call(self) -> LiarCall:
        return self.game.calls[self._call - 1]

    @property
    def state(self) -> str:
        return f"appel{self._call:02d}-verdict"

    def on_press(self, press: Press) -> None:
        next_on_buzzer(press, self.host)  # the next hand, or the end

    def lines(self) -> list[str]:
        """What the verdict says, in French: the call, whether the hand spells the word (or
        why not), who scores, the longest word the hand held."""
        call = self.call
        check = call.check
        verdict = check.verdict
        said = f"{call.accuser} a crié « Menteur ! » à {call.accused} pour {call.word}"
        if check.spelled:
            why = f"la main écrit « {verdict.display or call.word.lower()} »"
            outcome = f"{call.accused} disait vrai : +{call.points}"
        else:
            why = verdict.reason or "mot refusé"
            outcome = f"{call.accused} a menti : {call.accuser} +{call.points}"
        best = check.longest
        held = "aucun mot avec cette main"
        theme = self.host.theme
        for count in (3, 2, 1):  # as many of the longest words as the line takes
            if not best.best_length:
                break
            words = ", ".join(best.display[:count])
            held = f"le plus long avec cette main : {words} ({best.best_length} lettres)"
            if theme.font(HELD_SCALE).size(held)[0] <= theme.width - 24:
                break
        return [said, why, outcome, held]

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        said, why, outcome, held = self.lines()
        colour = GOOD if self.call.check.spelled else BAD
        y = self.table(surface) + int(h * 0.01)
        y = self.line(surface, said, y, 0.05, TEXT)
        area = pygame.Rect(10, y, w - 20, int(h * 0.15))
        draw_tiles(surface, theme, area, list(self.call.check.cards))
        y = area.bottom + int(h * 0.015)
        y = self.line(surface, why, y, 0.055, colour)
        y = self.line(surface, outcome, y, 0.07, colour)
        y = self.line(surface, held, y, HELD_SCALE, MUTED)
        next_ = "la fin de la partie" if self.game.over else "main suivante"
        self.line(surface, f"Buzzer : {next_}", max(y, int(h * 0.86)), 0.05, ACCENT)


class ParolesEndScene(GameOverScene, ParolesScene):
    """The end: the winner, the ranking and the score sheet, call by call."""

    name = "fin"

    def sheet(self, rows: int = 99) -> list[str]:
        """The score sheet, one line per "Menteur !" (the last ones when there are more
        than ``rows``)."""
        lines = []
        for i, call in enumerate(self.game.calls, start=1):
            truth = "vrai" if call.check.spelled else "menti"
            lines.append(
                f"{i}. {call.word} ({call.accused}) : {truth}, {call.scorer} +{call.points}"
            )
        if len(lines) > rows:
            hidden = len(lines) - rows + 1
            lines = [f"… et {hidden} appels plus tôt", *lines[-rows + 1 :]]
        return lines

    def title(self) -> str:
        ranking = self.game.ranking()
        scores = self.game.scores
        winners = [p for p in ranking if scores[p] == scores[ranking[0]]]
        return f"{winners[0]} gagne !" if len(winners) == 1 else "Égalité : " + " et ".join(winners)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.host.theme
        w, h = theme.size
        game = self.game
        theme.text(surface, "Partie terminée", 0.05, MUTED, center=(w // 2, int(h * 0.05)))
        theme.text(
            surface, self.title(), 0.1, ACCENT, center=(w // 2, int(h * 0.14)), max_width=w - 20
        )
        scores = game.scores
        ranking = game.ranking()
        cols = 3 if len(ranking) > 4 else 2
        width = (w - 20) // cols
        step = int(h * 0.065)
        top = int(h * 0.22)
        lines = [f"{place}. {p} : {scores[p]}" for place, p in enumerate(ranking, start=1)]
        widest = max(theme.font(0.05).size(line)[0] for line in lines)
        scale = 0.05 * min(1.0, (width - 12) / widest)  # one size for the whole ranking
        for place, line in enumerate(lines, start=1):
            row, col = divmod(place - 1, cols)
            theme.text(
                surface, line, scale, ACCENT if place == 1 else TEXT,
                topleft=(10 + col * width + 4, top + row * step), max_width=width - 12,
            )  # fmt: skip
        y = top + math.ceil(len(ranking) / cols) * step + int(h * 0.01)
        theme.text(surface, "Feuille de marque", 0.045, MUTED, topleft=(14, y))
        y += int(h * 0.06)
        line_h = int(h * 0.05)
        rows = max(1, (int(h * 0.9) - y) // line_h)
        for i, line in enumerate(self.sheet(rows)):
            theme.text(surface, line, 0.042, TEXT, topleft=(24, y + i * line_h), max_width=w - 40)
        theme.text(
            surface, "Buzzer : nouvelle partie", 0.045, MUTED, center=(w // 2, int(h * 0.95))
        )
