"""The club rule on accents: an E's accent must be right.

The club rulebook (``../shared/rules/dcdl-club-tournoi.md``) asks players not to forget
the accents on the "e", even in capitals, at the end of a word ("fatuité" is right,
"fatuite" wrong) and inside it ("resonnées" is right, "résonnées" wrong). Tiles carry no
accents and every other rule compares words in A-Z (:func:`solver.lexicon.normalise`), so
this rule alone needs the accented spelling a player wrote, and only the club rule sets
apply it (``docs/rulings.md``, "Words: the lexicon, accents and hyphens"):

- the marks an E can carry count: é, è, ê and ë; a missing, extra or wrong one refuses
  the word;
- capitals are no excuse ("ÉLÈVE", not "ELEVE"), as the rule says in so many words;
- no other letter's marks count (à, â, î, ï, ô, ù, û, ç), nor hyphens, nor case;
- a word is right when it is written like any spelling the list accepts for it
  ("événement" and "évènement" both stand; "pêche", "péché" and "pêché" too).

The accepted spellings come from the compiled list (``make lexicon``): the spelling shown
to players, and ``data/accents.gz`` for the few thousand words the list spells with
different E's.
"""

from __future__ import annotations

import gzip
import unicodedata
from functools import cache
from typing import Final

from solver.lexicon import DATA, lexicon, normalise

#: The combining marks an E may carry, and how the club spelling writes that E.
E_MARKS: Final = {"\u0301": "É", "\u0300": "È", "\u0302": "Ê", "\u0308": "Ë"}

#: The compiled spellings of the words the club rules' list writes with different E's.
ACCENTS_FILE: Final = DATA / "accents.gz"


#: :func:`normalise` of one letter and its marks, remembered: the lexicon's build spells
#: every word of the dictionary, a few hundred distinct clusters in all.
_normalised = cache(normalise)


def club_spelling(word: str) -> str:
    """The spelling the club rule compares: A-Z as :func:`normalise` gives, except that an
    E keeps its accent (É, È, Ê or Ë).

    >>> club_spelling("fatuité"), club_spelling("Résonnées"), club_spelling("ÉLÈVE")
    ('FATUITÉ', 'RÉSONNÉES', 'ÉLÈVE')
    >>> club_spelling("cœur"), club_spelling("garçon-naïf"), club_spelling("Noël")
    ('COEUR', 'GARCONNAIF', 'NOËL')
    """
    decomposed = unicodedata.normalize("NFKD", word)
    spelled: list[str] = []
    at = 0
    while at < len(decomposed):
        end = at + 1
        while end < len(decomposed) and unicodedata.combining(decomposed[end]):
            end += 1
        cluster = decomposed[at:end]
        mark = next((E_MARKS[c] for c in cluster[1:] if c in E_MARKS), None)
        spelled.append(mark if mark and cluster[0] in "eE" else _normalised(cluster))
        at = end
    return "".join(spelled)


@cache
def _variants() -> dict[str, tuple[str, ...]]:
    """The words of ``accents.gz``: normalised word, then its spellings, best first."""
    with gzip.open(ACCENTS_FILE, "rt", encoding="utf-8") as text:
        lines = text.read().splitlines()
    return {word: tuple(spellings) for word, *spellings in (line.split("\t") for line in lines)}


def spellings(word: str) -> tuple[str, ...]:
    """Every spelling the club rules' list (``dcdl``) accepts for a normalised word, one
    for each way of writing its E's, the one shown to players first; ``()`` if none.

    >>> spellings("PECHE")
    ('pêche', 'péché', 'pêché')
    >>> spellings("FATUITE"), spellings("XQZW")
    (('fatuité',), ())
    """
    words = lexicon("dcdl")
    if word not in words:
        return ()
    return _variants().get(word) or (words.display(word),)


def accented_display(typed: str) -> str | None:
    """The accepted spelling a player's word is written as, E accents included, if any.

    >>> accented_display("ÉLÈVE"), accented_display("eleve"), accented_display("XQZW")
    ('élève', None, None)
    """
    spelled = club_spelling(typed)
    return next((s for s in spellings(normalise(typed)) if club_spelling(s) == spelled), None)


def accent_fault(typed: str) -> str | None:
    """Why the club rule refuses how a player wrote the E's of a word, in French.

    ``None`` when the E's are right, and for a word the list does not take at all (the
    list's own refusal says why).

    >>> accent_fault("fatuité") is None, accent_fault("FATUITÉ") is None
    (True, True)
    >>> accent_fault("FATUITE")
    'accent oublié sur le E : « fatuité »'
    >>> accent_fault("résonnées")
    'accent en trop sur le E : « resonnées »'
    >>> accent_fault("fatuitè")
    'mauvais accent sur le E : « fatuité »'
    """
    accepted = spellings(normalise(typed))
    if not accepted or accented_display(typed) is not None:
        return None
    spelled = club_spelling(typed)

    def wrong_es(spelling: str) -> list[tuple[str, str]]:
        return [(a, b) for a, b in zip(spelled, club_spelling(spelling), strict=True) if a != b]

    nearest = min(accepted, key=lambda spelling: len(wrong_es(spelling)))
    written, right = wrong_es(nearest)[0]
    if written == "E":
        return f"accent oublié sur le E : « {nearest} »"
    if right == "E":
        return f"accent en trop sur le E : « {nearest} »"
    return f"mauvais accent sur le E : « {nearest} »"
