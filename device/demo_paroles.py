"""The demo's table of "Les paroles s'envolent": players with real (simulated) cards.

The referee never sees the cards; the demo's players do. They hold a shuffled French
Scrabble set (:class:`engine.paroles.Deck`), deal themselves the hands the screen says
they hold, announce a word their hand spells (now and then a bluff), accept or cry
"Menteur !", and show the hand: first to the camera (the simulated camera shows the
sample photos, never this hand: the reading is not theirs), then typed, jokers as "?".
Everything goes through the inputs a person makes (:class:`Inputs`).
"""

from __future__ import annotations

import random
from typing import Protocol

from device.intents import Action
from device.scenes.base import Scene
from engine.paroles import FIRST_WORD_AT_MOST, FRESH_HAND, Deck, ParolesGame
from solver.words import longest

BLUFFS = {
    2: "OU",
    3: "ROI",
    4: "LOUP",
    5: "TABLE",
    6: "MAISON",
    7: "FROMAGE",
    8: "ELEPHANT",
    9: "CHOCOLATS",
    10: "ORDINATEUR",
    11: "RESTAURANTS",
    12: "BIBLIOTHEQUE",
}
"""A real word of each length, for a player with no word of the length needed."""

CALL_ALWAYS_FROM = 9
"""A hand this big is always called (so the demo's words stay within :data:`BLUFFS`)."""


class Inputs(Protocol):
    """What a person does to the referee: the buzzer and keys, taps, typing."""

    def press(self, action: Action) -> None: ...

    def type(self, text: str) -> None: ...

    def tap(self, key: str) -> bool: ...


class ParolesTable:
    """The players at the table and their cards, for one game at a time."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.game: ParolesGame | None = None
        self._reset()

    def _reset(self) -> None:
        """A new game: a fresh set of cards, shuffled."""
        rng = self.rng
        self.deck = Deck(random.Random(rng.random()))
        self.cards = ""
        """The cards of the hand going round."""
        self.dealt_for: int | None = None
        """The hand these cards are (the number of calls before it)."""
        self.photographed: set[int] = set()
        """The calls whose hand was shown to the camera."""

    def act(self, inputs: Inputs, scene: Scene, game: ParolesGame) -> None:
        if game is not self.game:
            self.game = game
            self._reset()
        self._follow(game)
        name = scene.name
        if name == "paroles-premier":
            drawn = self.deck.deal(len(game.drawing))
            self.deck.put_back(drawn)
            inputs.type(drawn)
            inputs.press(Action.CONFIRM)
        elif name == "paroles-annonce":
            inputs.type(self._word(game))
            inputs.press(Action.CONFIRM)
        elif name == "paroles-reponse":
            self._answer(inputs, game)
        elif name == "paroles-main":
            self._reveal(inputs, scene, game)
        elif name == "paroles-verdict":
            inputs.press(Action.BUZZ)

    def _follow(self, game: ParolesGame) -> None:
        """The cards in hand follow the game: five for a fresh hand, and each player who
        accepted discarded one and drew two."""
        hand = game.hand
        if hand is None:
            return
        if self.dealt_for != len(game.calls):
            self.deck.discard(self.cards)
            self.cards = self.deck.deal(FRESH_HAND)
            self.dealt_for = len(game.calls)
        while len(self.cards) < hand.cards:
            out = self.rng.randrange(len(self.cards))
            self.deck.discard(self.cards[out])
            self.cards = self.cards[:out] + self.cards[out + 1 :] + self.deck.deal(2)

    def _word(self, game: ParolesGame) -> str:
        """A word the hand spells, of a length the rules allow; else (or to bluff) another."""
        hand = game.hand
        assert hand is not None
        low = len(hand.words[-1]) + 1 if hand.words else 2
        high = min(hand.cards, FIRST_WORD_AT_MOST if not hand.words else hand.cards)
        if self.rng.random() < 0.75:
            found = longest(self.cards, "paroles")
            for length, words in (
                (found.best_length, found.words),
                (found.next_length, found.next_words),
            ):
                if length is not None and low <= length <= high and words:
                    return self.rng.choice(words[:5])
        length = max(low, self.rng.choice((3, 4)) if not hand.words else low)
        return BLUFFS[min(length, high, max(BLUFFS))]

    def _answer(self, inputs: Inputs, game: ParolesGame) -> None:
        """The next player believes short words more than long ones."""
        hand = game.hand
        assert hand is not None
        doubt = 0.2 + 0.15 * len(hand.words)
        if hand.cards >= CALL_ALWAYS_FROM or self.rng.random() < doubt:
            inputs.press(Action.BUZZ)  # "Menteur !"
        elif self.rng.random() < 0.5:
            inputs.tap("accept")
        else:
            inputs.press(Action.CONFIRM)

    def _reveal(self, inputs: Inputs, scene: Scene, game: ParolesGame) -> None:
        """The hand to the camera once, then typed (the photo is never of these cards)."""
        shown = tuple(b.label for b in scene.buttons if b.key.startswith("tile:"))
        if shown == tuple(self.cards):
            inputs.press(Action.CONFIRM)
            return
        call = len(game.calls)
        if not shown and call not in self.photographed:
            self.photographed.add(call)
            inputs.press(Action.BUZZ)
            return
        if shown and not scene.state.endswith(("-photo", "-photo-correction")):
            inputs.press(Action.DELETE)  # a hand half typed: start again
            return
        inputs.type(self.cards)
