"""A Hunspell affix expander: every form a ``.aff``/``.dic`` pair accepts, with its tags.

Dicollecte's French dictionary (Debian's ``hunspell-fr-comprehensive``) keeps the grammar
of each stem in the ``.dic`` (``po:nom is:fem``, ``po:v1_it_x__a``) and of each ending in
the ``.aff`` (``po:ppas is:fem is:pl``, ``po:ipre po:3sg``). The game rules need both: the
longest-word game takes a past participle but refuses a conjugated form. So instead of
asking Hunspell "is this a word?", we unfold the dictionary once, keeping the tags of each
reading, and the rules choose among readings.

What this expander does, and only that (it is what ``fr.aff`` uses; anything else raises):
two-character flags (``FLAG long``), prefixes and suffixes with strip, add and condition,
their cross product, a prefix whose continuation class names suffixes (the unit prefixes:
``kilo`` + ``mètre`` + ``s``), ``NEEDAFFIX`` on a stem or an affix, ``KEEPCASE`` kept as a
mark (symbols and abbreviations). Elision prefixes (``l'``, ``d'``, ``qu'``...) are never
applied: once apostrophes are dropped they would make words like ``LAMI``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

#: Where Debian and Raspberry Pi OS install Dicollecte's dictionary.
HUNSPELL_FR = Path("/usr/share/hunspell/fr")

_APOSTROPHES = ("'", "’")


@dataclass(frozen=True, slots=True)
class AffixRule:
    """One line of a ``PFX``/``SFX`` group: remove ``strip``, add ``add`` where ``condition``."""

    is_prefix: bool
    flag: str
    strip: str
    add: str
    continuation: frozenset[str]
    condition: re.Pattern[str]
    morph: str
    cross_product: bool

    @property
    def is_elision(self) -> bool:
        """``l'``, ``d'``, ``jusqu'``...: an article or a word glued on, not a form."""
        return any(mark in self.add for mark in _APOSTROPHES)

    def apply(self, word: str) -> str | None:
        """The affixed word, or ``None`` when the rule does not apply to ``word``."""
        if self.is_prefix:
            if not word.startswith(self.strip) or not self.condition.search(word):
                return None
            return self.add + word[len(self.strip) :]
        if not word.endswith(self.strip) or not self.condition.search(word):
            return None
        return word[: len(word) - len(self.strip)] + self.add


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the ``.dic``: a stem, its flags and its tags."""

    word: str
    flags: frozenset[str]
    morph: str


@dataclass(frozen=True, slots=True, order=True)
class Form:
    """A word the dictionary accepts, with the tags of this reading of it."""

    text: str
    morph: str
    #: The ``.dic`` entry it comes from (a verb's infinitive, a noun's singular...).
    stem: str
    #: The stem is marked ``KEEPCASE``: a symbol or an abbreviation (``km``, ``Hz``, ``atm``).
    keepcase: bool


@dataclass(frozen=True, slots=True)
class AffixFile:
    """What the expander needs from a ``.aff`` file."""

    prefixes: dict[str, tuple[AffixRule, ...]]
    suffixes: dict[str, tuple[AffixRule, ...]]
    needaffix: str | None
    keepcase: str | None
    forbidden: str | None


def split_flags(text: str) -> frozenset[str]:
    """``FLAG long``: every flag is two characters.

    >>> sorted(split_flags("S.()"))
    ['()', 'S.']
    """
    if len(text) % 2:
        raise ValueError(f"odd number of characters in long flags {text!r}")
    return frozenset(text[i : i + 2] for i in range(0, len(text), 2))


def _condition(text: str, is_prefix: bool) -> re.Pattern[str]:
    """Hunspell's condition (characters, ``.``, ``[...]``, ``[^...]``) as a regex."""
    if text == ".":
        return re.compile("")
    parts = []
    for piece in re.findall(r"\[[^\]]*\]|.", text):
        if piece.startswith("[") or piece == ".":
            parts.append(piece)
        else:
            parts.append(re.escape(piece))
    body = "".join(parts)
    return re.compile(f"^{body}" if is_prefix else f"{body}$")


def read_aff(path: Path) -> AffixFile:
    """Parse the parts of a UTF-8 ``.aff`` file that define forms."""
    prefixes: dict[str, list[AffixRule]] = {}
    suffixes: dict[str, list[AffixRule]] = {}
    cross: dict[tuple[str, str], bool] = {}
    options: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        keyword = fields[0]
        if keyword in ("PFX", "SFX") and len(fields) == 4 and fields[2] in ("Y", "N"):
            cross[keyword, fields[1]] = fields[2] == "Y"
        elif keyword in ("PFX", "SFX"):
            is_prefix = keyword == "PFX"
            flag, strip, add, condition = fields[1:5]
            add, _, continuation = add.partition("/")
            rule = AffixRule(
                is_prefix=is_prefix,
                flag=flag,
                strip="" if strip == "0" else strip,
                add="" if add == "0" else add,
                continuation=split_flags(continuation),
                condition=_condition(condition, is_prefix),
                morph=" ".join(fields[5:]),
                cross_product=cross[keyword, flag],
            )
            (prefixes if is_prefix else suffixes).setdefault(flag, []).append(rule)
        elif len(fields) == 2:
            options[keyword] = fields[1]
    if options.get("FLAG") != "long":
        raise ValueError("only FLAG long dictionaries are supported")
    if "COMPLEXPREFIXES" in options or "COMPOUNDFLAG" in options:
        raise ValueError("complex prefixes and compounding are not supported")
    for rules in suffixes.values():
        for rule in rules:
            if rule.continuation & suffixes.keys():
                raise ValueError(f"twofold suffixes are not supported ({rule.flag})")
    circumfix = options.get("CIRCUMFIX")
    for rules in (*prefixes.values(), *suffixes.values()):
        if any(circumfix in rule.continuation for rule in rules):
            raise ValueError("circumfixes are not supported")
    return AffixFile(
        prefixes={flag: tuple(rules) for flag, rules in prefixes.items()},
        suffixes={flag: tuple(rules) for flag, rules in suffixes.items()},
        needaffix=options.get("NEEDAFFIX"),
        keepcase=options.get("KEEPCASE"),
        forbidden=options.get("FORBIDDENWORD"),
    )


def read_dic(path: Path) -> Iterator[Entry]:
    """The entries of a UTF-8 ``.dic`` file (its first line is the entry count)."""
    with path.open(encoding="utf-8") as lines:
        next(lines)
        for line in lines:
            if not line.strip():
                continue
            head, *morph = line.split()
            word, _, flags = head.partition("/")
            yield Entry(word, split_flags(flags), " ".join(morph))


def _join(*morphs: str) -> str:
    return " ".join(m for m in morphs if m)


def _prefix_and_suffix(prefix: AffixRule, suffix: AffixRule, word: str) -> str | None:
    """Both affixes on ``word``, each condition checked on the stem itself."""
    suffixed = suffix.apply(word)
    if suffixed is None or prefix.apply(word) is None:
        return None
    return prefix.apply(suffixed)


def expand(entry: Entry, aff: AffixFile) -> Iterator[Form]:
    """Every form of one stem, each with the stem's tags followed by its affixes' tags.

    A stem marked ``NEEDAFFIX`` is not a word by itself; an affix whose continuation class
    holds ``NEEDAFFIX`` needs a second affix. Two affixes combine when both allow the
    cross product, or when the prefix's continuation class names the suffix. A form may
    come out twice with the same tags.
    """
    flags = entry.flags
    if aff.forbidden in flags:
        return
    keepcase = aff.keepcase in flags
    word = entry.word

    def form(text: str | None, *rules: AffixRule) -> Iterator[Form]:
        if text is not None:
            yield Form(text, _join(entry.morph, *(rule.morph for rule in rules)), word, keepcase)

    if aff.needaffix not in flags:
        yield from form(word)
    prefixes = [
        rule
        for flag in sorted(flags & aff.prefixes.keys())
        for rule in aff.prefixes[flag]
        if not rule.is_elision
    ]
    suffixes = [rule for flag in sorted(flags & aff.suffixes.keys()) for rule in aff.suffixes[flag]]
    for affix in (*suffixes, *prefixes):
        if aff.needaffix not in affix.continuation:
            yield from form(affix.apply(word), affix)
    for prefix in prefixes:
        for suffix in suffixes:
            if prefix.cross_product and suffix.cross_product:
                yield from form(_prefix_and_suffix(prefix, suffix, word), prefix, suffix)
        for flag in sorted(prefix.continuation & aff.suffixes.keys()):
            for suffix in aff.suffixes[flag]:
                yield from form(_prefix_and_suffix(prefix, suffix, word), prefix, suffix)


def expand_dictionary(base: Path = HUNSPELL_FR) -> Iterator[Form]:
    """Every form of the dictionary ``base.aff`` + ``base.dic`` (duplicates included)."""
    aff = read_aff(base.with_suffix(".aff"))
    for entry in read_dic(base.with_suffix(".dic")):
        yield from expand(entry, aff)
