"""The "racine" helper of Pyramide: warns the referee when a proposal may share a root.

Dico must never use a word of the same root as the word to guess (``pyramide.md``, 5 and
5.2.1). Etymology is the dictionaries' business, not a program's; this helper flags what a
program can see, and the referee decides:

- a letter of the alphabet said alone ("g" for "hache" is forbidden);
- a common prefix longer than 3 letters ("pourchasser" for "poursuivre");
- the same root-valued suffix, from the rules' table ("homicide" for "génocide");
- the same word family: the stem of one word (its inflection and common derivation endings
  removed, 4 letters at least) inside the other, the shorter being a word of the lexicon
  ("courir" for "parcourir", "présent" for "présentation"). The lexicon has no etymology,
  so a family is a guess: "chat" inside "château" is flagged too.

Words are compared normalised (no accents, upper case), a final plural S or X set aside.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.lexicon import ALPHABET, index, normalise

_SUFFIX_TABLE = """
agogue agogie algie archie arque bare blaste bole carpe cene cephale cide cole coque cosme
crate cratie culteur culture cycle cyte dactyle doxe drome edre emie ergie fere fique forme
fuge game gamie gene gone grade gramme graphe graphie gyne hydre iatre iatrie lingue lite
lithe logie logue lyse mancie mane manie metre metrie naute nome nomie oide ome onyme pare
pathe pathie pede pedie phage phagie phane phile philie phobe phobie phone phonie phore
pitheque pode pole ptere saure scope scopie sphere taphe technie theque therapie therme
thermie tome tomie tonie trophie type typie urgie urie vore
"""

_ENDINGS = """
ATIONS ATION ITIONS ITION TIONS TION EMENTS EMENT MENTS MENT EUSES EUSE EURS EUR ATRICE
ANTES ANTS ANTE ANT ISTES ISTE ISMES ISME ABLES ABLE IBLES IBLE ETTES ETTE ERIES ERIE AGES
AGE ITES ITE IONS ION ERAIT ERONT ERAS ERA AIENT AIT AIS ONS EZ ENT EES EE ES ER IR RE E
"""

#: Suffixes that carry a root (the rules' table, without accents; non exhaustive).
ROOT_SUFFIXES = tuple(normalise(suffix) for suffix in _SUFFIX_TABLE.split())

#: Endings removed to find a stem: inflections, then common derivations (longest first).
ENDINGS = tuple(sorted(_ENDINGS.split(), key=len, reverse=True))
SHORTEST_STEM = 4
PREFIX_LONGER_THAN = 3


@dataclass(frozen=True, slots=True)
class RootWarning:
    """Why a proposal may break the root rule: ``rule`` names the check, ``reason`` is French."""

    rule: str
    reason: str


def singular(word: str) -> str:
    """A normalised word without its plural S or X (when more than 3 letters remain).

    >>> singular("CARNIVORES"), singular("BAS")
    ('CARNIVORE', 'BAS')
    """
    return word[:-1] if len(word) > 4 and word[-1] in "SX" else word


def stem(word: str) -> str:
    """The word without its longest common ending, if 4 letters at least remain.

    >>> stem("PARCOURIR"), stem("COURIR"), stem("PRESENTATION"), stem("AMI")
    ('PARCOUR', 'COUR', 'PRESENT', 'AMI')
    """
    for ending in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= SHORTEST_STEM:
            return word[: -len(ending)]
    return word


def common_prefix(first: str, second: str) -> str:
    """The letters both words begin with.

    >>> common_prefix("POURCHASSER", "POURSUIVRE")
    'POUR'
    """
    length = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        length += 1
    return first[:length]


def root_warnings(proposal: str, target: str) -> list[RootWarning]:
    """What a program can see of a shared root between Dico's proposal and the word to guess.

    >>> [w.rule for w in root_warnings("parcourir", "courir")]
    ['famille']
    >>> [w.rule for w in root_warnings("homicide", "génocide")]
    ['suffixe']
    >>> root_warnings("lent", "rapide")
    []
    """
    said, guessed = singular(normalise(proposal)), singular(normalise(target))
    warnings: list[RootWarning] = []
    if len(said) == 1 and said in ALPHABET:
        warnings.append(RootWarning("lettre", "une lettre de l'alphabet ne peut appeler un mot"))
        return warnings
    prefix = common_prefix(said, guessed)
    if len(prefix) > PREFIX_LONGER_THAN:
        warnings.append(
            RootWarning("préfixe", f"préfixe commun de plus de 3 lettres : {prefix.lower()}-")
        )
    for suffix in ROOT_SUFFIXES:
        if said.endswith(suffix) and guessed.endswith(suffix):
            reason = f"même suffixe à valeur de racine : -{suffix.lower()}"
            warnings.append(RootWarning("suffixe", reason))
            break
    family = _family(said, guessed)
    if family is not None and not any(w.rule == "préfixe" for w in warnings):
        warnings.append(RootWarning("famille", family))
    return warnings


def _family(said: str, guessed: str) -> str | None:
    """Whether one word's stem lies inside the other, the shorter word being a real one."""
    shorter, longer = sorted((said, guessed), key=len)
    root = stem(shorter)
    if len(root) < SHORTEST_STEM or root not in longer:
        return None
    if index().find(shorter) is None:
        return None
    return f"même famille de mots probable : {root.lower()} dans {longer.lower()}"
