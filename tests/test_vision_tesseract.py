"""Tesseract, the second opinion: started early, it never outlives a reading nor holds it up."""

import os
from pathlib import Path

import pytest

from vision import reading
from vision.camera import load_photo
from vision.glyphs import LETTERS, UNSEEN_FONTS, render_text
from vision.rack import read_letters
from vision.reading import Tesseract, tesseract_available
from vision.samples import SAMPLES

needs_tesseract = pytest.mark.skipif(
    not tesseract_available(), reason="make installs tesseract-ocr"
)


def _tesseract_children() -> list[int]:
    """The Tesseract processes this one started that still exist (zombies included)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)
        except OSError:
            continue  # ended while we looked
        name, rest = fields[0].split("(", 1)[1], fields[1].split()
        if name == "tesseract" and int(rest[1]) == os.getpid():
            children.append(int(stat.parent.name))
    return children


@needs_tesseract
def test_a_tesseract_never_given_its_strip_is_ended_with_its_block() -> None:
    with Tesseract(LETTERS):
        assert _tesseract_children()  # started at once, loading its model
    assert _tesseract_children() == []


@needs_tesseract
def test_a_tesseract_reads_one_strip_and_only_one() -> None:
    glyphs = [[render_text(letter, UNSEEN_FONTS[0], 40)] for letter in "ZEBRA"]
    with Tesseract(LETTERS) as engine:
        assert engine.words(glyphs) == ["ZEBRA"]
        assert engine.words(glyphs) is None
    assert _tesseract_children() == []


@needs_tesseract
def test_a_tesseract_too_slow_is_not_heard_and_the_reading_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    photo = load_photo(SAMPLES / "letters" / "02-CHOUX.jpg")
    monkeypatch.setattr(reading, "tesseract_available", lambda: False)
    without = read_letters(photo)
    monkeypatch.undo()
    monkeypatch.setattr(reading, "TESSERACT_TIMEOUT", 1e-6)
    with Tesseract(LETTERS) as engine:
        assert engine.words([[render_text("A", UNSEEN_FONTS[0], 40)]]) is None
    assert read_letters(photo) == without
    assert _tesseract_children() == []
