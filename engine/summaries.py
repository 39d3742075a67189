"""What a game is, in one short line for the home screen: how many rounds, how long each
lasts, how many players ("12 manches · 45 s chiffres / 30 s lettres · 2 à 6 joueurs").

Every figure is read from the engine: the DCDL rule sets (:mod:`engine.rules`: the
rounds' order, the hourglasses, the extra rounds of a tie), the boxes' engines (their
targets, rounds and timers), the registry's players. A rule set changed there is shown
changed here, with no figure written twice. Kept out of :mod:`engine.registry`, which must
import no engine (the command line's start-up time).
"""

from __future__ import annotations

from collections.abc import Callable

from engine import dice, paroles, pyramide, sloubi
from engine.game import Game
from engine.registry import GAMES
from engine.rules import RULE_SETS, RoundKind, RuleSet, Timer

KIND_WORDS = {
    RoundKind.NUMBERS: ("chiffres", "chiffres"),
    RoundKind.LETTERS: ("lettres", "lettres"),
    RoundKind.DUEL: ("duel", "duels"),
    RoundKind.SPRINT: ("sprint", "sprints"),
}
"""A round's kind in French: (one, several)."""


def seconds(value: float) -> str:
    """A duration as people say it: "45 s", "1 min 10 s", "2 min".

    >>> seconds(70), seconds(45), seconds(120)
    ('1 min 10 s', '45 s', '2 min')
    """
    minutes, rest = divmod(round(value), 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"


def players_text(low: int, high: int) -> str:
    """ "2 joueurs", "3 ou 4 joueurs", "2 à 6 joueurs".

    >>> players_text(2, 2), players_text(3, 4), players_text(1, 6)
    ('2 joueurs', '3 ou 4 joueurs', '1 à 6 joueurs')
    """
    if low == high:
        return f"{low} joueur" + ("s" if low > 1 else "")
    return f"{low} {'ou' if high == low + 1 else 'à'} {high} joueurs"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " et " + words[-1]


def dcdl_parts(rules: RuleSet) -> list[str]:
    """The rounds and the hourglasses of a DCDL rule set."""
    order = rules.order
    rounds = f"{len(order)} manches"
    special = [
        f"{n} {KIND_WORDS[kind][n > 1]}"
        for kind in (RoundKind.DUEL, RoundKind.SPRINT)
        if (n := order.count(kind))
    ]
    if special:
        rounds += f" dont {_and(special)}"
    if rules.tie_rounds:
        rounds += ", prolongation si égalité"
    groups: dict[Timer, list[str]] = {}
    for kind in RoundKind:  # numbers first, as the rules are written
        if kind in order and kind in rules.timers:
            groups.setdefault(rules.timers[kind], []).append(KIND_WORDS[kind][1])
    times: list[str] = []
    for timer, kinds in groups.items():
        text = f"{seconds(timer.search)} {_and(kinds)}"
        if timer.writing:
            text += f" + {seconds(timer.writing)}" + (" d'écriture" if not times else "")
        times.append(text)
    return [rounds, " / ".join(times)]


BOXES: dict[str, Callable[[], list[str]]] = {
    "dice": lambda: [f"premier à {dice.TARGET} points"],
    "paroles": lambda: [
        f"premier à {paroles.TARGET} points",
        f"mains de {paroles.FRESH_HAND} cartes",
    ],
    "pyramide": lambda: [
        f"{pyramide.ENIGMAS} énigmes, Ping-Pong, {pyramide.NAMES} noms propres",
        f"pyramides de {seconds(pyramide.PYRAMID_SECONDS)}",
    ],
    "sloubi": lambda: [f"{sloubi.ROUNDS} manches", f"seau de {sloubi.BUCKET} dés"],
    "sloubi-enfants": lambda: [
        f"{sloubi.ROUNDS} manches",
        "seau de {} à {}".format(*sloubi.CHILDREN_TOTALS),
    ],
}
"""The boxes' lines, from their engines' constants."""
BOXES["pyramide-individuel"] = BOXES["pyramide"]


def summary(name: str, seats: int = 99) -> list[str]:
    """The parts of the line of the game ``name`` (to be joined with " · "), its players
    as the screen seats them: at most ``seats``. Empty for a game the engine knows nothing
    of."""
    kind = GAMES.get(name)
    if name in RULE_SETS:
        parts = dcdl_parts(RULE_SETS[name])
    elif name in BOXES:
        parts = BOXES[name]()
    else:
        return []
    if kind is not None:
        low, high = kind.players
        parts.append(players_text(low, min(high, seats)))
    return parts


def progress(game: object) -> str | None:
    """Where a saved game of "Des chiffres et des lettres" stands, as the resume button
    says it: "manche 5 sur 12", "prolongation", "mort subite", or "fin de la partie";
    ``None`` for the other boxes (their screens say where they stand)."""
    if not isinstance(game, Game):
        return None
    total = len(game.rules.order)
    current = game.current
    if current is None:
        return "fin de la partie"
    if current.number <= total:
        return f"manche {current.number} sur {total}"
    return "mort subite" if current.timer is not None else "prolongation"
