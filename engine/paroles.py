"""Les paroles s'envolent, les écrits restent (``../shared/rules/les-paroles-s-envolent.md``).

A letter-card bluff game by Bruno Faidutti: the player holding the hand announces a word
to the next player, who either accepts (takes the hand, discards a card, draws two and
announces a longer word) or calls "menteur !". The hand is then revealed: if it spells the
announced word, and the word is a real one, the accused scores its length; otherwise the
accuser does. The revealed hand is discarded and the accuser takes five new cards. The first
announcement of a fresh hand has at most four letters. The first to 25 points wins.

The device is the lie detector and the scorekeeper; the cards stay in the players' hands,
so the engine counts them and only learns their letters when a hand is revealed (typed or
photographed). :class:`Deck` deals virtual cards when no cards are at hand.

Choices where the rules are silent:

- The first player is drawn with one card each; players tied on the lowest letter draw
  again among themselves; a joker ranks after Z.
- A word is announced in any spelling and compared normalised (accents, hyphens ignored);
  it must be letters only and no longer than the hand (a hand of 6 cards cannot announce
  7 letters: everyone at the table can count the cards).
- "Longer" means more letters than the previous announcement of the same hand.
- The revealed hand must have as many cards as the engine counted (5, plus one each time the
  hand was passed), jokers (``?`` or ``*``, the Scrabble blanks) included.
- The deck is the French Scrabble set (100 letters and 2 blanks).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from engine.events import Event, GameStarted, RefusedEvent, register_event
from engine.transaction import Transactional
from solver.lexicon import ALPHABET, is_plain, normalise
from solver.words import JOKERS, HandCheck, InvalidLetters, check_draw, check_hand

#: Cards in a fresh hand, and the longest first announcement it allows.
FRESH_HAND = 5
FIRST_WORD_AT_MOST = 4
#: The score that wins.
TARGET = 25

#: The French Scrabble letter distribution; ``?`` is a blank (a joker).
FRENCH_TILES = {
    "A": 9, "B": 2, "C": 2, "D": 3, "E": 15, "F": 2, "G": 2, "H": 2, "I": 8, "J": 1,
    "K": 1, "L": 5, "M": 3, "N": 6, "O": 6, "P": 2, "Q": 1, "R": 6, "S": 6, "T": 6,
    "U": 6, "V": 2, "W": 1, "X": 1, "Y": 1, "Z": 1, "?": 2,
}  # fmt: skip


class ParolesError(RefusedEvent):
    """An event the bluff game does not allow now; the message is French."""


@dataclass(frozen=True)
class FirstCardsDrawn(Event):
    """One card per player still drawing for first player, in seat order."""

    kind: ClassVar[str] = "paroles_first_cards"
    cards: str


@dataclass(frozen=True)
class WordAnnounced(Event):
    """The hand's holder announces a word to the next player."""

    kind: ClassVar[str] = "paroles_announced"
    player: str
    word: str


@dataclass(frozen=True)
class AnnouncementAccepted(Event):
    """The next player accepts and takes the hand (discards one card, draws two)."""

    kind: ClassVar[str] = "paroles_accepted"
    player: str


@dataclass(frozen=True)
class LiarCalled(Event):
    """The next player calls "menteur !"."""

    kind: ClassVar[str] = "paroles_liar"
    player: str


@dataclass(frozen=True)
class HandRevealed(Event):
    """The hand shown to all after "menteur !" (``?`` or ``*`` for a joker)."""

    kind: ClassVar[str] = "paroles_revealed"
    cards: str


for _event in (FirstCardsDrawn, WordAnnounced, AnnouncementAccepted, LiarCalled, HandRevealed):
    register_event(_event)


class Deck:
    """A shuffled pile of letter cards and its discard, for a table without cards.

    >>> deck = Deck(random.Random(1))
    >>> len(deck.pile), len(deck.deal(5))
    (102, 5)
    >>> len(deck.pile)
    97
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pile = [letter for letter, count in FRENCH_TILES.items() for _ in range(count)]
        self.rng.shuffle(self.pile)
        self.discarded: list[str] = []

    def deal(self, count: int) -> str:
        """Cards from the top of the pile; an empty pile is made again from the discard."""
        dealt = []
        for _ in range(count):
            if not self.pile:
                if not self.discarded:
                    raise ParolesError("plus aucune carte dans le pot ni dans l'écart")
                self.pile, self.discarded = self.discarded, []
                self.rng.shuffle(self.pile)
            dealt.append(self.pile.pop())
        return "".join(dealt)

    def discard(self, cards: str) -> None:
        self.discarded.extend(cards)

    def put_back(self, cards: str) -> None:
        """Cards drawn for first player go back into the pile, which is shuffled."""
        self.pile.extend(cards)
        self.rng.shuffle(self.pile)


def card_rank(card: str) -> int:
    """Where a card stands for the first-player draw: A first, a joker after Z.

    >>> card_rank("A"), card_rank("Z"), card_rank("?")
    (0, 25, 26)
    """
    return ALPHABET.index(card) if card in ALPHABET else len(ALPHABET)


class Phase(StrEnum):
    FIRST_PLAYER = "first_player"
    """Drawing one card each for the first player."""
    ANNOUNCE = "announce"
    """The holder must announce a word."""
    ANSWER = "answer"
    """The next player accepts or calls "menteur !"."""
    REVEAL = "reveal"
    """Waiting for the revealed hand."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class LiarCall:
    """A "menteur !" and its verdict."""

    accuser: str
    accused: str
    word: str
    check: HandCheck
    """Whether the hand spelled the word, and the longest word it allowed."""

    @property
    def scorer(self) -> str:
        return self.accused if self.check.spelled else self.accuser

    @property
    def points(self) -> int:
        return len(self.word)


@dataclass
class Hand:
    """The hand going round: who holds it, how many cards, what was announced."""

    holder: str
    cards: int = FRESH_HAND
    words: list[str] = field(default_factory=list)
    """The announcements on this hand, normalised, in order."""
    answered: bool = True
    """Whether the last announcement was answered (accepted); False while it waits."""


class ParolesGame(Transactional):
    """A game of "Les paroles s'envolent": build it from ``GameStarted(rules="paroles")``.

    :meth:`apply` is a transaction (:class:`engine.transaction.Transactional`): a refused
    event leaves the game exactly as it was."""

    refusal = ParolesError

    def __init__(self, start: GameStarted) -> None:
        self.check_start(start)
        players = tuple(p.strip() for p in start.players)
        if len(players) < 2 or len(set(players)) != len(players) or not all(players):
            raise ParolesError("il faut au moins deux joueurs aux noms différents")
        self.start = start
        self.players = players
        self.drawing: tuple[str, ...] = players
        """Who still draws for first player."""
        self.first_cards: list[dict[str, str]] = []
        self.hand: Hand | None = None
        self.calls: list[LiarCall] = []
        self.revealing = False

    # --- reading the state ----------------------------------------------------------

    @property
    def over(self) -> bool:
        return any(score >= TARGET for score in self.scores.values())

    @property
    def current(self) -> Hand | None:
        return None if self.over else self.hand

    @property
    def phase(self) -> Phase:
        if self.over:
            return Phase.OVER
        if self.hand is None:
            return Phase.FIRST_PLAYER
        if self.revealing:
            return Phase.REVEAL
        return Phase.ANNOUNCE if self.hand.answered else Phase.ANSWER

    @property
    def scores(self) -> dict[str, int]:
        scores = dict.fromkeys(self.players, 0)
        for call in self.calls:
            scores[call.scorer] += call.points
        return scores

    def ranking(self) -> list[str]:
        scores = self.scores
        return sorted(self.players, key=lambda p: -scores[p])

    def next_player(self, player: str) -> str:
        """Who sits after ``player``, clockwise."""
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    @property
    def listener(self) -> str | None:
        """The player the holder announces to."""
        return None if self.hand is None else self.next_player(self.hand.holder)

    # --- events -----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        phase = self.phase
        if phase is Phase.OVER:
            raise ParolesError("la partie est terminée")
        expected: dict[type[Event], Phase] = {
            FirstCardsDrawn: Phase.FIRST_PLAYER,
            WordAnnounced: Phase.ANNOUNCE,
            AnnouncementAccepted: Phase.ANSWER,
            LiarCalled: Phase.ANSWER,
            HandRevealed: Phase.REVEAL,
        }
        wanted = expected.get(type(event))
        if wanted is None:
            raise ParolesError(f"événement inattendu aux paroles s'envolent : {event.kind}")
        if wanted is not phase:
            raise ParolesError(_NOT_NOW[phase])
        if isinstance(event, FirstCardsDrawn):
            self._first_cards(event)
        elif isinstance(event, WordAnnounced):
            self._announced(event)
        elif isinstance(event, AnnouncementAccepted | LiarCalled):
            self._answered(event)
        elif isinstance(event, HandRevealed):
            self._revealed(event)

    def _first_cards(self, event: FirstCardsDrawn) -> None:
        cards = normalise(event.cards).replace("*", "?")
        if len(cards) != len(self.drawing):
            raise ParolesError(f"il faut une carte pour chacun : {', '.join(self.drawing)}")
        if not all(c in ALPHABET or c in JOKERS for c in cards):
            raise ParolesError("une carte est une lettre de A à Z ou un joker")
        drawn = dict(zip(self.drawing, cards, strict=True))
        self.first_cards.append(drawn)
        lowest = min(card_rank(c) for c in cards)
        lowest_players = tuple(p for p in self.drawing if card_rank(drawn[p]) == lowest)
        if len(lowest_players) == 1:
            self.hand = Hand(lowest_players[0])
        else:
            self.drawing = lowest_players

    def _announced(self, event: WordAnnounced) -> None:
        hand = self.hand
        assert hand is not None
        if event.player != hand.holder:
            raise ParolesError(f"c'est à {hand.holder} d'annoncer un mot")
        word = normalise(event.word)
        if not is_plain(word):
            raise ParolesError("un mot s'écrit avec les lettres A à Z")
        if not hand.words and len(word) > FIRST_WORD_AT_MOST:
            raise ParolesError(
                f"sur une main neuve, on annonce {FIRST_WORD_AT_MOST} lettres au plus"
            )
        if hand.words and len(word) <= len(hand.words[-1]):
            raise ParolesError(f"il faut un mot plus long que {hand.words[-1]}")
        if len(word) > hand.cards:
            raise ParolesError(f"la main n'a que {hand.cards} cartes")
        hand.words.append(word)
        hand.answered = False

    def _answered(self, event: AnnouncementAccepted | LiarCalled) -> None:
        hand = self.hand
        assert hand is not None
        listener = self.next_player(hand.holder)
        if event.player != listener:
            raise ParolesError(f"c'est à {listener} d'accepter ou de crier « menteur ! »")
        if isinstance(event, LiarCalled):
            self.revealing = True
            return
        hand.holder = listener
        hand.cards += 1  # one card discarded, two drawn
        hand.answered = True

    def _revealed(self, event: HandRevealed) -> None:
        hand = self.hand
        assert hand is not None
        cards = normalise(event.cards)
        if len(cards) != hand.cards:
            raise ParolesError(f"la main compte {hand.cards} cartes, pas {len(cards)}")
        try:
            check_draw(cards, "paroles")
        except InvalidLetters as error:
            raise ParolesError(str(error)) from None
        accuser = self.next_player(hand.holder)
        word = hand.words[-1]
        self.calls.append(LiarCall(accuser, hand.holder, word, check_hand(cards, word)))
        self.revealing = False
        self.hand = Hand(accuser)  # the revealed hand is discarded: five new cards


_NOT_NOW = {
    Phase.FIRST_PLAYER: "on tire d'abord une carte chacun pour désigner le premier joueur",
    Phase.ANNOUNCE: "il faut d'abord annoncer un mot",
    Phase.ANSWER: "le mot annoncé attend d'être accepté ou contesté",
    Phase.REVEAL: "la main doit d'abord être révélée",
}
