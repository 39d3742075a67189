"""Pyramide, club and tournament rules (../shared/rules/pyramide.md): clock and score sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakeclock import FakeClock

from engine.events import Event, GameStarted
from engine.pyramide import (
    BrickPlayed,
    BricksBid,
    ClockStarted,
    EnigmasStopped,
    ErrorNoted,
    ExpressionFound,
    NameBid,
    Phase,
    PyramidArbitrated,
    PyramideError,
    PyramideGame,
    PyramidEnded,
    SheetLine,
    SolutionGiven,
)
from engine.pyramide_seats import Teams, rotate_tables
from engine.session import Session
from engine.store import Store

PLAYERS = ("Ana", "Bruno", "Chloé", "David")  # Ana-Bruno against Chloé-David
TRIO = PLAYERS[:3]  # a table of 3 in Individuel: Ana, Bruno, Chloé

#: Each word of an énigme found at its first brick.
AT_ONCE = ("found",) * 5


def new_game() -> PyramideGame:
    return PyramideGame(GameStarted("pyramide", PLAYERS, seed=1))


def brick(game: PyramideGame, outcome: str, at: float = 0.0) -> None:
    game.apply(BrickPlayed(outcome, at))


def play_enigma(
    game: PyramideGame, words: tuple[str, ...] = AT_ONCE, solution: bool = True, bid: int = 2
) -> None:
    """Five words, ``bid`` bricks on each; a word is its bricks' outcomes, blank-separated."""
    for word in words:
        game.apply(BricksBid(bid))
        for outcome in word.split():
            brick(game, outcome)
    game.apply(SolutionGiven(solution))


def to_ping_pong(game: PyramideGame) -> None:
    for _ in range(6):
        play_enigma(game)
    game.apply(EnigmasStopped())


def test_an_enigma_scores_its_words_its_bonus_and_its_solution_to_dico_and_syno() -> None:
    game = new_game()
    enigma = game.enigmas[0]
    assert (enigma.dico, enigma.syno) == ("Ana", "Bruno")
    game.apply(BricksBid(3))
    brick(game, "missed")
    brick(game, "found")  # the third brick bid goes back to the stock
    assert enigma.stock == 11
    play_enigma(game, words=("found", "missed missed found", "found", "missed found"), bid=3)
    # 2 + 1 + 3 + 1 + 2 = 9 bricks spent: 4 bonus bricks, and the solution
    assert (enigma.found, enigma.bonus, enigma.solution) == (5, 4, True)
    assert game.scores == {"Ana": 10, "Bruno": 10, "Chloé": 0, "David": 0}
    assert (game.enigmas[1].dico, game.enigmas[1].syno) == ("Chloé", "David")


def test_a_word_not_found_costs_the_whole_bonus() -> None:
    game = new_game()
    play_enigma(game, words=("found", "missed missed", "found", "found", "found"))
    enigma = game.enigmas[0]
    assert (enigma.found, enigma.bonus) == (4, 0)
    assert game.sheet()["Bruno"] == SheetLine(5, 0, 0, 0, bonus=0, solutions=1)


def test_a_forbidden_proposal_loses_the_word_and_every_brick_bid_on_it() -> None:
    game = new_game()
    game.apply(BricksBid(4))
    brick(game, "error")
    enigma = game.enigmas[0]
    assert enigma.words[0].lost and enigma.stock == 9


def test_a_bid_leaves_a_brick_for_each_word_to_come() -> None:
    game = new_game()
    with pytest.raises(PyramideError, match="de 1 à 9"):
        game.apply(BricksBid(10))
    game.apply(BricksBid(9))
    brick(game, "missed")
    with pytest.raises(PyramideError, match="pas fini"):
        game.apply(BricksBid(1))
    with pytest.raises(PyramideError, match="après les cinq mots"):
        game.apply(SolutionGiven(True))


def test_the_bonus_breaks_a_tie_before_the_solutions() -> None:
    game = new_game()
    play_enigma(game, solution=False)  # 5 words + 8 bonus bricks = 13
    play_enigma(game, words=("missed found", *AT_ONCE[1:]))  # 5 + 7 + solution = 13
    assert game.scores == {"Ana": 13, "Bruno": 13, "Chloé": 13, "David": 13}
    assert game.ranking()[:2] == ["Ana", "Bruno"]


def test_ruling_the_enigmas_stopped_early_count_the_first_6_8_or_10() -> None:
    """The rules: "si les 12 énigmes ne sont pas terminées, seuls les points des 6, 8, ou
    10 premières seront comptabilisés": time runs out after the 7th, or during the 8th;
    the first 6 count."""
    after_seventh = new_game()
    for _ in range(7):
        play_enigma(after_seventh)
    after_seventh.apply(EnigmasStopped())
    assert after_seventh.phase is Phase.PING_PONG and len(after_seventh.enigmas) == 7
    assert after_seventh.enigmas_counted == 6
    # each player was Dico or Syno in three of the first six énigmes, 14 points each
    assert after_seventh.scores == dict.fromkeys(PLAYERS, 3 * 14)
    during_eighth = new_game()
    for _ in range(7):
        play_enigma(during_eighth)
    during_eighth.apply(BricksBid(2))
    brick(during_eighth, "found")
    during_eighth.apply(EnigmasStopped())
    assert during_eighth.phase is Phase.PING_PONG and len(during_eighth.enigmas) == 8
    assert during_eighth.scores == after_seventh.scores
    ninth = new_game()
    for _ in range(9):
        play_enigma(ninth)
    ninth.apply(EnigmasStopped())
    assert ninth.enigmas_counted == 8
    assert ninth.scores == dict.fromkeys(PLAYERS, 4 * 14)


def test_ruling_enigmas_stopped_before_the_sixth_count_nothing() -> None:
    """Not even 6 énigmes finished: none of "les 6, 8 ou 10 premières" exists, and an
    unfinished phase is cancelled ("non terminée dans sa totalité est annulée")."""
    game = new_game()
    for _ in range(5):
        play_enigma(game)
    game.apply(EnigmasStopped())
    assert game.enigmas_counted == 0 and game.phase is Phase.PING_PONG
    assert game.scores == dict.fromkeys(PLAYERS, 0)


def test_twelve_enigmas_then_the_ping_pong() -> None:
    game = new_game()
    for number in range(12):
        assert game.phase is Phase.ENIGMES, number
        play_enigma(game, solution=False)
    assert game.phase is Phase.PING_PONG
    dicos = [enigma.dico for enigma in game.enigmas]
    assert dicos == ["Ana", "Chloé", "Bruno", "David"] * 3


def test_ping_pong_teams_take_turns_and_a_word_found_keeps_the_hand() -> None:
    game = new_game()
    to_ping_pong(game)
    game.apply(ClockStarted(0.0))
    assert game.ping_pong_team() == 1
    brick(game, "missed", 8)
    assert game.ping_pong_team() == 2
    brick(game, "found", 15)  # team 2 scores and keeps the hand
    assert game.ping_pong_team() == 2
    assert game.ping_pong[0].point_to == 2


def test_ping_pong_error_gives_the_point_and_the_hand_to_the_other_team() -> None:
    game = new_game()
    to_ping_pong(game)
    game.apply(ClockStarted(0.0))
    brick(game, "error", 5)  # "E" for team 1
    assert game.ping_pong[0].point_to == 2 and game.ping_pong_team() == 2


def test_ping_pong_a_slow_brick_passes_the_hand_and_five_bricks_end_the_word() -> None:
    clock = FakeClock(0.0)
    game = new_game()
    to_ping_pong(game)
    game.apply(ClockStarted(clock()))
    brick(game, "missed", clock.advance(12))
    assert game.remaining(clock.advance(15)) == pytest.approx(5.0)
    assert game.due(clock()) is None
    late = game.due(clock.advance(6))
    assert late == BrickPlayed("late", 32.0)
    game.apply(late)
    for _ in range(3):
        brick(game, "missed", clock.advance(10))
    word = game.ping_pong[0]
    assert word.done and word.point_to is None and len(word.bricks) == 5
    assert game.ping_pong_team() == 2  # not found: the other team takes the hand


def test_ping_pong_an_error_seen_late_goes_back_to_its_brick() -> None:
    """The rules' example: C-D's forbidden proposal at the 4th brick of the 2nd word is
    seen at its 5th; A-B take the point there, and the next word starts at the 8th brick."""
    game = new_game()
    to_ping_pong(game)
    game.apply(ClockStarted(0.0))
    for outcome in ("missed", "missed", "found"):  # word 1: A-B at the 3rd brick
        brick(game, outcome)
    for outcome in ("missed", "missed", "missed", "missed", "found"):  # word 2
        brick(game, outcome)
    game.apply(ErrorNoted(word=2, brick=4, at=100.0))
    second = game.ping_pong[1]
    assert second.bricks == [(1, "missed"), (2, "missed"), (1, "missed"), (2, "error")]
    assert second.point_to == 1 and game.ping_pong_team() == 1
    assert sum(len(word.bricks) for word in game.ping_pong) == 7
    assert game.remaining(105.0) == pytest.approx(15.0)
    brick(game, "missed", 110.0)  # the next word has begun: too late to rectify
    with pytest.raises(PyramideError, match="avant que le mot suivant"):
        game.apply(ErrorNoted(word=2, brick=4, at=111.0))
    with pytest.raises(PyramideError, match="briques jouées sur ce mot : 1"):
        game.apply(ErrorNoted(word=3, brick=2, at=111.0))


def play_ping_pong(game: PyramideGame) -> None:
    """Team 1 scores words 2 (an error by team 2) and 5, team 2 words 1 and 4; 13 bricks."""
    game.apply(ClockStarted(0.0))
    for outcome in ("missed", "found"):  # word 1: team 2 finds it
        brick(game, outcome)
    brick(game, "error")  # word 2: team 2's error, the point to team 1
    for outcome in ("missed", "missed", "missed", "late", "missed"):  # word 3: nobody
        brick(game, outcome)
    brick(game, "found")  # word 4: team 2 at once
    for outcome in ("missed", "missed", "missed", "found"):  # word 5: team 1, 13th brick
        brick(game, outcome)


def test_a_ping_pong_is_five_words_in_thirteen_bricks() -> None:
    game = new_game()
    to_ping_pong(game)
    play_ping_pong(game)
    assert [word.point_to for word in game.ping_pong] == [2, 1, None, 2, 1]
    assert [team for word in game.ping_pong for team, _ in word.bricks][:3] == [1, 2, 2]
    assert game.phase is Phase.NOMS_PROPRES


def test_noms_propres_bids_one_per_team_the_lower_takes_the_name() -> None:
    game = new_game()
    to_ping_pong(game)
    play_ping_pong(game)
    with pytest.raises(PyramideError, match="l'équipe 2 a la main"):
        game.apply(NameBid(1, 2))
    game.apply(NameBid(2, 3))
    with pytest.raises(PyramideError, match="moins de 3"):
        game.apply(NameBid(1, 3))
    game.apply(NameBid(1, 2))
    with pytest.raises(PyramideError, match="une seule enchère"):
        game.apply(NameBid(2, 1))
    brick(game, "missed")
    brick(game, "missed")  # team 1 did not find it in its 2 bricks: the point to team 2
    name = game.names[0]
    assert name.player == 1 and name.point_to == 2
    assert game.names[1].hand == 2


def play_names(game: PyramideGame) -> None:
    """Team 1 scores one name, team 2 three."""
    game.apply(NameBid(2, 3))
    game.apply(NameBid(1, 2))
    brick(game, "missed")
    brick(game, "found")  # team 1 finds it and keeps the hand
    game.apply(NameBid(1, 1))
    brick(game, "missed")  # not found: the point and the hand to team 2
    game.apply(NameBid(2, 2))
    brick(game, "found")  # team 2
    game.apply(NameBid(2, 3))
    game.apply(NameBid(1, 1))
    brick(game, "error")  # team 1's error: team 2


def test_each_proper_name_gives_one_point_and_one_only() -> None:
    game = new_game()
    to_ping_pong(game)
    play_ping_pong(game)
    play_names(game)
    assert [name.point_to for name in game.names] == [1, 2, 2, 2]
    assert game.phase is Phase.GRANDES_PYRAMIDES


def test_a_grande_pyramide_lasts_1_min_10_and_stops_when_dico_says_a_word() -> None:
    clock = FakeClock(0.0)
    game = new_game()
    to_ping_pong(game)
    play_ping_pong(game)
    play_names(game)
    game.apply(ClockStarted(clock()))
    for _ in range(4):
        game.apply(ExpressionFound(clock.advance(15)))
    assert game.remaining(clock()) == pytest.approx(10.0)
    with pytest.raises(PyramideError, match="pas écoulé"):
        game.apply(PyramidEnded(clock()))
    with pytest.raises(PyramideError, match="trop tard"):
        game.apply(ExpressionFound(clock() + 10.5))
    ended = game.due(clock.advance(11))
    assert ended == PyramidEnded(70.0)
    game.apply(ended)
    game.apply(ClockStarted(clock.advance(30)))
    game.apply(ExpressionFound(clock.advance(20)))
    game.apply(PyramidEnded(clock.advance(5), word_said=True))
    assert game.over
    assert [(p.found, p.word_said) for p in game.pyramids] == [(4, False), (1, True)]


def test_a_whole_game_s_score_sheet_and_the_solutions_breaking_a_tie() -> None:
    game = new_game()
    play_enigma(game)  # Ana -> Bruno: 5 + 8 + 1 = 14
    play_enigma(game, solution=False)  # Chloé -> David: 13
    play_enigma(game, words=("found", "found", "missed missed", "found", "found"))  # 4 + 1
    play_enigma(game)  # David -> Chloé: 14
    play_enigma(game, solution=False)  # Ana -> Bruno: 13
    play_enigma(game, words=("error", *AT_ONCE[1:]), solution=False)  # Chloé -> David: 4
    game.apply(EnigmasStopped())
    play_ping_pong(game)  # 2 points each team
    play_names(game)  # team 1: 1, team 2: 3
    game.apply(ClockStarted(0.0))
    for at in (10.0, 20.0, 30.0, 40.0):
        game.apply(ExpressionFound(at))
    game.apply(PyramidEnded(70.0))  # team 1: 4
    game.apply(ClockStarted(100.0))
    for at in (110.0, 120.0, 130.0):
        game.apply(ExpressionFound(at))
    game.apply(PyramidEnded(135.0, word_said=True))  # team 2: 3
    sheet = game.sheet()
    assert sheet["Ana"] == SheetLine(32, 2, 1, 4, bonus=16, solutions=2)
    assert sheet["Chloé"] == SheetLine(31, 2, 3, 3, bonus=16, solutions=1)
    assert game.scores == {"Ana": 39, "Bruno": 39, "Chloé": 39, "David": 39}
    assert game.over and game.ranking()[:2] == ["Ana", "Bruno"]  # more solutions
    with pytest.raises(PyramideError, match="terminée"):
        game.apply(ClockStarted(200.0))


def test_a_team_phase_left_unfinished_scores_nothing() -> None:
    game = new_game()
    to_ping_pong(game)
    game.apply(ClockStarted(0.0))
    brick(game, "found")
    assert game.ping_pong[0].point_to == 1
    assert game.sheet()["Ana"].ping_pong == 0


def test_pyramide_needs_two_doublettes_and_known_outcomes() -> None:
    with pytest.raises(PyramideError, match="quatre"):
        PyramideGame(GameStarted("pyramide", ("Ana", "Bruno", "Chloé"), seed=1))
    game = new_game()
    game.apply(BricksBid(2))
    with pytest.raises(PyramideError, match="issue inconnue"):
        brick(game, "bof")


@pytest.mark.parametrize(
    ("rules", "players", "teams", "enigmes"),
    [
        ("pyramide", PLAYERS, {1: ("Ana", "Bruno"), 2: ("Chloé", "David")}, 3 * 14),
        # at 3, six énigmes make each player Dico twice and Syno twice
        ("pyramide-individuel", TRIO, {1: ("Ana", "Chloé"), 2: ("Bruno", "Chloé")}, 4 * 14),
    ],
)
def test_a_pyramide_game_is_saved_and_resumed_where_it_stopped(
    tmp_path: Path, rules: str, players: tuple[str, ...], teams: Teams, enigmes: int
) -> None:
    store = Store(tmp_path / "games.db")
    session = Session.new(store, rules, list(players), seed=4)
    for _ in range(6):
        for _word in range(5):
            session.do(BricksBid(2))
            session.do(BrickPlayed("found", 0.0))
        session.do(SolutionGiven(True))
    session.do(EnigmasStopped())
    session.do(ClockStarted(10.0))
    session.do(BrickPlayed("missed", 15.0))
    clock = FakeClock(20.0)
    resumed = Session.resume(store, session.game_id, clock=clock)
    game = resumed.game
    assert isinstance(game, PyramideGame) and game.phase is Phase.PING_PONG
    assert game.start.rules == rules and game.teams() == teams
    assert game.ping_pong_team() == 2 and game.remaining(clock()) == pytest.approx(15.0)
    assert {line.enigmes for line in game.sheet().values()} == {enigmes}
    clock.advance(16)  # team 2 took too long: the clock records the late brick
    assert resumed.clock_due() == BrickPlayed("late", 35.0)
    again = Session.resume(store, session.game_id).game
    assert isinstance(again, PyramideGame) and again.ping_pong_team() == 1


# --- the Individuel formula ---------------------------------------------------------


#: Énigmes by their score: F 5 words + 8 bonus + the solution = 14; N the same without the
#: solution, 13; M a word missed (no bonus) and the solution, 5; G the first word found at
#: its 2nd brick, 5 + 7 + 1 = 13; H two words at their 2nd brick, 5 + 6 + 1 = 12.
ENIGMAS_PLAYED = {
    "F": (AT_ONCE, True),
    "N": (AT_ONCE, False),
    "M": (("found", "missed missed", "found", "found", "found"), True),
    "G": (("missed found", *AT_ONCE[1:]), True),
    "H": (("missed found", "missed found", *AT_ONCE[2:]), True),
}


def individuel(players: tuple[str, ...] = PLAYERS) -> PyramideGame:
    return PyramideGame(GameStarted("pyramide-individuel", players, seed=1))


def play_enigmas(game: PyramideGame, kinds: str) -> None:
    for kind in kinds:
        words, solution = ENIGMAS_PLAYED[kind]
        play_enigma(game, words, solution)


def play_team_phases_on_the_clock(game: PyramideGame, clock: FakeClock) -> None:
    """The Ping-Pong and Noms propres of :func:`play_ping_pong` and :func:`play_names`, and
    two pyramids (4 expressions, then 3 and a word said), on the clock: the 4th brick of
    the 3rd word comes too late and the first pyramid runs out of time."""
    game.apply(ClockStarted(clock()))
    for outcome in ("missed", "found", "error", "missed", "missed", "missed"):
        brick(game, outcome, clock.advance(8))
    assert game.due(clock.advance(19)) is None
    late = game.due(clock.advance(1))
    assert late == BrickPlayed("late", clock())
    game.apply(late)
    for outcome in ("missed", "found", "missed", "missed", "missed", "found"):
        brick(game, outcome, clock.advance(8))
    assert [word.point_to for word in game.ping_pong] == [2, 1, None, 2, 1]
    play_names(game)
    game.apply(ClockStarted(clock.advance(60)))
    for _ in range(4):
        game.apply(ExpressionFound(clock.advance(15)))
    time_up = game.due(clock.advance(10))
    assert time_up == PyramidEnded(clock())
    game.apply(time_up)
    game.apply(ClockStarted(clock.advance(30)))
    for _ in range(3):
        game.apply(ExpressionFound(clock.advance(10)))
    game.apply(PyramidEnded(clock.advance(5), word_said=True))


def whole_individuel_game(players: tuple[str, ...], enigmas: str) -> PyramideGame:
    """The 12 énigmes as ``enigmas`` says, then the team phases on a fake clock."""
    game = individuel(players)
    play_enigmas(game, enigmas)
    assert game.phase is Phase.PING_PONG
    play_team_phases_on_the_clock(game, FakeClock(0.0))
    assert game.over
    return game


def test_individuel_at_four_each_player_is_dico_once_for_each_other_player() -> None:
    game = individuel()
    play_enigmas(game, "F" * 12)
    pairs = [(enigma.dico, enigma.syno) for enigma in game.enigmas]
    assert len(set(pairs)) == 12 and all(dico != syno for dico, syno in pairs)
    assert pairs[:2] == [("Ana", "Bruno"), ("Chloé", "David")]
    # the first six énigmes put every two players together once
    assert {frozenset(pair) for pair in pairs[:6]} == {
        frozenset((one, other)) for one in PLAYERS for other in PLAYERS if one < other
    }
    # stopped after 6, 8 or 10, every player has played as many énigmes
    for played in (6, 8, 10, 12):
        seen = [player for pair in pairs[:played] for player in pair]
        assert {seen.count(player) for player in PLAYERS} == {played // 2}, played


def test_individuel_at_four_each_team_phase_splits_the_table_another_way() -> None:
    game = individuel()
    splits = [
        game.teams(Phase.PING_PONG),
        game.teams(Phase.NOMS_PROPRES),
        game.teams(Phase.GRANDES_PYRAMIDES),
    ]
    assert splits[0] == {1: ("Ana", "Bruno"), 2: ("Chloé", "David")}
    partners = [frozenset(team) for split in splits for team in split.values()]
    assert len(set(partners)) == 6  # each player partners each other player once


def test_individuel_at_three_goes_round_the_table_and_shares_a_player_in_team_phases() -> None:
    game = individuel(TRIO)
    play_enigmas(game, "F" * 12)
    pairs = [(enigma.dico, enigma.syno) for enigma in game.enigmas]
    assert pairs[:3] == [("Ana", "Bruno"), ("Bruno", "Chloé"), ("Chloé", "Ana")]
    assert len(set(pairs[:6])) == 6 and pairs[6:] == pairs[:6]
    for played in (3, 6, 9, 12):  # every three énigmes, each is Dico once and Syno once
        assert sorted(dico for dico, _ in pairs[:played]) == sorted(TRIO * (played // 3))
    team_phases = (Phase.PING_PONG, Phase.NOMS_PROPRES, Phase.GRANDES_PYRAMIDES)
    shared = [set(game.teams(phase)[1]) & set(game.teams(phase)[2]) for phase in team_phases]
    assert shared == [{"Chloé"}, {"Bruno"}, {"Ana"}]  # each player in both teams once
    assert game.teams() == {1: ("Ana", "Chloé"), 2: ("Bruno", "Chloé")}


def test_a_whole_individuel_game_at_four_credits_every_point_to_the_players() -> None:
    # Ana→Bruno F, Chloé→David N, Ana→Chloé M, Bruno→David F, David→Ana F, Chloé→Bruno N,
    # Bruno→Ana M, David→Chloé F, Chloé→Ana F, David→Bruno F, Ana→David N, Bruno→Chloé F
    game = whole_individuel_game(PLAYERS, "FNMFFNMFFFNF")
    # Ping-Pong Ana-Bruno 2, Chloé-David 2; Noms propres Ana-Chloé 1, Bruno-David 3;
    # Grandes Pyramides Ana-David 4, Bruno-Chloé 3
    assert game.sheet() == {
        "Ana": SheetLine(65, 2, 1, 4, bonus=32, solutions=5),
        "Bruno": SheetLine(74, 2, 3, 3, bonus=40, solutions=5),
        "Chloé": SheetLine(73, 2, 1, 3, bonus=40, solutions=4),
        "David": SheetLine(82, 2, 3, 4, bonus=48, solutions=4),
    }
    assert game.scores == {"Ana": 72, "Bruno": 82, "Chloé": 79, "David": 91}
    assert game.ranking() == ["David", "Bruno", "Chloé", "Ana"]


def test_a_whole_individuel_game_at_three_credits_the_shared_player_with_both_teams() -> None:
    # Chloé→Ana misses a word in the 3rd énigme, Bruno→Chloé forgets the solution in the 8th
    game = whole_individuel_game(TRIO, "FFMFFF" + "FNFFFF")
    # Ping-Pong Ana-Chloé 2, Bruno-Chloé 2: Chloé 4; Noms propres Ana-Bruno 1, Chloé-Bruno 3:
    # Bruno 4, every name; Grandes Pyramides Bruno-Ana 4, Chloé-Ana 3: Ana 7
    assert game.sheet() == {
        "Ana": SheetLine(103, 2, 1, 7, bonus=56, solutions=8),
        "Bruno": SheetLine(111, 2, 4, 4, bonus=64, solutions=7),
        "Chloé": SheetLine(102, 4, 3, 3, bonus=56, solutions=7),
    }
    assert game.ranking() == ["Bruno", "Ana", "Chloé"]


def test_individuel_ties_are_broken_by_the_bonus_before_the_solutions() -> None:
    game = individuel(TRIO)
    # Ana→Bruno N, Bruno→Chloé F, Chloé→Ana N, Bruno→Ana G, Chloé→Bruno H, Ana→Chloé N
    play_enigmas(game, "NFNGHN")
    game.apply(EnigmasStopped())
    sheet = game.sheet()
    assert game.scores == dict.fromkeys(TRIO, 52)
    assert [(sheet[p].bonus, sheet[p].solutions) for p in TRIO] == [(31, 1), (29, 3), (30, 2)]
    assert game.ranking() == ["Ana", "Chloé", "Bruno"]


def test_individuel_is_played_at_four_or_three_and_doublette_at_four_only() -> None:
    for players in (PLAYERS[:2], (*PLAYERS, "Émile"), ("Ana", "Bruno", "Ana")):
        with pytest.raises(PyramideError, match="quatre ou à trois"):
            individuel(players)
    with pytest.raises(PyramideError, match="deux doublettes"):
        PyramideGame(GameStarted("pyramide", TRIO, seed=1))


def test_in_a_tournament_a_stays_b_moves_on_one_table_c_back_one_d_on_two() -> None:
    tables = ["ABCD", "EFGH", "IJKL", "MNOP", "QRST"]
    moved = rotate_tables(tables)
    # the 1st table: A stays, B comes from the 5th table, C from the 2nd, D from the 4th
    assert moved[0] == ("A", "R", "G", "P")
    assert sorted("".join(table) for table in moved) != sorted(tables)
    assert sorted(player for table in moved for player in table) == sorted("".join(tables))
    for table in moved:  # nobody meets a player of their last table again
        assert len({tables.index(next(t for t in tables if p in t)) for p in table}) == 4


def test_a_tournament_rotation_keeps_tables_of_three_and_needs_four_tables() -> None:
    moved = rotate_tables(["ABCD", "EFGH", "IJKL", "MNO"])
    # the 4th table has no D: the 2nd, two tables on (round the room), gets none
    assert [len(table) for table in moved] == [4, 3, 4, 4]
    with pytest.raises(ValueError, match="au moins 4 tables"):
        rotate_tables(["ABCD", "EFGH", "IJKL"])
    with pytest.raises(ValueError, match="la table 3 a 2 joueurs : il en faut 3 ou 4"):
        rotate_tables(["ABCD", "EFGH", "IJ", "MNOP"])


def in_ping_pong() -> PyramideGame:
    game = new_game()
    to_ping_pong(game)
    game.apply(ClockStarted(100.0))
    brick(game, "missed", 110.0)
    return game


@pytest.mark.parametrize("at", [float("nan"), float("inf"), float("-inf")])
def test_a_time_that_is_no_number_is_refused_in_french_and_changes_nothing(at: float) -> None:
    game = in_ping_pong()
    before = game.state()
    for event in (BrickPlayed("found", at), ErrorNoted(1, 1, at), ClockStarted(at)):
        with pytest.raises(PyramideError, match="nombre non fini"):
            game.apply(event)
    for query in (game.remaining, game.due):
        with pytest.raises(PyramideError, match="instant invalide"):
            query(at)
    assert game.state() == before


@pytest.mark.parametrize(
    "event",
    [
        BrickPlayed("found", "bientôt"),  # type: ignore[arg-type]
        BrickPlayed(None, 111.0),  # type: ignore[arg-type]
        ErrorNoted(1.0, 1, 111.0),  # type: ignore[arg-type]
        ErrorNoted(1, True, 111.0),
        BricksBid(2.5),  # type: ignore[arg-type]
        BricksBid(True),
        SolutionGiven("oui"),  # type: ignore[arg-type]
        NameBid(1.0, 2),  # type: ignore[arg-type]
        PyramidEnded(200.0, "oui"),  # type: ignore[arg-type]
    ],
    ids=lambda event: type(event).__name__,
)
def test_an_event_with_a_field_of_the_wrong_type_is_refused_in_french(event: Event) -> None:
    game = new_game()
    if isinstance(event, SolutionGiven):
        for _ in range(5):
            game.apply(BricksBid(2))
            brick(game, "found")
    if isinstance(event, BrickPlayed | ErrorNoted):
        game = in_ping_pong()
    before = game.state()
    with pytest.raises(PyramideError, match="mal formé"):
        game.apply(event)
    assert game.state() == before


def test_ruling_no_instant_comes_before_the_clock_it_is_measured_on() -> None:
    game = in_ping_pong()
    with pytest.raises(PyramideError, match="ne peut précéder"):
        brick(game, "found", 105.0)  # the brick's clock restarted at 110
    with pytest.raises(PyramideError, match="ne peut précéder"):
        game.apply(ErrorNoted(1, 1, 109.0))
    to_grandes_pyramides = new_game()
    to_ping_pong(to_grandes_pyramides)
    play_ping_pong(to_grandes_pyramides)
    play_names(to_grandes_pyramides)
    to_grandes_pyramides.apply(ClockStarted(500.0))
    with pytest.raises(PyramideError, match="ne peut précéder"):
        to_grandes_pyramides.apply(ExpressionFound(499.0))
    with pytest.raises(PyramideError, match="ne peut précéder"):
        to_grandes_pyramides.apply(PyramidEnded(499.0, word_said=True))
    to_grandes_pyramides.apply(PyramidEnded(520.0, word_said=True))
    with pytest.raises(PyramideError, match="ne peut précéder"):
        to_grandes_pyramides.apply(ClockStarted(519.0))


def grandes_pyramides() -> tuple[PyramideGame, FakeClock]:
    clock = FakeClock(0.0)
    game = new_game()
    to_ping_pong(game)
    play_ping_pong(game)
    play_names(game)
    return game, clock


def test_ruling_an_arbitration_after_the_pyramid_keeps_the_expressions_found_before() -> None:
    """The rules: "si l'un des adversaires pense que Dico a fait une proposition interdite,
    il attend la fin de la Pyramide et demande un arbitrage": upheld, the pyramid stops
    there, and only "les points des expressions précédemment trouvées" count."""
    game, clock = grandes_pyramides()
    game.apply(ClockStarted(clock()))
    for _ in range(5):
        game.apply(ExpressionFound(clock.advance(10)))
    with pytest.raises(PyramideError, match="à la fin de la Grande Pyramide"):
        game.apply(PyramidArbitrated(3, forbidden=True))  # wait for the end
    game.apply(PyramidEnded(70.0))
    with pytest.raises(PyramideError, match="expressions 1 à 6"):
        game.apply(PyramidArbitrated(7, forbidden=True))
    game.apply(PyramidArbitrated(4, forbidden=False))  # the referee finds nothing wrong
    game.apply(PyramidArbitrated(3, forbidden=True))  # forbidden, in the 3rd expression
    assert game.pyramids[0].points == 2
    game.apply(ClockStarted(clock.advance(30)))
    with pytest.raises(PyramideError, match="à la fin de la Grande Pyramide"):
        game.apply(PyramidArbitrated(1, forbidden=True))  # the next pyramid has begun
    for _ in range(6):
        game.apply(ExpressionFound(clock.advance(5)))
    assert game.over
    game.apply(PyramidArbitrated(6, forbidden=True))  # after the last pyramid, the game over
    sheet = game.sheet()
    assert (sheet["Ana"].grandes_pyramides, sheet["Chloé"].grandes_pyramides) == (2, 5)
    with pytest.raises(PyramideError, match="terminée"):
        game.apply(ClockStarted(clock.advance(1)))
