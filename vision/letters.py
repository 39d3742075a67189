"""Read the letter tiles on a holder from a photo.

The learned tile finder (:mod:`vision.tile_finder`) gives the holder's row of letters;
each letter is read by the letters' network (:mod:`vision.learned`), and the finder
route's calibrated threshold alone decides "?". A player's own tiles (``arbitre
calibrate --kind letters``, :mod:`vision.own`) confirm the letters the network doubts,
never another letter than its likeliest. On the printed mat (:mod:`vision.mat`) only its
band is looked at.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

import numpy as np

from vision.camera import Image
from vision.counter import counter_dent
from vision.learned import LetterNet, letter_net
from vision.letter_render import LETTERS, NOTHING
from vision.mat import BAND, read_on_mat
from vision.own import (
    OwnExamples,
    confirmed,
    contradiction,
    load_rows,
    misread_as,
    own_examples,
    own_stamped,
)
from vision.reading import NothingFound, Reading
from vision.tile_finder import (
    TUNING,
    SeenRow,
    TileFinder,
    Tuning,
    seen_row,
    tile_finder,
    unseen_between,
)

#: The player's tiles in the calibration (:func:`vision.own.own_file`).
OWN_LETTERS = "letters"

#: The player's tiles the network surely read as another letter in the calibration
#: (:func:`vision.calibrate.paired_against`): they may make its sure readings "?".
OWN_AGAINST = "letters-against"

#: A holder takes this many tiles.
MAX_TILES = 10

#: What a reading says when the table's pattern looks like letters to the finder
#: (:attr:`vision.tile_finder.Tuning.marks_off`): a letter may be invented or lost there;
#: the printed mat (``arbitre tapis``) keeps the table out of the reading.
MARKS_OFF_HOLDER = "table à motifs : vérifiez les lettres lues"

#: The network's classes as the player's examples label them (``None``: no letter).
CLASSES: tuple[str | None, ...] = (*LETTERS, None)

#: The O's class: the one letter whose counter is looked at (:mod:`vision.counter`).
LETTER_O = LETTERS.index("O")
#: ... and the letter a dented one may be.
LETTER_Q = LETTERS.index("Q")


def read_letters(
    image: Image,
    data_dir: Path | None = None,
    *,
    finder: TileFinder | None = None,
    net: LetterNet | None = None,
) -> Reading:
    """The letters on the holder, left to right, each read surely or "?", with a
    confidence each. ``data_dir`` holds the player's calibration, if any (default:
    :func:`vision.datadir.data_dir`). Raises :class:`NothingFound` when the photo shows
    no letter the network can read. ``finder``, ``net``: other networks than the
    committed ones (a bench compares two trainings on the same photos)."""
    finder, net = finder or tile_finder(), net or letter_net()
    return read_on_mat(image, BAND, lambda part: _read(part, data_dir, finder, net))


def row_in(image: Image, finder: TileFinder | None = None, net: LetterNet | None = None) -> SeenRow:
    """The holder's row on ``image`` (on the mat's band when the photo shows the mat)."""
    finder, net = finder or tile_finder(), net or letter_net()
    return read_on_mat(image, BAND, lambda part: seen_row(part, finder, net))


def sure_letters(
    row: SeenRow,
    threshold: float,
    data_dir: Path | None = None,
    net: LetterNet | None = None,
    tuning: Tuning = TUNING,
) -> tuple[list[int], list[float]]:
    """Each letter's class (an index of :data:`CLASSES`) and confidence, brought to 0
    ("?") where the network is sure of an O whose counter is dented (:mod:`vision.counter`:
    a Q whose tail it does not see), lifted to ``threshold`` where the network doubts its
    likeliest letter and the player's own tiles read that letter too
    (:func:`vision.own.confirmed`), and brought to 0 where it is sure of a letter the
    player's tiles say may be one it took for that letter in the calibration
    (:func:`vision.own.contradiction`), unless that is an O with a clean counter where
    the player's Q tiles' counters are all dented (:func:`player_counters`). Where the
    network took the player's Q for an O, or nearly, and their Qs' counters tell them,
    a dented O whose dent is nearer their Qs' (geometric mean) is read Q."""
    best = [int(o.argmax()) for o in row.odds]
    conf = [float(o[b]) for o, b in zip(row.odds, best, strict=True)]
    net = net or letter_net()
    windows = row.windows(net)
    # An O whose counter is dented is "?", however sure the network, never lifted.
    dents = {i: counter_dent(windows[i]) for i, b in enumerate(best) if b == LETTER_O}
    dented = {i for i, dent in dents.items() if dent is not None and dent > tuning.dent}
    for i in dented:
        conf[i] = 0.0
    own = own_examples(data_dir, OWN_LETTERS, net.features, net.two_likeliest)
    against = own_examples(data_dir, OWN_AGAINST, net.features, net.two_likeliest)
    mine = [e for e in (own, against) if e is not None]
    if not mine:
        return best, conf
    doubted = [
        i
        for i, (b, c) in enumerate(zip(best, conf, strict=True))
        if b != NOTHING and c < threshold and i not in dented
    ]
    if own is not None and doubted:
        read = [CLASSES[best[i]] for i in doubted]
        features = net.features(windows[doubted])
        lifted = confirmed(own, row.odds[doubted], features, CLASSES, read)
        for i in (i for i, yes in zip(doubted, lifted, strict=True) if yes):
            conf[i] = max(conf[i], threshold)
    # A sure reading the player's tiles say may be another letter: "?". Only a letter
    # the network took one of theirs for can be.
    confusable = misread_as(mine)
    sure = [
        i
        for i, b in enumerate(best)
        if b != NOTHING and conf[i] >= threshold and LETTERS[b] in confusable
    ]
    counters = player_counters(data_dir, tuning)
    if sure:
        for i, feature in zip(sure, net.features(windows[sure]), strict=True):
            doubt = contradiction(mine, feature, LETTERS[best[i]])
            # An O with a clean counter is no Q of a player whose Qs' counters are dented.
            clean = best[i] == LETTER_O and dents.get(i) is not None
            if doubt is not None and not (doubt == "Q" and clean and counters is not None):
                conf[i] = 0.0
    # Where the network took the player's Q for an O, or nearly, and their Qs' counters
    # are dented, their Os' not: an O dented nearer their Qs' than their Os' is a Q (their
    # Os' deepest dent taken as at least a thousandth: a geometric mean needs no zero).
    if counters is not None and _q_taken_for_o(mine):
        midway = float(np.sqrt(max(counters[0], 1e-3) * counters[1]))
        for i in dented:
            dent = dents[i]
            if dent is not None and dent >= midway:
                best[i], conf[i] = LETTER_Q, threshold
    return best, conf


def player_counters(data_dir: Path | None, tuning: Tuning = TUNING) -> tuple[float, float] | None:
    """Where the player's tiles tell their Qs from their Os by the counter
    (:mod:`vision.counter`: each of their Q windows in the calibration, learned or
    learned apart, dented more than :attr:`Tuning.dent`, none of their O windows), the
    deepest dent of their Os' counters and the shallowest of their Qs'; else ``None``
    (no calibration of both, a Q whose tail stays out of the bowl, an O tile typed Q)."""
    dents: dict[str, list[float | None]] = {"O": [], "Q": []}
    for kind in (OWN_LETTERS, OWN_AGAINST):
        stamped = own_stamped(data_dir, kind)
        for letter, dent in _counter_dents(*stamped) if stamped else ():
            dents[letter].append(dent)
    qs = [d for d in dents["Q"] if d is not None]
    if not dents["O"] or not qs or len(qs) < len(dents["Q"]):
        return None
    o_most, q_least = max(d or 0.0 for d in dents["O"]), min(qs)
    return (o_most, q_least) if o_most <= tuning.dent < q_least else None


def _q_taken_for_o(examples: Sequence[OwnExamples]) -> bool:
    """Whether the network read one of the player's Q windows as O, or O second."""
    return any(
        bool(np.any((e.labels == "Q") & ((e.read == "O") | (e.second == "O"))))
        for e in examples
        if e.read is not None and e.second is not None
    )


@cache
def _counter_dents(file: Path, stamp: int) -> tuple[tuple[str, float | None], ...]:
    """The counter's dent of each O and Q window of ``file`` as it was at ``stamp``."""
    rows = load_rows(file)
    if rows is None:
        return ()
    labels, windows = rows
    return tuple(
        (label, counter_dent(np.asarray(w, np.uint8)))
        for label, w in zip(labels, windows, strict=True)
        if label in ("O", "Q")
    )


def tiles(best: Sequence[int], conf: Sequence[float], threshold: float) -> list[int]:
    """Which of a row's peaks (each read as class ``best`` this surely) are tiles: all
    but those the network surely reads as no letter."""
    return [
        i for i, (b, c) in enumerate(zip(best, conf, strict=True)) if b != NOTHING or c < threshold
    ]


def _read(image: Image, data_dir: Path | None, finder: TileFinder, net: LetterNet) -> Reading:
    row = seen_row(image, finder, net)
    best, conf = sure_letters(row, finder.threshold, data_dir, net)
    kept = tiles(best, conf, finder.threshold)
    sure = [best[i] != NOTHING and conf[i] >= finder.threshold for i in kept]
    if not any(sure):
        raise NothingFound("aucune lettre lisible sur la photo")
    values: list[str] = []
    confidence: list[float] = []
    between = unseen_between([row.centres[i] for i in kept], row.angle)
    for k, (i, s) in enumerate(zip(kept, sure, strict=True)):
        values.append(LETTERS[best[i]] if s else "?")
        confidence.append(round(conf[i], 3))
        unseen = between[k] if k < len(between) else 0
        values += ["?"] * unseen
        confidence += [0.0] * unseen
    warnings = []
    if sum(between):
        warnings.append(
            "tuile sans lettre lisible entre deux lettres : touchez « ? » pour la corriger"
        )
    if row.off_holder >= TUNING.marks_off:
        warnings.append(MARKS_OFF_HOLDER)
    if len(values) > MAX_TILES:
        warnings.append(f"{len(values)} lettres vues : une réglette n'en tient que {MAX_TILES}")
    uncertain = tuple(i for i, v in enumerate(values) if v == "?")
    return Reading("letters", tuple(values), tuple(confidence), uncertain, tuple(warnings))
