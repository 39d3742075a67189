"""Who plays with whom in Pyramide: the Dico and Syno of each énigme, the teams of each
team phase, for both formulas; and the rotation between tables of an individual tournament.

The rules (3.1) give two formulas. In "Doublette" two fixed pairs meet. In "Individuel"
each player has, in turn, every other player of the table as partner; a table has 4
players, or else 3. The rules say no more; the seating below is what a table can follow
from its score sheet without a table of its own:

- Individuel at 4 (A B C D): the 12 énigmes are the 12 (Dico, Syno) pairs, each player
  Dico once for each other player. They come two by two, two pairs of partners side by
  side, so that after 6 énigmes (every pair of players once) as after 8 or 10 (the referee
  may stop there) every player has played the same number of énigmes:
  A→B C→D, A→C B→D, D→A C→B, then the same pairs the other way round.
  The three team phases each take one of the three ways of splitting the table in two:
  Ping-Pong A-B against C-D, Noms propres A-C against B-D, Grandes Pyramides A-D against
  B-C. Each player is thus the partner of each other player once in the team phases.
- Individuel at 3 (A B C): the énigmes go round the table, A→B B→C C→A, then the other
  way, B→A C→B A→C, twice: 12 énigmes, each player Dico and Syno once every three; after
  6 (and 12) every player has played as much, after 8 or 10 not quite, which cannot be
  helped at 3. A team phase needs two teams: one player plays in both, the Syno of both
  Dicos (in a Grande Pyramide each team still chooses who guesses), and scores with either
  team (so a Noms propres name, which always scores for
  one team, always scores for them). That shared player turns round: C in the Ping-Pong
  (A-C against B-C), B in the Noms propres (A-B against C-B), A in the Grandes Pyramides
  (B-A against C-A). The phases are not worth the same to the shared player; a tournament's
  rotation between tables evens it out over the games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: A phase's two teams, numbered 1 and 2 as the events number them.
Teams = dict[int, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays with whom during one game."""

    enigmas: tuple[tuple[str, str], ...]
    """(Dico, Syno) of each of the 12 énigmes, in order."""
    ping_pong: Teams
    noms_propres: Teams
    grandes_pyramides: Teams


def doublette_seating(players: Sequence[str]) -> Seating:
    """Two doublettes, the first two seats against the last two; each player is Dico for
    their partner three times (A→B, C→D, B→A, D→C, three times over).

    >>> doublette_seating("ABCD").enigmas[:5]
    (('A', 'B'), ('C', 'D'), ('B', 'A'), ('D', 'C'), ('A', 'B'))
    """
    a, b, c, d = players
    teams: Teams = {1: (a, b), 2: (c, d)}
    return Seating(((a, b), (c, d), (b, a), (d, c)) * 3, teams, teams, teams)


def individuel_seating(players: Sequence[str]) -> Seating:
    """Each player the partner of each other player in turn (see the module's docstring).

    >>> individuel_seating("ABCD").ping_pong, individuel_seating("ABCD").noms_propres
    ({1: ('A', 'B'), 2: ('C', 'D')}, {1: ('A', 'C'), 2: ('B', 'D')})
    >>> individuel_seating("ABC").enigmas[:6]
    (('A', 'B'), ('B', 'C'), ('C', 'A'), ('B', 'A'), ('C', 'B'), ('A', 'C'))
    """
    if len(players) == 4:
        a, b, c, d = players
        one_way = ((a, b), (c, d), (a, c), (b, d), (d, a), (c, b))
        back = tuple((syno, dico) for dico, syno in one_way)
        return Seating(
            one_way + back,
            ping_pong={1: (a, b), 2: (c, d)},
            noms_propres={1: (a, c), 2: (b, d)},
            grandes_pyramides={1: (a, d), 2: (b, c)},
        )
    a, b, c = players
    round_trip = ((a, b), (b, c), (c, a), (b, a), (c, b), (a, c))
    return Seating(
        round_trip * 2,
        ping_pong={1: (a, c), 2: (b, c)},
        noms_propres={1: (a, b), 2: (c, b)},
        grandes_pyramides={1: (b, a), 2: (c, a)},
    )


def rotate_tables(tables: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """The next game's tables in an individual tournament (rules 3.2): at each table the
    first seat (A) stays, B moves on one table, C back one table, D on two tables, the
    last table followed by the first. A table of 3 has no D.

    With fewer than 4 tables some players would meet again, the case where the rules send
    the organiser to the table of the "Règlement du Championnat Fédéral Individuel":
    ValueError (in French) then, as for a table of fewer than 3 or more than 4 players.
    Every table keeps its A, B and C, so none is left with fewer than 3.

    >>> rotate_tables(["ABCD", "EFGH", "IJKL", "MNOP"])
    [('A', 'N', 'G', 'L'), ('E', 'B', 'K', 'P'), ('I', 'F', 'O', 'D'), ('M', 'J', 'C', 'H')]
    """
    for number, table in enumerate(tables, start=1):
        if not 3 <= len(table) <= 4:
            raise ValueError(f"la table {number} a {len(table)} joueurs : il en faut 3 ou 4")
    count = len(tables)
    if count < 4:
        raise ValueError(
            "la rotation A, B, C, D demande au moins 4 tables : voir le tableau du "
            "Règlement du Championnat Fédéral Individuel"
        )
    moves = (0, 1, -1, 2)  # A stays, B on one, C back one, D on two
    seats: list[list[str]] = [[] for _ in tables]
    for seat, move in enumerate(moves):
        for number in range(count):
            origin = tables[(number - move) % count]
            if seat < len(origin):
                seats[number].append(origin[seat])
    return [tuple(table) for table in seats]
