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
from pathlib import Path

from vision.camera import Image
from vision.learned import LetterNet, letter_net
from vision.letter_render import LETTERS, NOTHING
from vision.mat import BAND, read_on_mat
from vision.own import confirmed, contradiction, misread_as, own_examples
from vision.reading import NothingFound, Reading
from vision.tile_finder import SeenRow, TileFinder, seen_row, tile_finder, unseen_between

#: The player's tiles in the calibration (:func:`vision.own.own_file`).
OWN_LETTERS = "letters"

#: The player's tiles the network surely read as another letter in the calibration
#: (:func:`vision.calibrate.paired_against`): they may make its sure readings "?".
OWN_AGAINST = "letters-against"

#: A holder takes this many tiles.
MAX_TILES = 10

#: The network's classes as the player's examples label them (``None``: no letter).
CLASSES: tuple[str | None, ...] = (*LETTERS, None)


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
    row: SeenRow, threshold: float, data_dir: Path | None = None, net: LetterNet | None = None
) -> tuple[list[int], list[float]]:
    """Each letter's class (an index of :data:`CLASSES`) and confidence, lifted to
    ``threshold`` where the network doubts its likeliest letter and the player's own
    tiles read that letter too (:func:`vision.own.confirmed`), and brought to 0 ("?")
    where it is sure of a letter the player's tiles say may be one it took for that
    letter in the calibration, or nearly (:func:`vision.own.contradiction`)."""
    best = [int(o.argmax()) for o in row.odds]
    conf = [float(o[b]) for o, b in zip(row.odds, best, strict=True)]
    net = net or letter_net()
    own = own_examples(data_dir, OWN_LETTERS, net.features, net.two_likeliest)
    against = own_examples(data_dir, OWN_AGAINST, net.features, net.two_likeliest)
    mine = [e for e in (own, against) if e is not None]
    if not mine:
        return best, conf
    windows = row.windows(net)
    doubted = [
        i for i, (b, c) in enumerate(zip(best, conf, strict=True)) if b != NOTHING and c < threshold
    ]
    if own is not None and doubted:
        read = [CLASSES[best[i]] for i in doubted]
        features = net.features(windows[doubted])
        lifted = confirmed(own, row.odds[doubted], features, CLASSES, read)
        for i in (i for i, yes in zip(doubted, lifted, strict=True) if yes):
            conf[i] = max(conf[i], threshold)
    # A sure reading the player's tiles say may be another letter: "?". Only a letter
    # the network took one of theirs for, or hesitated over as its second, can be.
    confusable = misread_as(mine)
    sure = [
        i
        for i, b in enumerate(best)
        if b != NOTHING and conf[i] >= threshold and LETTERS[b] in confusable
    ]
    if sure:
        for i, feature in zip(sure, net.features(windows[sure]), strict=True):
            if contradiction(mine, feature, LETTERS[best[i]]) is not None:
                conf[i] = 0.0
    return best, conf


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
    if len(values) > MAX_TILES:
        warnings.append(f"{len(values)} lettres vues : une réglette n'en tient que {MAX_TILES}")
    uncertain = tuple(i for i, v in enumerate(values) if v == "?")
    return Reading("letters", tuple(values), tuple(confidence), uncertain, tuple(warnings))
