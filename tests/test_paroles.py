"""Les paroles s'envolent, les écrits restent (../shared/rules/les-paroles-s-envolent.md)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from engine.events import Event, GameStarted
from engine.paroles import (
    FRENCH_TILES,
    AnnouncementAccepted,
    Deck,
    FirstCardsDrawn,
    HandRevealed,
    LiarCalled,
    ParolesError,
    ParolesGame,
    Phase,
    WordAnnounced,
)
from engine.session import Session
from engine.store import Store

PLAYERS = ("Ana", "Bruno", "Chloé")


def new_game(first_cards: str = "MBT") -> ParolesGame:
    """A game whose first player Bruno drew the B."""
    game = ParolesGame(GameStarted("paroles", PLAYERS, seed=1))
    game.apply(FirstCardsDrawn(first_cards))
    return game


def chat_then_chante(game: ParolesGame | Session) -> None:
    """Bruno announces CHAT, Chloé accepts it and announces CHANTÉ to Ana."""
    play = game.do if isinstance(game, Session) else game.apply
    play(WordAnnounced("Bruno", "chat"))
    play(AnnouncementAccepted("Chloé"))
    play(WordAnnounced("Chloé", "chanté"))


def passed(game: ParolesGame, *words: tuple[str, str]) -> None:
    """Each (holder, word) is announced and accepted by the next player."""
    for holder, word in words:
        game.apply(WordAnnounced(holder, word))
        game.apply(AnnouncementAccepted(game.next_player(holder)))


def call_liar(game: ParolesGame, accuser: str, cards: str) -> None:
    game.apply(LiarCalled(accuser))
    game.apply(HandRevealed(cards))


def test_the_lowest_letter_plays_first_and_then_it_turns_clockwise() -> None:
    game = new_game("MBT")
    assert game.hand is not None and game.hand.holder == "Bruno"
    assert game.listener == "Chloé"
    game.apply(WordAnnounced("Bruno", "chat"))
    game.apply(AnnouncementAccepted("Chloé"))
    assert game.hand.holder == "Chloé" and game.listener == "Ana"


def test_players_tied_on_the_lowest_letter_draw_again_among_themselves() -> None:
    game = ParolesGame(GameStarted("paroles", PLAYERS, seed=1))
    game.apply(FirstCardsDrawn("CFC"))
    assert game.phase is Phase.FIRST_PLAYER and game.drawing == ("Ana", "Chloé")
    with pytest.raises(ParolesError, match="Ana, Chloé"):
        game.apply(FirstCardsDrawn("ABC"))
    game.apply(FirstCardsDrawn("?E"))  # a joker ranks after Z
    assert game.hand is not None and game.hand.holder == "Chloé"


def test_the_first_word_of_a_fresh_hand_has_at_most_four_letters() -> None:
    game = new_game()
    with pytest.raises(ParolesError, match="4 lettres au plus"):
        game.apply(WordAnnounced("Bruno", "chant"))
    game.apply(WordAnnounced("Bruno", "chat"))
    assert game.phase is Phase.ANSWER


def test_each_word_is_longer_than_the_previous_and_the_hand_grows_a_card_a_turn() -> None:
    game = new_game()
    game.apply(WordAnnounced("Bruno", "chat"))
    game.apply(AnnouncementAccepted("Chloé"))
    with pytest.raises(ParolesError, match="plus long que CHAT"):
        game.apply(WordAnnounced("Chloé", "rose"))
    game.apply(WordAnnounced("Chloé", "chant"))
    game.apply(AnnouncementAccepted("Ana"))
    assert game.hand is not None and game.hand.cards == 7
    with pytest.raises(ParolesError, match="que 7 cartes"):
        game.apply(WordAnnounced("Ana", "chantons"))
    game.apply(WordAnnounced("Ana", "chantes"))


def test_only_the_holder_announces_and_only_the_next_player_answers() -> None:
    game = new_game()
    with pytest.raises(ParolesError, match="à Bruno d'annoncer"):
        game.apply(WordAnnounced("Ana", "chat"))
    with pytest.raises(ParolesError, match="annoncer un mot"):
        game.apply(AnnouncementAccepted("Chloé"))
    game.apply(WordAnnounced("Bruno", "chat"))
    with pytest.raises(ParolesError, match="à Chloé"):
        game.apply(LiarCalled("Ana"))
    with pytest.raises(ParolesError, match="A à Z"):
        ParolesGame(GameStarted("paroles", PLAYERS, 1)).apply(FirstCardsDrawn("A1C"))


def test_a_wrongly_accused_player_scores_the_word_s_length() -> None:
    game = new_game()
    chat_then_chante(game)
    call_liar(game, "Ana", "CHATEN")
    call = game.calls[-1]
    assert call.check.spelled and call.scorer == "Chloé"
    assert game.scores == {"Ana": 0, "Bruno": 0, "Chloé": 6}
    assert "TANCHE" in call.check.longest.words  # what the hand allowed


def test_a_liar_caught_gives_the_points_to_the_accuser() -> None:
    game = new_game()
    game.apply(WordAnnounced("Bruno", "chas"))
    call_liar(game, "Chloé", "CHATE")
    call = game.calls[-1]
    assert not call.check.spelled and call.check.verdict.reason == "il manque un S"
    assert call.check.longest.best_length == 5
    assert game.scores == {"Ana": 0, "Bruno": 0, "Chloé": 4}


def test_a_hand_that_spells_a_word_that_is_not_french_is_a_lie() -> None:
    game = new_game()
    game.apply(WordAnnounced("Bruno", "chxa"))
    call_liar(game, "Chloé", "CHAXT")
    assert game.calls[-1].check.verdict.reason == "mot inconnu"
    assert game.scores["Chloé"] == 4


def test_ruling_a_proper_noun_is_no_word_in_the_bluff_game() -> None:
    """The rules: "un mot de son choix": LYON is spelled by the hand, but a town is no word here
    (the dice game's rules say "y compris les noms propres"; these rules do not)."""
    game = new_game()
    game.apply(WordAnnounced("Bruno", "Lyon"))
    call_liar(game, "Chloé", "LYONE")
    assert game.calls[-1].check.verdict.reason == "nom propre"
    assert game.scores == {"Ana": 0, "Bruno": 0, "Chloé": 4}


def test_a_joker_stands_for_any_letter() -> None:
    game = new_game()
    game.apply(WordAnnounced("Bruno", "loup"))
    call_liar(game, "Chloé", "LOU?E")
    assert game.scores["Bruno"] == 4


def test_after_a_call_the_accuser_takes_five_new_cards_and_starts_again_short() -> None:
    game = new_game()
    chat_then_chante(game)
    call_liar(game, "Ana", "CHATEN")
    assert game.hand is not None and game.hand.holder == "Ana" and game.hand.cards == 5
    with pytest.raises(ParolesError, match="4 lettres au plus"):
        game.apply(WordAnnounced("Ana", "chanter"))
    game.apply(WordAnnounced("Ana", "rat"))


def test_the_revealed_hand_has_the_cards_the_engine_counted() -> None:
    game = new_game()
    game.apply(WordAnnounced("Bruno", "chat"))
    game.apply(LiarCalled("Chloé"))
    with pytest.raises(ParolesError, match="5 cartes, pas 4"):
        game.apply(HandRevealed("CHAT"))
    with pytest.raises(ParolesError, match="3 jokers"):
        game.apply(HandRevealed("CH???"))
    assert game.phase is Phase.REVEAL


def test_the_first_player_to_25_points_wins() -> None:
    game = new_game()
    rounds = [  # (holder, word, accuser, revealed hand): each call ends a hand
        ("Bruno", "rose", "Chloé", "ROSEA"),  # true: Bruno 4
        ("Chloé", "loup", "Ana", "LOUPE"),  # true: Chloé 4
        ("Ana", "chas", "Bruno", "CHATE"),  # lie: Bruno 8
    ]
    for holder, word, accuser, cards in rounds:
        game.apply(WordAnnounced(holder, word))
        call_liar(game, accuser, cards)
    assert game.scores == {"Ana": 0, "Bruno": 8, "Chloé": 4}
    # Bruno's hand goes round the table with longer words, then Bruno is called a liar
    passed(game, ("Bruno", "rat"), ("Chloé", "arbre"), ("Ana", "arbres"))
    with pytest.raises(ParolesError, match="que 8 cartes"):
        game.apply(WordAnnounced("Bruno", "arbrisseau"))
    assert game.phase is Phase.ANNOUNCE
    game.apply(WordAnnounced("Bruno", "arbustes"))
    call_liar(game, "Chloé", "ARBUSTES")
    assert game.scores == {"Ana": 0, "Bruno": 16, "Chloé": 4}
    game.apply(WordAnnounced("Chloé", "mais"))
    call_liar(game, "Ana", "MAISZ")
    passed(game, ("Ana", "ami"), ("Bruno", "maison"), ("Chloé", "maisons"))
    game.apply(WordAnnounced("Ana", "pavillon"))
    call_liar(game, "Bruno", "MAISONST")  # Ana lies: Bruno 16 + 8
    assert game.scores == {"Ana": 0, "Bruno": 24, "Chloé": 8} and not game.over
    game.apply(WordAnnounced("Bruno", "le"))
    call_liar(game, "Chloé", "LEAAA")  # true: Bruno 26
    assert game.over and game.ranking()[0] == "Bruno"
    with pytest.raises(ParolesError, match="terminée"):
        game.apply(WordAnnounced("Chloé", "fin"))


def test_the_deck_is_a_french_scrabble_set_and_the_discard_becomes_the_pile() -> None:
    deck = Deck(random.Random(3))
    assert Counter(deck.pile) == Counter(FRENCH_TILES) and len(deck.pile) == 102
    hand = deck.deal(100)
    deck.discard(hand)
    rest = deck.deal(5)  # two cards left in the pile, three from the shuffled discard
    assert len(rest) == 5 and len(deck.pile) == 97


def test_a_bluff_game_is_saved_and_resumed_where_it_stopped(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    session = Session.new(store, "paroles", list(PLAYERS), seed=2)
    session.do(FirstCardsDrawn("MBT"))
    chat_then_chante(session)
    resumed = Session.resume(store, session.game_id)
    game = resumed.game
    assert isinstance(game, ParolesGame) and game.phase is Phase.ANSWER
    assert game.hand is not None and game.hand.words == ["CHAT", "CHANTE"]
    resumed.do(LiarCalled("Ana"))
    resumed.do(HandRevealed("CHATEN"))
    again = Session.resume(store, session.game_id).game
    assert isinstance(again, ParolesGame) and again.scores["Chloé"] == 6


@pytest.mark.parametrize(
    "event",
    [
        WordAnnounced("Bruno", 1234),  # type: ignore[arg-type]
        WordAnnounced("Bruno", ["C", "H", "A", "T"]),  # type: ignore[arg-type]
        WordAnnounced(None, "chat"),  # type: ignore[arg-type]
        WordAnnounced("Bruno", "\udcff"),
        FirstCardsDrawn(None),  # type: ignore[arg-type]
        HandRevealed(("C", "H", "A", "T", "S")),  # type: ignore[arg-type]
        LiarCalled(3),  # type: ignore[arg-type]
    ],
    ids=lambda event: type(event).__name__,
)
def test_an_event_with_a_field_of_the_wrong_type_is_refused_in_french(event: Event) -> None:
    game = ParolesGame(GameStarted("paroles", PLAYERS, seed=1))
    if not isinstance(event, FirstCardsDrawn):
        game.apply(FirstCardsDrawn("MBT"))
    if isinstance(event, LiarCalled | HandRevealed):
        game.apply(WordAnnounced("Bruno", "chat"))
    if isinstance(event, HandRevealed):
        game.apply(LiarCalled("Chloé"))
    before = game.state()
    with pytest.raises(ParolesError, match="mal formé"):
        game.apply(event)
    assert game.state() == before
