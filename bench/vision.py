"""How well and how fast does arbitre read racks it was never trained on?

Synthetic rack photos (``vision.synthetic``, seeded: every run sees the same photos) in the
fonts no reader ever learns from, on every kind of table in turn. Prints, before
and after a calibration, the share of tiles read right, of "?" and of silent misreads (a
wrong letter not marked "?"), whole racks read right, and milliseconds per photo; then
the same figures for photos of the six plates (before and after a calibration with
two photos of plates, 1 to 6 and 7 8 9 10 25 50, in each font) and of the dice (before
and after a calibration with photos of known faces in each font: two photos, BCDA and
FGHE, then seven showing every face). The dice's three consonants are scored as the game
uses them, as a set (a word must hold them all, in any order); the plates and the vowel
die in their places. A dice photo read as three dice (the vowel die not seen) keeps its
consonants, its vowel counted "?" (not given, as a "?" is not). The dice are also read
on photos of the game without the vowel die (three d20, other draws): there the absence
of the vowel die is a value, right when three dice are read, "?" when a fourth is lost,
a silent misread when a vowel is read where there is no die; read twice, told the rules
in play (as the referee is: ``vowel_die=False``) and not told. A photo where nothing is
found, or fewer values than that, counts its values "?" (the players type them).

"After calibration" plays a user with one tile set: for each unseen font, a tile style
(font and colours) is fixed, three photos of the racks ABCDEFGHIJ, KLMNOPQRST and UVWXYZ
in that style are given to the calibration, then other photos of that style are read.

    .venv/bin/python bench/vision.py [--racks 20] [--seed 7]
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path (and would shadow the
# project's `vision` package): put the project root there instead, before any import.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Sequence  # noqa: E402

import numpy as np  # noqa: E402

from solver.plates import draw_numbers  # noqa: E402
from vision.calibrate import (  # noqa: E402
    CalibrationError,
    learn_dice,
    learn_letters,
    learn_numbers,
)
from vision.camera import Image  # noqa: E402
from vision.dice import read_dice  # noqa: E402
from vision.glyphs import UNSEEN_FONTS  # noqa: E402
from vision.letters import read_letters  # noqa: E402
from vision.plates import read_numbers  # noqa: E402
from vision.reading import NothingFound  # noqa: E402
from vision.synthetic import (  # noqa: E402
    CONSONANT_FACES,
    TABLES,
    VOWEL_FACES,
    Score,
    TileStyle,
    dice_photo,
    plates_photo,
    rack_set,
    random_style,
    score,
)

CALIBRATION_RACKS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ")


def _read_all(
    photos: Sequence[Image], folder: Path
) -> tuple[list[tuple[str | int, ...] | None], list[float]]:
    values: list[tuple[str | int, ...] | None] = []
    times = []
    for photo in photos:
        start = time.perf_counter()
        try:
            values.append(read_letters(photo, data_dir=folder).values)
        except NothingFound:
            values.append(None)
        times.append((time.perf_counter() - start) * 1000)
    return values, times


def _line(name: str, result: Score, times: list[float]) -> str:
    return (
        f"| {name} | {result.tiles} | {result.right / result.tiles:.2%} | "
        f"{result.unsure / result.tiles:.2%} | "
        f"{result.silent} ({result.silent / result.tiles:.2%}) | {result.missed} "
        f"| {result.racks_right}/{result.racks} | {statistics.median(times):.0f} | "
        f"{np.percentile(times, 95):.0f} |"
    )


def _user_folder(root: Path, name: str) -> Path:
    """A fresh data directory."""
    folder = root / name
    folder.mkdir(parents=True)
    return folder


def _total(scores: Sequence[Score]) -> Score:
    return Score(*(sum(getattr(s, f) for s in scores) for f in Score.__dataclass_fields__))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=20, help="photos read per unseen font")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--only",
        choices=("letters", "numbers", "dice"),
        action="append",
        help="measure only this kind (repeatable; all three by default)",
    )
    args = parser.parse_args(argv)
    kinds = tuple(args.only or ("letters", "numbers", "dice"))
    # The users' folders (their calibrations) go when the run ends.
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-") as folder:
        root = Path(folder)
        if "letters" in kinds:
            _letters(args.racks, args.seed, root)
        if "numbers" in kinds or "dice" in kinds:
            _numbers_and_dice(
                args.racks * len(UNSEEN_FONTS),
                args.seed,
                root,
                [k for k in kinds if k != "letters"],
            )


def _letters(racks: int, seed: int, root: Path) -> None:
    """Letter racks per unseen font, before and after a calibration."""
    rng = np.random.default_rng(seed)
    before: list[Score] = []
    after: list[Score] = []
    times_before: list[float] = []
    times_after: list[float] = []
    print(
        "| fonte | tuiles | justes | « ? » | erreurs muettes | manquées | réglettes justes "
        "| ms médian | ms p95 |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for i, font in enumerate(UNSEEN_FONTS):
        style: TileStyle = random_style(rng, (font,))
        user = _user_folder(root, f"user{i}")
        probe = _user_folder(root, f"probe{i}")
        photos = rack_set(racks, (font,), seed=seed * 100 + i, style=style)
        truths = [p[1] for p in photos]
        values, times = _read_all([p[0] for p in photos], user)
        before.append(score(values, truths))
        times_before += times
        print(_line(f"{font} sans étalonnage", before[-1], times))
        shots = rack_set(3, (font,), seed=seed * 100 + 50 + i, style=style, words=CALIBRATION_RACKS)
        usable = []
        for name, (photo, letters, _, _) in zip(CALIBRATION_RACKS, shots, strict=True):
            try:  # each photo alone first: a photo whose letters are not all found is skipped
                learn_letters([(name, photo, letters)], probe, reset=True)
                usable.append((name, photo, letters))
            except CalibrationError as error:
                print(f"  (étalonnage : photo écartée, {error})")
        if usable:
            learn_letters(usable, user, reset=True)
        values, times = _read_all([p[0] for p in photos], user)
        after.append(score(values, truths))
        times_after += times
        print(_line(f"{font} après étalonnage ({len(usable)} photos)", after[-1], times))
    print(_line("**toutes, sans étalonnage**", _total(before), times_before))
    print(_line("**toutes, après étalonnage**", _total(after), times_after))
    print()


def _values_line(
    kind: str,
    name: str,
    readings: list[Sequence[object] | None],
    truths: list[Sequence[object]],
    times: list[float],
) -> str:
    values = sum(len(t) for t in truths)
    right = silent = unsure = whole = 0
    for read, truth in zip(readings, truths, strict=True):
        if read is None:  # nothing found: the players type every value, as for a "?"
            unsure += len(truth)
            continue
        got = list(read)
        if kind == "dice" and len(got) == len(truth) - 1:
            # The vowel die not seen: its face not given, as a "?"; right if none was rolled.
            got.append(NO_VOWEL_DIE if truth[-1] == NO_VOWEL_DIE else "?")
        if len(got) != len(truth):  # never seen: said, and counted as "?" (to be typed)
            print(f"  ({name} : {len(got)} valeurs lues pour {len(truth)}, comptées « ? »)")
            unsure += len(truth)
            continue
        judged = _judged_as_played(kind, got, truth)
        whole += judged[0] == len(truth)
        right, unsure, silent = right + judged[0], unsure + judged[1], silent + judged[2]
    return (
        f"| {name} | {values} | {right / values:.2%} | {unsure / values:.2%} | "
        f"{silent} ({silent / values:.2%}) | {whole}/{len(truths)} | "
        f"{statistics.median(times):.0f} | {np.percentile(times, 95):.0f} |"
    )


def _judged_as_played(
    kind: str, got: Sequence[object], truth: Sequence[object]
) -> tuple[int, int, int]:
    """How many of ``got``'s values are right, "?" and wrong, as the game uses them.

    The plates and the vowel die count in their places. The three consonants count as a
    set: a word must hold them all, in any order (the dice game's rules), and two dice
    one above the other have no left and right (the photo's truth orders them by a few
    pixels)."""
    consonants = 3 if kind == "dice" else 0
    places = list(zip(got[consonants:], truth[consonants:], strict=True))
    right = sum(g == t for g, t in places) + sum(
        (Counter(got[:consonants]) & Counter(truth[:consonants])).values()
    )
    unsure = sum(g == "?" for g in got)
    return right, unsure, len(truth) - right - unsure


#: The truth of the vowel die's place on a photo of the game without it.
NO_VOWEL_DIE = "-"

#: Where the draws of the game without the vowel die start (other photos than the
#: four dice's, which use ``seed * 1000 + i`` for i under 500).
THREE_DICE = 500


def _draw(
    kind: str, i: int, seed: int, *, vowel_die: bool = True
) -> tuple[Image, list[object], str]:
    """Photo ``i`` of plates or dice, its truth and its font (fonts and tables in turn);
    without ``vowel_die``, three d20 only, the vowel die's place :data:`NO_VOWEL_DIE`."""
    rng = np.random.default_rng(seed * 1000 + i + (0 if vowel_die else THREE_DICE))
    font, table_kind = UNSEEN_FONTS[i % len(UNSEEN_FONTS)], TABLES[i % len(TABLES)]
    if kind == "numbers":
        plates = draw_numbers(random.Random(seed * 1000 + i)).plates
        return plates_photo(plates, rng, font, table_kind), list(plates), font
    consonants = "".join(rng.choice(list(CONSONANT_FACES), 3))
    if not vowel_die:
        return dice_photo(consonants, rng, font, table_kind), [*consonants, NO_VOWEL_DIE], font
    faces = consonants + str(rng.choice(list(VOWEL_FACES)))
    return dice_photo(faces, rng, font, table_kind), list(faces), font


def _read_values(
    kind: str, photos: Sequence[Image], folders: Sequence[Path], vowel_die: bool | None = None
) -> tuple[list[Sequence[object] | None], list[float]]:
    readings: list[Sequence[object] | None] = []
    times: list[float] = []
    for photo, folder in zip(photos, folders, strict=True):
        start = time.perf_counter()
        try:
            if kind == "numbers":
                readings.append(read_numbers(photo, data_dir=folder).values)
            else:
                readings.append(read_dice(photo, data_dir=folder, vowel_die=vowel_die).values)
        except NothingFound:
            readings.append(None)
        times.append((time.perf_counter() - start) * 1000)
    return readings, times


#: What a user shows ``arbitre calibrate --kind numbers``: every digit of the plates.
CALIBRATION_PLATES = ((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 25, 50))


def _plates_users(root: Path, seed: int) -> dict[str, Path]:
    """For each unseen font, a data directory calibrated with two photos of its plates."""
    folders = {}
    for f, font in enumerate(UNSEEN_FONTS):
        folder = folders[font] = _user_folder(root, f"plates{f}")
        shots = []
        for k, plates in enumerate(CALIBRATION_PLATES):
            rng = np.random.default_rng(seed * 1000 + 900 + 10 * f + k)
            photo = plates_photo(plates, rng, font, TABLES[(f + k) % len(TABLES)])
            shots.append((f"plaques{k}", photo, ",".join(map(str, plates))))
        try:
            learn_numbers(shots, folder)
        except CalibrationError as error:
            print(f"  (étalonnage des plaques en {font} impossible : {error})")
    return folders


#: What a user shows ``arbitre calibrate --kind dice``: every face of the dice, turned up
#: by hand, four dice a photo (the three consonant dice, then the vowel die).
CALIBRATION_DICE = ("BCDA", "FGHE", "JKLI", "MNPO", "QRSU", "TVW*", "XZBA")

#: Photos of a calibration a user takes again when one is refused (dice not all found).
RETAKES = 3


def _dice_users(root: Path, seed: int, shown: Sequence[str]) -> dict[str, Path]:
    """For each unseen font, a data directory calibrated with photos of its dice showing
    the faces ``shown``; a photo the calibration refuses is taken again (another throw of
    the same faces), as a user would."""
    folders = {}
    for f, font in enumerate(UNSEEN_FONTS):
        folder = folders[font] = _user_folder(root, f"dice{len(shown)}-{f}")
        probe = _user_folder(root, f"dice{len(shown)}-probe{f}")
        shots = []
        for k, faces in enumerate(shown):
            for take in range(RETAKES):
                rng = np.random.default_rng((seed, 2, f, k, take))
                photo = dice_photo(faces, rng, font, TABLES[(f + k + take) % len(TABLES)])
                try:  # each photo alone first: a refused one is taken again
                    learn_dice([(faces, photo, faces)], probe, reset=True)
                except CalibrationError as error:
                    print(f"  (étalonnage des dés en {font} : photo reprise, {error})")
                    continue
                shots.append((faces, photo, faces))
                break
        if shots:
            learn_dice(shots, folder, reset=True)
    return folders


def _numbers_and_dice(count: int, seed: int, root: Path, kinds: Sequence[str]) -> None:
    """Plates and dice in the unseen fonts, every table in turn; then again after a
    calibration of a user's own set in each font: the plates with two photos, the dice
    with two photos (some faces only) and with seven (every face)."""
    folder = root / "shared"
    print(
        "| photos | valeurs | justes | « ? » | erreurs muettes | photos justes "
        "| ms médian | ms p95 |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for kind in kinds:
        drawn = [_draw(kind, i, seed) for i in range(count)]
        photos = [photo for photo, _, _ in drawn]
        truths: list[Sequence[object]] = [truth for _, truth, _ in drawn]
        readings, times = _read_values(kind, photos, [folder] * count)
        name = "plaques" if kind == "numbers" else "dés"
        print(_values_line(kind, name, readings, truths, times))
        if kind == "numbers":
            users = _plates_users(root, seed)
            folders = [users[font] for _, _, font in drawn]
            readings, times = _read_values(kind, photos, folders)
            print(
                _values_line(kind, "plaques après étalonnage (2 photos)", readings, truths, times)
            )
        if kind == "dice":
            three = [_draw(kind, i, seed, vowel_die=False) for i in range(count)]
            truths_3: list[Sequence[object]] = [truth for _, truth, _ in three]
            for told, rules in ((False, "règle dite"), (None, "règle non dite")):
                readings, times = _read_values(
                    kind, [p for p, _, _ in three], [folder] * count, vowel_die=told
                )
                name = f"dés, jeu sans dé des voyelles ({rules})"
                print(_values_line(kind, name, readings, truths_3, times))
            for shown in (CALIBRATION_DICE[:2], CALIBRATION_DICE):
                users = _dice_users(root, seed, shown)
                folders = [users[font] for _, _, font in drawn]
                readings, times = _read_values(kind, photos, folders)
                name = f"dés après étalonnage ({len(shown)} photos)"
                print(_values_line(kind, name, readings, truths, times))


if __name__ == "__main__":
    main()
