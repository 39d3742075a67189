"""The phones in the games played move by move (issue 24): the dice game's announcements and
word, the bluff game's word and "Menteur !"; and the live check of a count being written
step by step on a phone.

Pure (no Starlette, no pygame): :func:`view` is what every phone shows of a dice or bluff
game, read from the engine; :func:`event_for` turns a phone's move into the engine's event
(the engine then judges it, with its own French reasons, as it judges the touchscreen's);
:func:`check_count` is the touchscreen's live check of a count (the solver's
:func:`solver.proposal.verify`), sent back to the phone so that its page checks nothing
itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from device.web.table import Refused
from engine.dice import (
    IMPOSSIBLE_POINTS,
    LONGEST,
    SHORTEST,
    DiceGame,
    DiceRound,
    ImpossibleAnnounced,
    LettersAnnounced,
    WordGiven,
)
from engine.dice import TARGET as DICE_TARGET
from engine.dice import Phase as DicePhase
from engine.events import Event
from engine.paroles import (
    FIRST_WORD_AT_MOST,
    AnnouncementAccepted,
    LiarCalled,
    ParolesGame,
    WordAnnounced,
)
from engine.paroles import TARGET as PAROLES_TARGET
from engine.paroles import Phase as ParolesPhase
from solver.proposal import ProposalSyntaxError, verify

MAX_WORD = 30
"""Letters of a word sent by a phone (no French word is longer)."""
MAX_STEPS = 5
"""Steps of a count: six plates make at most five."""
STEP_OPS = {"+": "+", "-": "-", "*": "x", "/": "/"}
"""How the canonical text of a count writes each operation (ASCII, as the answer takes it)."""

MOVES = {
    "des": ("annonce", "impossible", "mot"),
    "paroles": ("annonce", "accepte", "menteur"),
}


def view(game: object) -> dict[str, Any] | None:
    """What every phone shows of a dice or bluff game (JSON-ready), or None for the others.
    ``tour`` names the moment a move answers: a move sent for another is refused."""
    if isinstance(game, DiceGame):
        return _dice_view(game)
    if isinstance(game, ParolesGame):
        return _paroles_view(game)
    return None


def _dice_view(game: DiceGame) -> dict[str, Any]:
    phase = game.phase
    played = game.rounds[-1]
    counting = played.counting if not game.over else None
    names = {
        DicePhase.ROLL: "lancer",
        DicePhase.LISTENING: "annonces",
        DicePhase.COUNTING: "annonces",
        DicePhase.WORD: "mot",
        DicePhase.OVER: "fin",
    }
    settled = [r for r in game.rounds if r.points is not None]
    return {
        "jeu": "des",
        "tour": str(played.number),
        "phase": names[phase],
        "lancer": played.number,
        "lanceur": played.roller,
        "joueurs": list(played.players),
        "departage": played.roll_off,
        "des": [*played.consonants, *([played.vowel] if played.vowel else [])],
        "compte": None
        if counting is None
        else {
            "joueur": counting.player,
            "lettres": counting.letters,
            "depuis": counting.at,
            "de": counting.counts_from,
            "stop": counting.stop_at,
        },
        "annonces": [{"joueur": a.player, "lettres": a.letters} for a in played.announcements],
        "plus_de_10": counting is not None and counting.letters is None,
        "mini": SHORTEST,
        "scores": game.scores,
        "cible": DICE_TARGET,
        "classement": game.ranking() if game.over else None,
        "dernier": _dice_result(game, settled[-1]) if settled else None,
    }


def _dice_result(game: DiceGame, played: DiceRound) -> dict[str, Any]:
    """A settled roll as the phones show it: what was said, the verdict, who scored."""
    counting = played.counting
    if counting is None:
        said = "Lancer passé : personne n'a trouvé"
    elif counting.letters is None:
        said = f"{counting.player} : IMPOSSIBLE, +{IMPOSSIBLE_POINTS}"
    else:
        verdict = played.verdict
        word = verdict.display if verdict is not None and verdict.word else "pas de mot"
        right = verdict is not None and verdict.valid
        said = f"{counting.player} : {word} ({counting.letters}) — {'juste' if right else 'faux'}"
    shortest = []
    for level, who in (("hard", ""), ("easy", " (faciles)")):
        found = played.shortest.get(level)
        if found is not None:
            shortest.append(
                f"aucun mot{who} : c'était impossible"
                if found.impossible
                else f"Les plus courts{who} ({found.length} lettres) : "
                + ", ".join(found.display[:4])
            )
    reason = played.verdict.reason if played.verdict is not None else None
    return {
        "lancer": played.number,
        "des": [*played.consonants, *([played.vowel] if played.vowel else [])],
        "texte": said,
        "raison": reason or "",
        "points": {p: (played.points or {}).get(p, 0) for p in game.players},
        "plus_courts": shortest,
    }


def _paroles_view(game: ParolesGame) -> dict[str, Any]:
    phase = game.phase
    hand = game.hand
    names = {
        ParolesPhase.FIRST_PLAYER: "premier",
        ParolesPhase.ANNOUNCE: "annonce",
        ParolesPhase.ANSWER: "reponse",
        ParolesPhase.REVEAL: "revelation",
        ParolesPhase.OVER: "fin",
    }
    words = list(hand.words) if hand is not None else []
    last = game.calls[-1] if game.calls else None
    return {
        "jeu": "paroles",
        "tour": f"{len(game.calls) + 1}.{len(words)}",
        "phase": names[phase],
        "main": len(game.calls) + 1,
        "detenteur": hand.holder if hand is not None else None,
        "auditeur": game.listener,
        "cartes": hand.cards if hand is not None else None,
        "mots": words,
        "au_plus": FIRST_WORD_AT_MOST if not words else (hand.cards if hand else None),
        "scores": game.scores,
        "cible": PAROLES_TARGET,
        "classement": game.ranking() if game.over else None,
        "dernier": None
        if last is None
        else {
            "appel": len(game.calls),
            "texte": f"{last.accuser} a crié « Menteur ! » à {last.accused} pour {last.word}",
            "main": last.check.cards,
            "ecrit": last.check.spelled,
            "raison": "" if last.check.spelled else (last.check.verdict.reason or "mot refusé"),
            "gagnant": last.scorer,
            "points": last.points,
        },
    }


def _text(message: Mapping[str, Any], key: str, longest: int) -> str:
    value = message.get(key, "")
    if not isinstance(value, str):
        raise Refused(400, f"Message illisible : « {key} » doit être un texte")
    if len(value) > longest:
        raise Refused(422, f"Au plus {longest} lettres")
    return value.strip()


def check_move(message: object) -> dict[str, Any]:
    """A move's shape, checked before it waits for the game: ``{"coup", "tour", ...}``."""
    if not isinstance(message, dict):
        raise Refused(400, "Message illisible : attendu un objet JSON")
    move, turn = message.get("coup"), message.get("tour")
    if not isinstance(move, str) or move not in {m for ms in MOVES.values() for m in ms}:
        raise Refused(400, "Message illisible : « coup » inconnu")
    if not isinstance(turn, str) or len(turn) > 16:
        raise Refused(400, "Message illisible : « tour » doit être un texte")
    letters = message.get("lettres")
    if "lettres" in message and (not isinstance(letters, int) or isinstance(letters, bool)):
        raise Refused(400, "Message illisible : « lettres » doit être un nombre")
    _text(message, "mot", MAX_WORD)
    return dict(message)


def event_for(game: object, player: str, message: Mapping[str, Any], at: float) -> Event:
    """The engine's event for ``player``'s move, in the game as it is now (the UI thread);
    the engine judges it. ``at`` is when the move reached the Pi."""
    view_ = view(game)
    if view_ is None:
        raise Refused(409, "Ce jeu ne se joue pas coup par coup sur les téléphones")
    if message["tour"] != view_["tour"]:
        raise Refused(409, "Le jeu a avancé : regardez de nouveau votre écran")
    move = message["coup"]
    if move not in MOVES[view_["jeu"]]:
        raise Refused(400, "Message illisible : ce coup n'est pas de ce jeu")
    if isinstance(game, DiceGame):
        current = game.current
        counting = current.counting if current is not None else None
        # Two phones a few milliseconds apart: the one the game took first counts first.
        at = max(at, counting.at) if counting is not None else at
        if move == "impossible":
            return ImpossibleAnnounced(player, at)
        if move == "annonce":
            letters = message.get("lettres")
            if not isinstance(letters, int) or not SHORTEST <= letters <= LONGEST:
                raise Refused(422, f"Une annonce va de {SHORTEST} à {LONGEST} lettres")
            return LettersAnnounced(player, letters, at)
        return WordGiven(player, _text(message, "mot", MAX_WORD))
    assert isinstance(game, ParolesGame)
    if move == "annonce":
        word = _text(message, "mot", MAX_WORD)
        if not word:
            raise Refused(422, "Le mot est vide")
        return WordAnnounced(player, word)
    if move == "accepte":
        return AnnouncementAccepted(player)
    return LiarCalled(player)


# --- a count written step by step --------------------------------------------------------


def check_count(plates: tuple[int, ...], steps: object) -> dict[str, Any]:
    """The live check of a count being written on a phone: each step as the show writes
    it with its French reason if it is wrong, the value reached, the numbers still free in
    their places (the plates in the draw's order, then the results), and the count's text
    as the answer takes it. ``steps`` is a list of ``[a, op, b]``."""
    if not isinstance(steps, list) or len(steps) > MAX_STEPS:
        raise Refused(400, f"Message illisible : au plus {MAX_STEPS} étapes")
    written = []
    for step in steps:
        if (
            not isinstance(step, list)
            or len(step) != 3
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in step[::2])
            or step[1] not in STEP_OPS
            or not all(0 < n < 100_000 for n in step[::2])
        ):
            raise Refused(400, "Message illisible : une étape est [nombre, opération, nombre]")
        written.append(f"{step[0]} {step[1]} {step[2]}")
    if not written:
        return _count_reply(plates, [], None, None, [])
    try:
        verdict = verify(plates, " ; ".join(written))
    except ProposalSyntaxError as error:  # cannot happen with the shape checked above
        raise Refused(422, str(error)) from None
    lines, results = [], []
    for check in verdict.checks:
        w = check.written
        if check.result is not None:
            results.append(check.result)
        shown = f"{w.a} {STEP_OPS[w.op]} {w.b}"
        lines.append(
            {
                "texte": shown if check.result is None else f"{shown} = {check.result}",
                "raison": check.reason,
            }
        )
    reason = verdict.reason
    free = Counter(verdict.available) if reason is None else Counter()
    return _count_reply(plates, lines, verdict.value, reason, results, free=free)


def _count_reply(
    plates: tuple[int, ...],
    lines: list[dict[str, Any]],
    value: int | None,
    reason: str | None,
    results: list[int],
    *,
    free: Counter[int] | None = None,
) -> dict[str, Any]:
    free = Counter(plates) if free is None else free

    def slots(numbers: Iterable[int]) -> list[list[Any]]:
        out: list[list[Any]] = []
        for number in numbers:
            out.append([number, free[number] > 0])
            free[number] -= 1
        return out

    return {
        "etapes": lines,
        "valeur": value,
        "raison": reason,
        "plaques": slots(plates),
        "resultats": slots(results),
        "texte": "\n".join(line["texte"] for line in lines),
    }
