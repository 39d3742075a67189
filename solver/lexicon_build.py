"""Compile the games' word lists from Dicollecte's dictionary (``make lexicon``).

Source: Debian's ``hunspell-fr-comprehensive`` (Dicollecte "toutes variantes" 7.0,
MPL-2.0), unfolded by :mod:`solver.affixes` into about 500,000 tagged forms. Each form is
one *reading* of its normalised word; a game accepts a word when it accepts one of its
readings (``MANGER`` is a noun and an infinitive, ``PARIS`` a proper noun and a plural).

What each game accepts (the rule texts are in ``../shared/rules/``):

- ``dcdl``, "Le mot le plus long", the official ruling of the boxed game, which the TV show
  and the clubs share: nouns, adjectives with their feminines and plurals, adverbs and other
  invariable words, and of verbs only the infinitive, the present participle and the past
  participle, with the rulebook's lists of exceptions (:data:`INFINITIVE_ONLY`...). Never
  a conjugated form, a proper noun, an acronym, a symbol, an abbreviation, a prefix, an
  interjection, or a word that only exists inside a locution. The rulebook's odd plurals
  and the words the TV examples need are added from ``data/dcdl-additions.txt``.
- ``dice``, "Le mot le plus court": every word of the dictionary, conjugated verbs and
  proper nouns included; no acronyms, symbols, abbreviations or affixes.
- ``paroles``, "Les paroles s'envolent": every word of the dictionary including conjugated
  forms, but no proper nouns (its rules say "un mot", and a bluff on "Paris" would be
  argued at every table), acronyms, symbols or affixes.

Output (``solver/data/``): ``lexicon.gz``, every accepted word of every game, most familiar
first (word frequencies from PyPI ``wordfreq``, read at build time only), with the spelling
to show and bit sets over the words (:class:`solver.lexicon.Index`); ``refused.gz``, the
dictionary's words a game refuses, with a reason code per game
(:data:`solver.lexicon.REFUSALS`); ``accents.gz``, the club rules' list's words with
several ways of writing their E's, for the club rule on accents (:mod:`solver.accents`).
Files are gzip with a zero timestamp, so a rebuild from the same package gives the same
bytes.

    python -m solver.lexicon_build [--dictionary /usr/share/hunspell/fr] [--out solver/data]
"""

from __future__ import annotations

import argparse
import gzip
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from solver.accents import club_spelling
from solver.affixes import HUNSPELL_FR, Form, expand_dictionary
from solver.lexicon import DATA, RULES, Index, is_plain, normalise


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: The rulebook's verbs of which only the infinitive is accepted.
INFINITIVE_ONLY = _words(
    "accroire apparoir chaloir courre ester férir gésir méfaire quérir sourdre"
)

#: The rulebook's verbs whose present participle is refused (besides impersonal verbs).
NO_PRESENT_PARTICIPLE = _words("déchoir ensuivre falloir frire occire")

#: Verbs whose past participle the rulebook names as variable (Dicollecte gives some of
#: them an invariable participle only).
VARIABLE_PAST_PARTICIPLE = _words(
    "caner clamecer clamser résulter obéir désobéir foirer striduler surgir tourber"
)

#: Lower-case abbreviations that Dicollecte tags as ordinary words ("fig." is a figure,
#: "env." environ, "janv." janvier, "ln" the logarithm): the rules refuse abbreviations.
#: Only their uninflected readings go: "tan" the abbreviated tangent, not "tan" the bark.
ABBREVIATIONS = _words(
    "av avr bibl cgr chap circ coll cos déc dgr div dpi éd env fév févr fig janv juil lat "
    "ln mgr nov oct réf sin tan trad vg vs"
)

#: Tags that mark something that is not a word at all (punctuation, typing errors kept
#: so that Hunspell can flag them, elided forms written without their apostrophe).
NOT_WORDS = frozenset({"ponc", "sign", "err"})

ADDITIONS = DATA / "dcdl-additions.txt"

#: When a word has several refused readings, the reason given is the first of these
#: (``va`` is a form of "aller" before it is the symbol of the volt-ampere).
REASON_PRIORITY = "cirolpsa"


@dataclass(frozen=True, slots=True)
class Reading:
    """One form of the dictionary, classified for each game."""

    word: str
    display: str
    #: One code of :data:`solver.lexicon.REFUSALS` per game of :data:`RULES`, "" if accepted.
    refusals: tuple[str, ...]


def _parts(morph: str) -> tuple[set[str], set[str]]:
    tags = morph.split()
    return {t[3:] for t in tags if t.startswith("po:")}, {
        t for t in tags if not t.startswith("po:")
    }


def _verb_refusal(form: Form, verb: str, kinds: set[str], tags: set[str]) -> str:
    """Why ``dcdl`` refuses this verb form, "" when it accepts it.

    ``verb`` is Dicollecte's verb tag after ``v``: group, then the positions of i
    (intransitive), t (direct transitive), n (indirect), p/q/r/e (pronominal), m
    (impersonal), e (auxiliary être), a (avoir). Whether a past participle agrees is
    already in Dicollecte's forms: a verb whose participle is invariable only has the
    one form tagged ``is:inv`` (``dormi``, ``souri``), so its forms are taken as they are.
    """
    infinitive = form.stem
    if "infi" in kinds or "is:infi" in tags:
        return ""
    if "ppre" not in kinds and "ppas" not in kinds:
        return "c"
    if infinitive in INFINITIVE_ONLY:
        return "i"
    impersonal = len(verb) > 6 and verb[6] == "m"
    if "ppre" in kinds and (impersonal or infinitive in NO_PRESENT_PARTICIPLE):
        return "r"
    return ""


def with_rulebook_participles(forms: Iterable[Form]) -> Iterator[Form]:
    """``forms``, plus the agreeing past participles the rulebook grants.

    Dicollecte gives only an invariable participle for a few verbs whose participle the
    rulebook calls variable (``cané``, ``surgi``...): add their feminine and plural.
    """
    for form in forms:
        yield form
        tags = form.morph.split()
        if form.stem in VARIABLE_PAST_PARTICIPLE and "po:ppas" in tags and "is:inv" in tags:
            for ending, agreement in (
                ("e", "is:fem is:sg"),
                ("s", "is:mas is:pl"),
                ("es", "is:fem is:pl"),
            ):
                yield Form(form.text + ending, f"{tags[0]} po:ppas {agreement}", form.stem, False)


_SEPARATORS = re.compile(r"[-'’ ]")


def _has_acronym(text: str) -> bool:
    """Whether a part of ``text`` is written like an acronym or a symbol.

    A part (between hyphens, apostrophes or spaces) with a capital after its first letter
    (``ADN``, ``mAh``, ``anti-IVG``, ``pré-ARNm``), or a lone capital after the first part
    (``R'n'B``, ``K-O``; ``K-pop`` and ``N'Djamena`` only start with a capital). A part
    that is only capitalised is a proper name inside a compound: ``hôtel-Dieu``,
    ``prie-Dieu``, ``outre-Manche`` and ``tête-de-Maure`` are common words, ``États-Unis``
    and ``Île-de-France`` proper nouns (their stem is capitalised), not acronyms.

    >>> _has_acronym("SNCF"), _has_acronym("anti-IVG"), _has_acronym("hôtel-Dieu")
    (True, True, False)
    """
    first, *others = _SEPARATORS.split(text)
    return any(c.isupper() for c in first[1:]) or any(
        any(c.isupper() for c in part[1:]) or (len(part) == 1 and part.isupper()) for part in others
    )


def classify(form: Form) -> Reading | None:
    """The reading of one form for every game, or ``None`` when it is no word at all."""
    word = normalise(form.text)
    kinds, tags = _parts(form.morph)
    if not is_plain(word) or kinds & NOT_WORDS or form.text.endswith(("'", "’")):
        return None  # not a word; or an elided article, pronoun... ("l'", "qu'")
    if len(form.text) < len(word) == 2:
        return None  # the name of the letter œ or æ, not a two-letter word
    symbol = (
        form.keepcase
        or _has_acronym(form.text)  # ADN, SNCF, mAh, anti-IVG (not hôtel-Dieu)
        or any(unicodedata.category(c) in ("Lm", "No") for c in form.text)  # xᵉ, iᵉʳ, m²
        or ("titr" in kinds and form.stem[:1].isupper())  # Mme, Dr (not madame, docteur)
        or (form.stem in ABBREVIATIONS and form.stem == form.text and "is:sg" not in tags)
    )
    common = "s" if symbol else "a" if kinds & {"pfx", "sfx"} else ""
    proper = bool(kinds & {"npr", "prn", "patr"}) or form.stem[:1].isupper()
    paroles = common or ("p" if proper else "")
    dcdl = paroles
    if not dcdl:
        verb = next((k[1:] for k in kinds if k[:1] == "v" and k[1:2].isdigit()), None)
        if verb is not None:
            dcdl = _verb_refusal(form, verb, kinds, tags)
        elif kinds and all(kind.startswith("loc.") for kind in kinds):
            dcdl = "l"
        elif kinds and kinds <= {"interj", "loc.interj"}:
            dcdl = "o"
    codes = {"dcdl": dcdl, "dice": common, "paroles": paroles}
    return Reading(word, form.text, tuple(codes[rules] for rules in RULES))


def read_additions(path: Path = ADDITIONS) -> list[str]:
    """The words of an additions file (one a line, ``#`` starts a comment)."""
    words = []
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.partition("#")[0].strip()
        if text:
            words.append(text)
    return words


def frequencies() -> dict[str, float]:
    """How often each French word is written (wordfreq's "best" list)."""
    import wordfreq

    table: dict[str, float] = wordfreq.get_frequency_dict("fr")
    return dict(table)


def _frequency(display: str, table: dict[str, float]) -> float:
    """A word's frequency; a compound is rarer than its rarest part.

    The parts combine like resistors in parallel, then lose a factor of ten for each
    joint ("pas-à-pas" is far rarer than "pas").
    """
    parts = [part for part in re.split(r"[-'’ ]", display.lower()) if part]
    frequencies = [table.get(part, 0.0) for part in parts]
    if not frequencies or min(frequencies) == 0.0:
        return 0.0
    return 1 / sum(1 / f for f in frequencies) / 10.0 ** (len(parts) - 1)


def _display_key(display: str, table: dict[str, float]) -> tuple[float, bool, str]:
    """Best display first: the most frequent, then lower case, then alphabetical."""
    return (-_frequency(display, table), display != display.lower(), display)


def build(
    forms: Iterable[Form], additions: Iterable[str], table: dict[str, float]
) -> dict[str, bytes]:
    """The compiled files' contents by name (``lexicon``, ``refused``, ``accents``),
    uncompressed."""
    accepted: dict[str, dict[str, set[str]]] = {rules: defaultdict(set) for rules in RULES}
    refused: dict[str, dict[str, str]] = {rules: {} for rules in RULES}
    for form in forms:
        reading = classify(form)
        if reading is None:
            continue
        for rules, code in zip(RULES, reading.refusals, strict=True):
            if code:
                known = refused[rules].get(reading.word, code)
                refused[rules][reading.word] = min(known, code, key=REASON_PRIORITY.index)
            else:
                accepted[rules][reading.word].add(reading.display)
    for display in additions:
        for rules in RULES:
            accepted[rules][normalise(display)].add(display)
    keys_of: dict[str, tuple[float, bool, str]] = {}

    def display_key(display: str) -> tuple[float, bool, str]:
        if display not in keys_of:
            keys_of[display] = _display_key(display, table)
        return keys_of[display]

    # One spelling per word: the best among the readings of the strictest game taking it.
    strictest = sorted(RULES, key=lambda rules: len(accepted[rules]))
    shown: dict[str, str] = {}
    for rules in reversed(strictest):
        for word, displays in accepted[rules].items():
            shown[word] = min(displays, key=display_key)
    order = sorted(shown, key=lambda word: (display_key(shown[word])[0], word))
    keys: dict[str, list[int]] = {rules: [] for rules in RULES}
    for rank, word in enumerate(order):
        for rules in RULES:
            if word in accepted[rules]:
                keys[rules].append(rank)
        keys.setdefault(f"#{len(word)}", []).append(rank)
        for letter, count in Counter(word).items():
            for at_least in range(1, count + 1):
                keys.setdefault(f"{letter}{at_least}", []).append(rank)
    lexicon = Index.pack([shown[word] for word in order], keys)
    lines = []
    for word in sorted({word for rules in RULES for word in refused[rules]}):
        codes = ["" if word in accepted[rules] else refused[rules].get(word, "") for rules in RULES]
        if any(codes):
            lines.append("\t".join([word, *codes]) + "\n")
    return {
        "lexicon": lexicon,
        "refused": "".join(lines).encode("utf-8"),
        "accents": _accents(accepted["dcdl"], display_key),
    }


def _accents(
    accepted: dict[str, set[str]], display_key: Callable[[str], tuple[float, bool, str]]
) -> bytes:
    """The words the club rules' list spells with different E's (``pêche``, ``péché``):
    the normalised word, then one spelling for each way of writing its E's, best first
    (the first is the spelling shown). The club rule on accents reads it
    (:mod:`solver.accents`); a word with one way of writing its E's is not listed.
    """
    lines = []
    for word in sorted(accepted):
        by_e: dict[str, str] = {}
        for display in sorted(accepted[word], key=display_key):
            by_e.setdefault(club_spelling(display), display)
        if len(by_e) > 1:
            lines.append("\t".join([word, *by_e.values()]) + "\n")
    return "".join(lines).encode("utf-8")


def build_from_dictionary(base: Path = HUNSPELL_FR) -> dict[str, bytes]:
    """:func:`build` on the installed dictionary, the shipped additions, wordfreq."""
    return build(
        with_rulebook_participles(expand_dictionary(base)), read_additions(), frequencies()
    )


def write(files: dict[str, bytes], out: Path) -> None:
    """Write each file as reproducible gzip (no name, zero timestamp)."""
    for name, text in files.items():
        with (
            (out / f"{name}.gz").open("wb") as raw,
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz,
        ):
            gz.write(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compile the games' word lists.")
    parser.add_argument("--dictionary", type=Path, default=HUNSPELL_FR)
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args(argv)
    files = build_from_dictionary(args.dictionary)
    write(files, args.out)
    for name, data in files.items():
        print(f"{name}.gz : {len(data):,} octets avant compression")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
